package dev.orders.local.api;

import dev.orders.localaws.template.SamTemplate;
import dev.orders.routes.PathTemplate;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * API Gateway HTTP API payload format 2.0: the routes of the template matched as API Gateway matches
 * them, and a request turned into the event API Gateway would send the function.
 */
public final class HttpApiEvents {
    private static final String ACCOUNT_ID = "123456789012";
    private static final String API_ID = "local";
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT)
            .withZone(ZoneOffset.UTC);
    // Compiled once: String.split with a regex compiles it on every request.
    private static final Pattern COOKIE_SEPARATOR = Pattern.compile(";\\s*");
    private static final Pattern DOMAIN_PREFIX_END = Pattern.compile("[.:]");

    private HttpApiEvents() {
    }

    /** An HTTP request as received: header names in any case, each with all its values. */
    public record Request(String method, String rawPath, String rawQuery, Map<String, List<String>> headers,
                          byte[] body, String sourceIp, String protocol, String host) {
        /** The first value of the header {@code name}, whatever the case of its name. */
        public Optional<String> header(String name) {
            return headers.entrySet().stream().filter(header -> header.getKey().equalsIgnoreCase(name))
                    .flatMap(header -> header.getValue().stream()).findFirst();
        }
    }

    /** A template route with the path parameters a request gave it. */
    public record Match(String functionLogicalId, SamTemplate.HttpRoute route, Map<String, String> pathParameters) {
    }

    /** The template's routes, compiled. */
    public static final class Routes {
        private record Compiled(String function, SamTemplate.HttpRoute route, PathTemplate path) {
        }

        private final List<Compiled> routes = new ArrayList<>();

        public Routes(SamTemplate template) {
            for (SamTemplate.Function function : template.functions()) {
                for (SamTemplate.HttpRoute route : function.routes()) {
                    routes.add(new Compiled(function.logicalId(), route, PathTemplate.of(route.path())));
                }
            }
        }

        /** The route for a method and raw path; API Gateway answers 404 to anything else, even a known path. */
        public Optional<Match> match(String method, String rawPath) {
            for (Compiled compiled : routes) {
                if (compiled.route.method().equals(method)) {
                    Optional<Map<String, String>> parameters = compiled.path.match(rawPath);
                    if (parameters.isPresent()) {
                        return Optional.of(new Match(compiled.function, compiled.route, parameters.get()));
                    }
                }
            }
            return Optional.empty();
        }

        /** The route whose key is exactly {@code routeKey}, e.g. "POST /customers/{customerId}/orders". */
        public Optional<Match> byKey(String routeKey) {
            return routes.stream().filter(c -> c.route.key().equals(routeKey))
                    .map(c -> new Match(c.function, c.route, Map.of())).findFirst();
        }
    }

    /**
     * What API Gateway's JWT authorizer puts in the request context: the claims, and the token's scopes
     * only on a route that declares AuthorizationScopes (elsewhere AWS sends {@code "scopes": null}).
     */
    private static Map<String, Object> authorizer(RequestAuthorizer.Jwt jwt, SamTemplate.HttpRoute route) {
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("claims", jwt.claims());
        if (!route.authorizationScopes().isEmpty()) {
            context.put("scopes", jwt.scopes());
        }
        return Map.of("jwt", context);
    }

    /**
     * The event for {@code request} on {@code match}. {@code jwt}, when present, goes where API
     * Gateway's JWT authorizer puts it (requestContext.authorizer.jwt).
     */
    public static Map<String, Object> event(Request request, Match match, Instant now, Optional<RequestAuthorizer.Jwt> jwt) {
        Map<String, String> headers = headers(request);
        List<String> cookies = cookies(request);
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("version", "2.0");
        event.put("routeKey", match.route().key());
        event.put("rawPath", request.rawPath());
        event.put("rawQueryString", request.rawQuery() == null ? "" : request.rawQuery());
        if (!cookies.isEmpty()) {
            event.put("cookies", cookies);
        }
        event.put("headers", headers);
        Map<String, String> query = queryParameters(request.rawQuery());
        if (!query.isEmpty()) {
            event.put("queryStringParameters", query);
        }
        event.put("requestContext", requestContext(request, match, headers, now, jwt));
        if (!match.pathParameters().isEmpty()) {
            event.put("pathParameters", match.pathParameters());
        }
        if (request.body().length > 0) {
            boolean text = isText(headers.get("content-type"));
            event.put("body", text ? new String(request.body(), StandardCharsets.UTF_8)
                    : Base64.getEncoder().encodeToString(request.body()));
            event.put("isBase64Encoded", !text);
        } else {
            event.put("isBase64Encoded", false);
        }
        return event;
    }

    /** Header names lower-cased, repeated values joined with ","; cookies are not headers in the event. */
    private static Map<String, String> headers(Request request) {
        Map<String, String> headers = new LinkedHashMap<>();
        request.headers().forEach((name, values) -> {
            String lower = name.toLowerCase(Locale.ROOT);
            if (!lower.equals("cookie")) {
                headers.merge(lower, String.join(",", values), (a, b) -> a + "," + b);
            }
        });
        headers.putIfAbsent("host", request.host());
        headers.putIfAbsent("x-forwarded-for", request.sourceIp());
        headers.putIfAbsent("x-forwarded-proto", "http");
        return headers;
    }

    /** API Gateway moves cookies out of the headers into their own list. */
    private static List<String> cookies(Request request) {
        List<String> cookies = new ArrayList<>();
        request.headers().forEach((name, values) -> {
            if (name.equalsIgnoreCase("cookie")) {
                values.forEach(v -> COOKIE_SEPARATOR.splitAsStream(v).filter(c -> !c.isBlank()).forEach(cookies::add));
            }
        });
        return cookies;
    }

    private static Map<String, Object> requestContext(Request request, Match match, Map<String, String> headers, Instant now,
                                                      Optional<RequestAuthorizer.Jwt> jwt) {
        Map<String, Object> http = new LinkedHashMap<>();
        http.put("method", request.method());
        http.put("path", request.rawPath());
        http.put("protocol", request.protocol());
        http.put("sourceIp", request.sourceIp());
        http.put("userAgent", headers.getOrDefault("user-agent", ""));
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("accountId", ACCOUNT_ID);
        context.put("apiId", API_ID);
        jwt.ifPresent(token -> context.put("authorizer", authorizer(token, match.route())));
        context.put("domainName", request.host());
        context.put("domainPrefix", DOMAIN_PREFIX_END.split(request.host(), 2)[0]);
        context.put("http", http);
        context.put("requestId", requestId());
        context.put("routeKey", match.route().key());
        context.put("stage", "$default");
        context.put("time", TIME.format(now));
        context.put("timeEpoch", now.toEpochMilli());
        return context;
    }

    /** A sample event for a route, with placeholder path parameters and, for writes, an empty JSON body. */
    public static Map<String, Object> sample(Match match, Optional<RequestAuthorizer.Jwt> jwt) {
        Map<String, String> parameters = new LinkedHashMap<>();
        String path = PathTemplate.of(match.route().path()).expand(name -> {
            String value = name.replaceAll("Id$", "") + "-1";
            parameters.put(name, value);
            return value;
        });
        boolean write = !match.route().method().equals("GET") && !match.route().method().equals("DELETE");
        Map<String, List<String>> headers = new LinkedHashMap<>();
        headers.put("accept", List.of("application/json"));
        headers.put("user-agent", List.of("sam-local"));
        if (write) {
            headers.put("content-type", List.of("application/json"));
        }
        Request request = new Request(match.route().method(), path, "", headers,
                write ? "{}".getBytes(StandardCharsets.UTF_8) : new byte[0], "127.0.0.1", "HTTP/1.1", "localhost:3000");
        return event(request, new Match(match.functionLogicalId(), match.route(), parameters), Instant.now(), jwt);
    }

    /** Query parameters as API Gateway gives them: decoded, repeated values joined with ",". */
    private static Map<String, String> queryParameters(String rawQuery) {
        Map<String, String> parameters = new LinkedHashMap<>();
        FormParameters.parse(rawQuery).forEach((name, values) -> parameters.put(name, String.join(",", values)));
        return parameters;
    }

    /** API Gateway passes these bodies as text; any other (or no) content type is base64-encoded. */
    private static boolean isText(String contentType) {
        if (contentType == null) {
            return false;
        }
        String type = contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        return type.startsWith("text/") || type.equals("application/json") || type.endsWith("+json")
                || type.equals("application/xml") || type.endsWith("+xml") || type.equals("application/javascript");
    }

    /**
     * Shaped like API Gateway's ids (e.g. "JKJaXmPLvHcESHA="). Unique, not secret: no SecureRandom,
     * whose one lock every request thread would queue on.
     */
    public static String requestId() {
        byte[] bytes = new byte[10];
        ThreadLocalRandom.current().nextBytes(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }
}
