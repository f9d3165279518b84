package dev.orders.local.api;

import java.util.List;
import java.util.Map;

/**
 * The authorizer step of the local HTTP API, run before a route's function: from the request's
 * headers (names lower-cased) to what API Gateway's JWT authorizer knows of the token. The one place
 * to plug in a JWT authorizer.
 */
@FunctionalInterface
public interface RequestAuthorizer {
    /** The verified token; throws {@link Unauthorized} to answer 401 without calling the function. */
    Jwt authorize(Map<String, String> headers) throws Unauthorized;

    /**
     * A verified token: its claims as requestContext.authorizer.jwt.claims carries them (text), and its
     * scopes (from {@code scope} and {@code scp}), which a route's AuthorizationScopes are checked against.
     */
    record Jwt(Map<String, String> claims, List<String> scopes) {
        public Jwt {
            claims = Map.copyOf(claims);
            scopes = List.copyOf(scopes);
        }
    }

    /** The request is refused with 401 {"message":"Unauthorized"}, as API Gateway does. */
    final class Unauthorized extends Exception {
        private static final long serialVersionUID = 1L;

        public Unauthorized(String reason) {
            super(reason);
        }
    }
}
