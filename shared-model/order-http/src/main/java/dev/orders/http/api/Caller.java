package dev.orders.http.api;

import dev.orders.core.order.Actors;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Who sent a request: {@code sub}, the customer id, from the claims the HTTP API's JWT authorizer (or the
 * local runtime) verified, and the scopes API Gateway admitted the token with.
 *
 * <p>Those scopes are {@code requestContext.authorizer.jwt.scopes}, never the {@code scope}/{@code scp}
 * claims: API Gateway fills that list only on a route that declares {@code AuthorizationScopes}, after its
 * own check that the token's {@code scope} or {@code scp} holds one of them ("the token must include at
 * least one of the route's scopes", docs.aws.amazon.com/apigateway/latest/developerguide/http-api-jwt-authorizer.html),
 * and sends {@code "scopes": null} elsewhere. The claims reach a function as text (an array flattened to
 * {@code "[a b]"}); reading them a second time, in a way of our own, would make administrators the gateway
 * never admitted.
 */
public record Caller(String subject, Set<String> admittedScopes) {
    public static final String ADMIN_SCOPE = "orders:admin";

    public Caller {
        admittedScopes = Set.copyOf(admittedScopes);
    }

    /** Empty when the request carries no usable subject: it is then unauthenticated. */
    public static Optional<Caller> of(HttpRequest request) {
        String subject = request.claims().get("sub");
        if (subject == null || subject.isBlank() || subject.length() > Actors.MAX_SUBJECT_LENGTH) {
            return Optional.empty();
        }
        List<String> scopes = request.admittedScopes();
        return Optional.of(new Caller(subject, scopes.stream().filter(Objects::nonNull).collect(Collectors.toSet())));
    }

    /** Whether API Gateway admitted the caller to this route with the administrators' scope. */
    public boolean isAdmin() {
        return admittedScopes.contains(ADMIN_SCOPE);
    }

    /** Whether the caller is the customer {@code customerId}: a customer acts for itself only. */
    public boolean is(String customerId) {
        return subject.equals(customerId);
    }
}
