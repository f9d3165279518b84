package dev.orders.local.api;

import java.util.Map;
import java.util.Optional;

/**
 * The authorizer step of the local HTTP API, run before a route's function: from the request's
 * headers (names lower-cased) to the claims API Gateway would put in
 * requestContext.authorizer.jwt.claims. The one place to plug in a JWT authorizer.
 */
@FunctionalInterface
public interface RequestAuthorizer {
    /** Claims for the event, or none; throws {@link Unauthorized} to answer 401 without calling the function. */
    Optional<Map<String, Object>> authorize(Map<String, String> headers) throws Unauthorized;

    /** The request is refused with 401 {"message":"Unauthorized"}, as API Gateway does. */
    final class Unauthorized extends Exception {
        private static final long serialVersionUID = 1L;

        public Unauthorized(String reason) {
            super(reason);
        }
    }
}
