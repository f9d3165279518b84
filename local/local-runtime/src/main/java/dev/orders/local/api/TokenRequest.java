package dev.orders.local.api;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A request to sam-local's token endpoint (RFC 6749 §4.1.3, with PKCE's code_verifier, RFC 7636 §4.5) from a
 * public client, which authenticates by nothing but its client_id: read from the form, or refused with RFC 6749
 * §5.2's error. Whether the code is the client's, for that redirect_uri and verifier, is {@link AuthorizationCodes}'s.
 */
record TokenRequest(String code, String redirectUri, String clientId, String codeVerifier) {
    /** RFC 7636 §4.1: 43 to 128 unreserved characters. */
    private static final Pattern VERIFIER = Pattern.compile("[A-Za-z0-9._~-]{43,128}");

    /** What a request reads as. */
    sealed interface Reading permits Valid, Refused {
    }

    record Valid(TokenRequest request) implements Reading {
    }

    record Refused(OAuthError error) implements Reading {
    }

    /** The request of {@code body}, sent as {@code contentType}, with or without an Authorization header. */
    static Reading read(Optional<String> contentType, boolean authorizationHeader, byte[] body) {
        if (!FormParameters.isForm(contentType)) {
            return invalidRequest("the body must be " + FormParameters.MEDIA_TYPE);
        }
        Map<String, List<String>> parameters;
        try {
            parameters = FormParameters.parse(new String(body, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            return invalidRequest("the form is malformed: " + e.getMessage());
        }
        List<String> repeated = FormParameters.repeated(parameters);
        if (!repeated.isEmpty()) {
            return invalidRequest("given more than once: " + String.join(", ", repeated));
        }
        if (authorizationHeader || parameters.containsKey("client_secret")) {
            return new Refused(new OAuthError(OAuthError.INVALID_CLIENT, "the client is public: it authenticates with"
                    + " its client_id alone (token_endpoint_auth_method none)"));
        }
        String clientId = value(parameters, "client_id");
        if (clientId == null || !AuthorizationRequest.CLIENT_ID.matcher(clientId).matches()) {
            return new Refused(new OAuthError(OAuthError.INVALID_CLIENT, "client_id is missing: a public client names itself"));
        }
        String grantType = value(parameters, "grant_type");
        if (grantType == null) {
            return invalidRequest("grant_type is missing");
        }
        if (!grantType.equals("authorization_code")) {
            return new Refused(new OAuthError(OAuthError.UNSUPPORTED_GRANT_TYPE, "the grant_type is authorization_code only"));
        }
        for (String required : List.of("code", "redirect_uri", "code_verifier")) {
            if (value(parameters, required) == null) {
                return invalidRequest(required + " is missing");
            }
        }
        if (!VERIFIER.matcher(value(parameters, "code_verifier")).matches()) {
            return invalidRequest("code_verifier must be 43 to 128 unreserved characters (RFC 7636 §4.1)");
        }
        return new Valid(new TokenRequest(value(parameters, "code"), value(parameters, "redirect_uri"), clientId,
                value(parameters, "code_verifier")));
    }

    private static String value(Map<String, List<String>> parameters, String name) {
        List<String> values = parameters.get(name);
        return values == null ? null : values.get(0);
    }

    private static Refused invalidRequest(String description) {
        return new Refused(new OAuthError(OAuthError.INVALID_REQUEST, description));
    }
}
