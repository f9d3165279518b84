package dev.orders.http.api;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.core.order.Role;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Who may use a route, declared with the route and checked before its action runs, so that no handler
 * repeats it, and the role its callers act in. Missing claims are 401; a request for another customer's
 * resources is 404, which tells nothing about whether they exist.
 */
public sealed interface Access {

    /** Routes under {@code /customers/{customerId}}: that customer only, acting as a customer. */
    static Access owner() {
        return new Owner();
    }

    /** Routes of shared reference data (the catalogue): any caller with a valid token. */
    static Access authenticated() {
        return new Authenticated();
    }

    /**
     * Routes of the back office, which declare {@code AuthorizationScopes: [orders:admin]} in the template:
     * callers API Gateway admitted with that scope, acting as administrators.
     */
    static Access administrator() {
        return new Admin();
    }

    /** No JWT: the handler authenticates the request itself (the payment webhook's signature). */
    static Access signedByHandler() {
        return new SignedByHandler();
    }

    /** The answer that refuses {@code request}, or empty when it may proceed. */
    Optional<APIGatewayV2HTTPResponse> refusal(HttpRequest request);

    /** The role an admitted caller acts in: an administrator's only on an administrators' route. */
    default Role role() {
        return Role.CUSTOMER;
    }

    record Owner() implements Access {
        @Override
        public Optional<APIGatewayV2HTTPResponse> refusal(HttpRequest request) {
            return authenticated(request, caller -> caller.is(request.pathParameter("customerId"))
                    ? Optional.empty() : Optional.of(Http.problem(Problem.notFound("The resource"))));
        }
    }

    record Authenticated() implements Access {
        @Override
        public Optional<APIGatewayV2HTTPResponse> refusal(HttpRequest request) {
            return authenticated(request, caller -> Optional.empty());
        }
    }

    record Admin() implements Access {
        @Override
        public Optional<APIGatewayV2HTTPResponse> refusal(HttpRequest request) {
            return authenticated(request, caller -> caller.isAdmin() ? Optional.empty()
                    : Optional.of(Http.problem(Problem.of(403, "forbidden", "Forbidden",
                    "This resource needs the " + Caller.ADMIN_SCOPE + " scope."))));
        }

        @Override
        public Role role() {
            return Role.ADMINISTRATOR;
        }
    }

    record SignedByHandler() implements Access {
        @Override
        public Optional<APIGatewayV2HTTPResponse> refusal(HttpRequest request) {
            return Optional.empty();
        }
    }

    /** {@code rule}'s refusal of the request's caller; a request without a caller is refused with 401. */
    private static Optional<APIGatewayV2HTTPResponse> authenticated(
            HttpRequest request, Function<Caller, Optional<APIGatewayV2HTTPResponse>> rule) {
        Optional<Caller> caller = request.caller();
        return caller.isPresent() ? rule.apply(caller.get()) : Optional.of(unauthenticated());
    }

    private static APIGatewayV2HTTPResponse unauthenticated() {
        return Http.problem(Problem.of(401, "unauthenticated", "Unauthenticated",
                "A valid bearer token is required."), Map.of("www-authenticate", "Bearer"));
    }
}
