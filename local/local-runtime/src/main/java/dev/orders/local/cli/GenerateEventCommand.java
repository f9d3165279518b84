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
import java.util.Set;

/**
 * {@code generate-event 'METHOD /path' [--sub SUBJECT [--scope 'A B']]}: prints the HTTP API event API
 * Gateway would send, for a route key ("GET /orders/{orderId}") or a concrete request ("GET /orders/o-1?limit=5");
 * with {@code --sub}, as its JWT authorizer passes a verified token's claims, so that {@code invoke} with it is
 * answered as that caller. SAM CLI's own {@code generate-event SERVICE EVENT} are {@link SampleEventCommand}s, Stripe's
 * deliveries {@link StripeEventCommand}.
 */
final class GenerateEventCommand implements Command {
    static final Option SUB = Option.value("SUBJECT", "The caller: the event carries a verified token's claims for this"
            + " subject, as API Gateway's JWT authorizer passes them.", "--sub");
    static final Option SCOPE = Option.value("'A B'", "The token's scopes, space-separated (with --sub).", "--scope");
    /** The methods a route key names (API Gateway's, and ANY). */
    private static final Set<String> HTTP_METHODS = Set.of("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "ANY");
    static final Usage USAGE = Usage.ownCommand("generate-event", "'METHOD /path' | SERVICE EVENT | stripe EVENT_TYPE",
            "Prints the HTTP API event API Gateway sends for a route of the template, by its route key ('GET"
                    + " /orders/{orderId}') or a request ('GET /orders/o-1?limit=5'), with a caller's claims with --sub; or,"
                    + " as SAM CLI, its sample event SERVICE EVENT: " + samples() + " (./sam-local generate-event SERVICE"
                    + " EVENT --help lists its options); or a delivery of Stripe's to POST /webhooks/stripe, signed now:"
                    + " stripe EVENT_TYPE (./sam-local generate-event stripe --help).",
            List.of("./sam-local generate-event 'GET /customers/c-ada' --sub c-ada > /tmp/get.json"),
            List.of(new Usage.Section("Options", SUB, SCOPE)));

    @Override
    public Usage usage() {
        return USAGE;
    }

    /** SAM CLI's sample events this command prints: "apigateway http-api-proxy, dynamodb update". */
    private static String samples() {
        return SampleEventCommand.EVENTS.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .flatMap(service -> service.getValue().keySet().stream().sorted().map(event -> service.getKey() + " " + event))
                .collect(java.util.stream.Collectors.joining(", "));
    }

    @Override
    public int run(Arguments arguments) throws IOException {
        String route = String.join(" ", arguments.positionals()).trim();
        if (route.isEmpty()) {
            throw new UsageException("generate-event needs a route, e.g. 'POST /customers/c-1/orders', or SAM CLI's SERVICE"
                    + " EVENT: " + samples() + "; or stripe EVENT_TYPE");
        }
        String[] parts = route.split("\\s+", 2);
        if (parts.length < 2) {
            throw new UsageException("a route is METHOD /path, e.g. 'GET /orders', not '" + route + "'; SAM CLI's sample"
                    + " events are SERVICE EVENT: " + samples());
        }
        String method = parts[0].toUpperCase(Locale.ROOT);
        if (!HTTP_METHODS.contains(method)) {
            // SAM CLI's SERVICE EVENT of a kind no function here takes (s3 put, sqs receive-message): say so, not "no route".
            throw new UsageException("sam-local has SAM CLI's sample events only of the kinds this template's functions"
                    + " take: " + samples() + "; '" + route + "' is not one (sam local generate-event prints the others)."
                    + " A route's event is generate-event 'METHOD /path'");
        }
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
        String subject = arguments.value(SUB.name(), null);
        String scope = arguments.value(SCOPE.name(), "").trim();
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
