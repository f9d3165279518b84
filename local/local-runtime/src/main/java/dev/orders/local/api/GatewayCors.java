package dev.orders.local.api;

import dev.orders.local.api.LocalHttpApi.Response;
import dev.orders.localaws.template.HttpApiCors;
import dev.orders.localaws.template.SamTemplate;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * API Gateway's CORS for an HTTP API with a CorsConfiguration ("Configure CORS for HTTP APIs in API Gateway"): it
 * answers a preflight (OPTIONS with Origin and Access-Control-Request-Method) itself, before any route, authorizer
 * or function; it drops the CORS headers a function returns; and on a request from an allowed origin it adds the
 * configured headers. Lower-case names, lists comma-separated; an origin, method or header not configured gets
 * no CORS header at all, so the browser refuses the page the answer.
 */
final class GatewayCors {
    private static final String PREFIX = "access-control-";
    private static final String ANY = "*";

    private final HttpApiCors configuration;

    private GatewayCors(HttpApiCors configuration) {
        this.configuration = configuration;
    }

    /** The template's HTTP API's CORS, as its stack has it; none without a CorsConfiguration. */
    static Optional<GatewayCors> of(SamTemplate template) {
        return template.httpApiCors().map(GatewayCors::new);
    }

    /** The answer to {@code request}: a preflight's answered here, any other {@code routed} and given the headers. */
    Response answer(HttpApiEvents.Request request, Function<HttpApiEvents.Request, Response> routed) {
        Optional<String> origin = request.header("origin");
        Optional<String> requestedMethod = request.header("access-control-request-method");
        if (request.method().equals("OPTIONS") && origin.isPresent() && requestedMethod.isPresent()) {
            return preflight(origin.get(), requestedMethod.get(), request.header("access-control-request-headers"));
        }
        Response response = routed.apply(request);
        Map<String, List<String>> headers = new LinkedHashMap<>();
        response.headers().forEach((name, values) -> {
            if (!name.toLowerCase(Locale.ROOT).startsWith(PREFIX)) {
                headers.put(name, values);
            }
        });
        origin.flatMap(this::allowedOrigin).ifPresent(allowed -> {
            headers.put("access-control-allow-origin", List.of(allowed));
            credentials(headers);
            if (!configuration.exposeHeaders().isEmpty()) {
                headers.put("access-control-expose-headers", List.of(String.join(",", configuration.exposeHeaders())));
            }
        });
        return new Response(response.status(), headers, response.body());
    }

    /** 204 without a body; the CORS headers only if the origin, the method and every requested header are allowed. */
    private Response preflight(String origin, String method, Optional<String> requestedHeaders) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        Optional<String> allowed = allowedOrigin(origin);
        List<String> requested = requestedHeaders.stream().flatMap(list -> Arrays.stream(list.split(",")))
                .map(name -> name.strip().toLowerCase(Locale.ROOT)).filter(name -> !name.isEmpty()).toList();
        if (allowed.isPresent() && admits(configuration.allowMethods(), method)
                && requested.stream().allMatch(name -> admits(lowerCase(configuration.allowHeaders()), name))) {
            headers.put("access-control-allow-origin", List.of(allowed.get()));
            credentials(headers);
            headers.put("access-control-allow-methods", List.of(String.join(",", configuration.allowMethods())));
            if (!configuration.allowHeaders().isEmpty()) {
                headers.put("access-control-allow-headers", List.of(String.join(",", lowerCase(configuration.allowHeaders()))));
            }
            configuration.maxAge().ifPresent(age -> headers.put("access-control-max-age", List.of(Integer.toString(age))));
        }
        return new Response(204, headers, new byte[0]);
    }

    /** The origin echoed if it is configured, "*" if any origin is. */
    private Optional<String> allowedOrigin(String origin) {
        if (configuration.allowOrigins().contains(ANY)) {
            return Optional.of(ANY);
        }
        return configuration.allowOrigins().contains(origin) ? Optional.of(origin) : Optional.empty();
    }

    private void credentials(Map<String, List<String>> headers) {
        if (configuration.allowCredentials()) {
            headers.put("access-control-allow-credentials", List.of("true"));
        }
    }

    private static boolean admits(List<String> configured, String value) {
        return configured.contains(ANY) || configured.contains(value);
    }

    private static List<String> lowerCase(List<String> names) {
        return names.stream().map(name -> name.toLowerCase(Locale.ROOT)).toList();
    }

}
