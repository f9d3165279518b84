package dev.orders.local.api;

/**
 * An OAuth 2.0 error of sam-local's issuer: its code (RFC 6749 §4.1.2.1 at the authorization endpoint, §5.2 at
 * the token endpoint) and a description saying to the developer what was wrong.
 */
record OAuthError(String error, String description) {
    static final String INVALID_REQUEST = "invalid_request";
    static final String INVALID_CLIENT = "invalid_client";
    static final String INVALID_GRANT = "invalid_grant";
    static final String INVALID_SCOPE = "invalid_scope";
    static final String UNSUPPORTED_GRANT_TYPE = "unsupported_grant_type";
    static final String UNSUPPORTED_RESPONSE_TYPE = "unsupported_response_type";

    /** The token endpoint's status for it: 401 for a client that cannot be told apart (§5.2 allows it), else 400. */
    int status() {
        return error.equals(INVALID_CLIENT) ? 401 : 400;
    }
}
