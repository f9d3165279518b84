package dev.orders.local.api;

import com.fasterxml.jackson.jr.ob.JSON;
import com.sun.net.httpserver.HttpExchange;
import dev.orders.local.UsageException;
import dev.orders.local.lambda.FunctionCode;
import dev.orders.local.lambda.FunctionInstances;
import dev.orders.local.lambda.FunctionInvoker;
import dev.orders.local.lambda.LambdaFunction;
import dev.orders.localaws.HttpServers;
import dev.orders.localaws.Log;
import dev.orders.localaws.template.SamTemplate;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The template's HTTP API on a local port: each request matched to its route, turned into the
 * payload 2.0 event API Gateway would send, passed through the {@link RequestAuthorizer} (and the
 * route's AuthorizationScopes: 403 if the token has none of them), handed to the route's
 * {@link LambdaFunction}, and its response mapped back as API Gateway maps it; with the template's CORS configuration,
 * preflights answered and CORS headers added as API Gateway's ({@link GatewayCors}). Before the routes it answers
 * its {@link OwnEndpoints} (the local issuer's, the console), on paths no route takes.
 */
public final class LocalHttpApi implements AutoCloseable {
    /** API Gateway's payload limit. */
    private static final int MAX_BODY_BYTES = 10 * 1024 * 1024;
    private static final int THREADS = 8;

    /** What goes back to the client. Header names as the function gave them. */
    public record Response(int status, Map<String, List<String>> headers, byte[] body) {
        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private final HttpApiEvents.Routes routes;
    private final Map<String, FunctionInvoker> functions = new LinkedHashMap<>();
    private final RequestAuthorizer authorizer;
    private final List<OwnEndpoints> ownEndpoints;
    private final Optional<GatewayCors> cors;
    private HttpServers.Serving serving;

    /**
     * Every function of {@code template}, run from {@code code}; {@code ownEndpoints} answered first, in order.
     * A usage error if a route takes one of their paths.
     */
    public LocalHttpApi(SamTemplate template, FunctionCode code, RequestAuthorizer authorizer, List<OwnEndpoints> ownEndpoints) {
        this.routes = new HttpApiEvents.Routes(template);
        this.authorizer = authorizer;
        this.ownEndpoints = List.copyOf(ownEndpoints);
        this.cors = GatewayCors.of(template);
        for (OwnEndpoints own : ownEndpoints) {
            own.endpoints().forEach(endpoint -> routes.match(endpoint.method(), endpoint.path()).ifPresent(taken -> {
                throw new UsageException("the template's route " + taken.route().key() + " takes " + endpoint.path()
                        + ", where " + own.answeredThere());
            }));
        }
        for (SamTemplate.Function function : template.functions()) {
            // Fails now, not on the first request, if the function's jar is not built.
            functions.put(function.logicalId(), code.instances(function, THREADS));
        }
    }

    /** Before {@link #start}: {@code logicalId}'s routes are answered by {@code invoker} (a JVM of its own) instead. */
    public void serveElsewhere(String logicalId, FunctionInvoker invoker) {
        functions.put(logicalId, invoker).close();
    }

    /** Binds and serves; returns the bound address (port 0 picks a free one). */
    public InetSocketAddress start(String host, int port) throws IOException {
        serving = HttpServers.serve(new InetSocketAddress(host, port), THREADS, "sam-local-http", this::exchange);
        return serving.address();
    }

    /** One request, whether it came over HTTP or from the seeder; with the HTTP API's CORS if it has a configuration. */
    public Response handle(HttpApiEvents.Request request) {
        return cors.map(gateway -> gateway.answer(request, this::routed)).orElseGet(() -> routed(request));
    }

    private Response routed(HttpApiEvents.Request request) {
        for (OwnEndpoints own : ownEndpoints) {
            Optional<Response> answer = own.answer(request);
            if (answer.isPresent()) {
                return answer.get();
            }
        }
        Optional<HttpApiEvents.Match> match = routes.match(request.method(), request.rawPath());
        if (match.isEmpty()) {
            return GatewayAnswers.notFound();
        }
        if (request.body().length > MAX_BODY_BYTES) {
            return GatewayAnswers.payloadTooLarge();
        }
        Optional<RequestAuthorizer.Jwt> jwt = Optional.empty();
        if (match.get().route().authorized()) {
            try {
                jwt = Optional.of(authorizer.authorize(lowerCased(request.headers())));
            } catch (RequestAuthorizer.Unauthorized e) {
                Log.SAM_LOCAL.line("401 " + request.method() + " " + request.rawPath() + ": " + e.getMessage());
                return GatewayAnswers.unauthorized(lowerCased(request.headers()).containsKey("authorization"));
            }
            if (!match.get().route().admits(jwt.get().scopes())) {
                Log.SAM_LOCAL.line("403 " + request.method() + " " + request.rawPath() + ": the token has none of "
                        + match.get().route().authorizationScopes());
                return GatewayAnswers.forbidden();
            }
        }
        Map<String, Object> event = HttpApiEvents.event(request, match.get(), Instant.now(), jwt);
        @SuppressWarnings("unchecked")
        String requestId = (String) ((Map<String, Object>) event.get("requestContext")).get("requestId");
        try {
            byte[] response = functions.get(match.get().functionLogicalId()).invoke(JSON.std.asBytes(event),
                    LambdaFunction.newRequestId());
            return withRequestId(response(response), requestId);
        } catch (Exception e) {
            Log.SAM_LOCAL.line(match.get().functionLogicalId() + " failed on " + match.get().route().key() + ": " + e);
            return withRequestId(GatewayAnswers.internalServerError(), requestId);
        }
    }

    /** Header names lower-cased, repeated values joined with ",". */
    private static Map<String, String> lowerCased(Map<String, List<String>> headers) {
        Map<String, String> lower = new LinkedHashMap<>();
        headers.forEach((name, values) -> lower.put(name.toLowerCase(Locale.ROOT), String.join(",", values)));
        return lower;
    }

    /** API Gateway's reading of a payload 2.0 response; anything without statusCode is a 200 JSON body. */
    @SuppressWarnings("unchecked")
    static Response response(byte[] json) throws IOException {
        Object parsed = JSON.std.anyFrom(json);
        if (!(parsed instanceof Map<?, ?> map) || !map.containsKey("statusCode")) {
            return new Response(200, Map.of("content-type", List.of("application/json")), json);
        }
        Map<String, Object> response = (Map<String, Object>) map;
        Map<String, List<String>> headers = new LinkedHashMap<>();
        Map<String, Object> single = (Map<String, Object>) response.get("headers");
        if (single != null) {
            single.forEach((name, value) -> headers.computeIfAbsent(name, n -> new ArrayList<>()).add(String.valueOf(value)));
        }
        Map<String, Object> multi = (Map<String, Object>) response.get("multiValueHeaders");
        if (multi != null) {
            multi.forEach((name, values) -> ((List<Object>) values)
                    .forEach(value -> headers.computeIfAbsent(name, n -> new ArrayList<>()).add(String.valueOf(value))));
        }
        List<Object> cookies = (List<Object>) response.get("cookies");
        if (cookies != null) {
            cookies.forEach(cookie -> headers.computeIfAbsent("set-cookie", n -> new ArrayList<>()).add(String.valueOf(cookie)));
        }
        String body = (String) response.get("body");
        byte[] bytes = body == null ? new byte[0]
                : Boolean.TRUE.equals(response.get("isBase64Encoded")) ? Base64.getDecoder().decode(body)
                : body.getBytes(StandardCharsets.UTF_8);
        return new Response(((Number) response.get("statusCode")).intValue(), headers, bytes);
    }

    private static Response withRequestId(Response response, String requestId) {
        Map<String, List<String>> headers = new LinkedHashMap<>(response.headers());
        headers.put("apigw-requestid", List.of(requestId));
        return new Response(response.status(), headers, response.body());
    }

    private void exchange(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = HttpServers.readAtMost(exchange.getRequestBody(), MAX_BODY_BYTES + 1);
            String host = Optional.ofNullable(exchange.getRequestHeaders().getFirst("Host"))
                    .orElseGet(() -> exchange.getLocalAddress().getHostString() + ":" + exchange.getLocalAddress().getPort());
            Response response = handle(new HttpApiEvents.Request(exchange.getRequestMethod().toUpperCase(Locale.ROOT),
                    exchange.getRequestURI().getRawPath(), exchange.getRequestURI().getRawQuery(),
                    exchange.getRequestHeaders(), body, exchange.getRemoteAddress().getAddress().getHostAddress(),
                    exchange.getProtocol(), host));
            response.headers().forEach((name, values) -> exchange.getResponseHeaders().put(name, values));
            HttpServers.send(exchange, response.status(), response.body(),
                    exchange.getRequestMethod().equalsIgnoreCase("HEAD"));
        }
    }

    @Override
    public void close() {
        if (serving != null) {
            serving.stopAccepting();
            serving.stopThreads();
        }
        functions.values().forEach(FunctionInvoker::close);
    }
}
