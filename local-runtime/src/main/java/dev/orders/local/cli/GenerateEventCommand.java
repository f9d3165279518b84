package dev.orders.local.cli;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.local.UsageException;
import dev.orders.local.api.HttpApiEvents;
import dev.orders.local.api.RequestAuthorizer;
import dev.orders.local.api.TokenScopes;
import dev.orders.localaws.template.SamTemplate;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code generate-event 'METHOD /path' [--sub SUBJECT [--scope 'A B']]}: prints the HTTP API event API
 * Gateway would send, for a route key ("GET /orders/{orderId}") or a concrete request ("GET /orders/o-1?limit=5");
 * with {@code --sub}, as its JWT authorizer passes a verified token's claims, so that {@code invoke} with it is
 * answered as that caller.
 */
final class GenerateEventCommand implements Command {

    @Override
    public int run(Arguments arguments) throws IOException {
        arguments.allow("--sub", "--scope");
        String route = String.join(" ", arguments.positionals()).trim();
        if (route.isEmpty()) {
            throw new UsageException("generate-event needs a route, e.g. 'POST /customers/c-1/orders'");
        }
        String[] parts = route.split("\\s+", 2);
        if (parts.length < 2) {
            throw new UsageException("a route is METHOD /path, e.g. 'GET /orders', not '" + route + "'");
        }
        String method = parts[0].toUpperCase(Locale.ROOT);
        HttpApiEvents.Routes routes = new HttpApiEvents.Routes(SamTemplate.repository());
        Optional<HttpApiEvents.Match> byKey = routes.byKey(method + " " + parts[1]);
        Optional<RequestAuthorizer.Jwt> jwt = jwt(arguments);
        Map<String, Object> event = byKey.isPresent() ? HttpApiEvents.sample(byKey.get(), jwt)
                : requestEvent(routes, method, parts[1], route, jwt);
        System.out.println(JSON.std.with(JSON.Feature.PRETTY_PRINT_OUTPUT).asString(event));
        return 0;
    }

    /** The claims of a token for {@code --sub} with {@code --scope}'s space-separated scopes, as the authorizer gives them. */
    private static Optional<RequestAuthorizer.Jwt> jwt(Arguments arguments) {
        String subject = arguments.value("--sub", null);
        String scope = arguments.value("--scope", "").trim();
        if (subject == null) {
            if (!scope.isEmpty()) {
                throw new UsageException("--scope needs --sub: the scopes are those of a caller's token");
            }
            return Optional.empty();
        }
        Map<String, String> claims = new LinkedHashMap<>();
        claims.put("sub", subject);
        if (!scope.isEmpty()) {
            claims.put("scope", scope);
        }
        return Optional.of(new RequestAuthorizer.Jwt(claims, TokenScopes.of(claims)));
    }

    /** The event of a concrete request to the route that matches it; a write gets an empty JSON body, as in the samples. */
    private static Map<String, Object> requestEvent(HttpApiEvents.Routes routes, String method, String target, String route,
                                                    Optional<RequestAuthorizer.Jwt> jwt) {
        String path = target.split("\\?", 2)[0];
        String query = target.contains("?") ? target.split("\\?", 2)[1] : "";
        HttpApiEvents.Match match = routes.match(method, path)
                .orElseThrow(() -> new UsageException("no route of template.yaml matches '" + route + "'"));
        Map<String, Object> sample = HttpApiEvents.sample(match, Optional.empty());
        return HttpApiEvents.event(new HttpApiEvents.Request(method, path, query,
                Map.of("accept", List.of("application/json"), "user-agent", List.of("sam-local"),
                        "content-type", List.of("application/json")),
                sample.containsKey("body") ? "{}".getBytes(StandardCharsets.UTF_8) : new byte[0],
                "127.0.0.1", "HTTP/1.1", "localhost:3000"), match, Instant.now(), jwt);
    }
}
