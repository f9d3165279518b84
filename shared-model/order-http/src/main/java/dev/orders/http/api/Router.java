package dev.orders.http.api;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Finds the route of a request. API Gateway names it in {@code routeKey} with its path parameters;
 * a hand-made event without them is matched on method and raw path, which also tells 404 from 405.
 */
public final class Router {
    private static final String UNMATCHED = "unmatched";
    private final Map<String, Route> routes = new LinkedHashMap<>();

    public Router(List<Route> routes) {
        routes.forEach(route -> this.routes.put(route.key(), route));
    }

    public List<Route> routes() {
        return List.copyOf(routes.values());
    }

    /** The key of the route that answers {@code event}, or {@value #UNMATCHED}: a metric dimension of few values. */
    public String routeKeyOf(APIGatewayV2HTTPEvent event) {
        if (event.getRouteKey() != null && routes.containsKey(event.getRouteKey())) {
            return event.getRouteKey();
        }
        String method = HttpRequest.method(event);
        String rawPath = event.getRawPath() == null ? "" : event.getRawPath();
        return routes.values().stream()
                .filter(route -> route.method().equals(method) && route.match(rawPath).isPresent())
                .map(Route::key)
                .findFirst().orElse(UNMATCHED);
    }

    public APIGatewayV2HTTPResponse dispatch(APIGatewayV2HTTPEvent event) {
        Route byKey = event.getRouteKey() == null ? null : routes.get(event.getRouteKey());
        if (byKey != null && event.getPathParameters() != null) {
            return byKey.answer(event, event.getPathParameters());
        }
        String method = HttpRequest.method(event);
        String rawPath = event.getRawPath() == null ? "" : event.getRawPath();
        TreeSet<String> allowed = new TreeSet<>();
        for (Route route : routes.values()) {
            Optional<Map<String, String>> parameters = route.match(rawPath);
            if (parameters.isPresent()) {
                if (route.method().equals(method)) {
                    return route.answer(event, parameters.get());
                }
                allowed.add(route.method());
            }
        }
        if (!allowed.isEmpty()) {
            return Http.problem(Problem.of(405, "method-not-allowed", "Method not allowed",
                    "This resource does not answer this method."), Map.of("allow", String.join(", ", allowed)));
        }
        return Http.problem(Problem.of(404, "no-route", "Not found", "No resource has this path."));
    }
}
