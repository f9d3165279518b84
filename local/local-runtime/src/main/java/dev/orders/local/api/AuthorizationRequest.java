package dev.orders.local.api;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A browser's request to sign in at sam-local's issuer: OAuth 2.0's authorization code grant (RFC 6749 §4.1.1)
 * with PKCE's S256 challenge (RFC 7636 §4.3) and OpenID Connect's nonce, from a public client (no secret, no
 * registration: any client_id, such as the console's, {@value ConsoleFiles#CLIENT_ID}; the codes go only where
 * {@link #sendsCodesTo} allows). Read from GET /authorize's query or the sign-in form, and checked in RFC 6749
 * §4.1.2.1's order: a request without a usable client_id or redirect_uri is refused on a page and never redirected;
 * any other fault goes back to the redirect_uri as {@code error=}.
 */
record AuthorizationRequest(String clientId, String redirectUri, List<String> scopes, Optional<String> state,
                            String codeChallenge, Optional<String> nonce) {
    /** The console's page, where the issuer's own origin takes codes. */
    static final String CONSOLE_PATH = "/console/";
    /** An S256 challenge: base64url of a SHA-256, without padding (RFC 7636 §4.2). */
    private static final Pattern S256_CHALLENGE = Pattern.compile("[A-Za-z0-9_-]{43}");
    /** RFC 6749 Appendix A.1: visible characters and spaces. */
    static final Pattern CLIENT_ID = Pattern.compile("[\\x20-\\x7E]+");
    private static final Pattern LOOPBACK_IPV4 = Pattern.compile("127(\\.\\d{1,3}){3}");

    AuthorizationRequest {
        scopes = List.copyOf(scopes);
    }

    /** What a request reads as. */
    sealed interface Reading permits Valid, Refused, Redirected {
    }

    record Valid(AuthorizationRequest request) implements Reading {
    }

    /** Not to be redirected (the client or the redirect_uri is not one to send anything to): said on a page. */
    record Refused(String why) implements Reading {
    }

    /** An error sent back to the client at its redirect_uri. */
    record Redirected(URI location) implements Reading {
    }

    /** The request {@code parameters} make to the issuer at {@code issuer}. */
    static Reading read(Map<String, List<String>> parameters, URI issuer) {
        List<String> repeated = FormParameters.repeated(parameters);
        Map<String, String> given = new LinkedHashMap<>();
        parameters.forEach((name, values) -> given.put(name, values.get(0)));
        String clientId = given.get("client_id");
        String redirectUri = given.get("redirect_uri");
        if (repeated.contains("client_id") || repeated.contains("redirect_uri")) {
            return new Refused("client_id and redirect_uri may be given once only.");
        }
        if (clientId == null || !CLIENT_ID.matcher(clientId).matches()) {
            return new Refused("The request names no client: client_id is " + (clientId == null ? "missing." : "not visible ASCII."));
        }
        if (redirectUri == null) {
            return new Refused("The request has no redirect_uri.");
        }
        if (!sendsCodesTo(issuer, redirectUri)) {
            return new Refused(redirectUri + " is not where sam-local's issuer sends codes: " + issuer + CONSOLE_PATH
                    + ", or an address on the loopback (localhost, 127.0.0.1, [::1]).");
        }
        Optional<String> state = Optional.ofNullable(given.get("state"));
        Optional<OAuthError> error = fault(given, repeated);
        if (error.isPresent()) {
            Map<String, String> answer = new LinkedHashMap<>();
            answer.put("error", error.get().error());
            answer.put("error_description", error.get().description());
            return new Redirected(location(redirectUri, answer, state, issuer));
        }
        return new Valid(new AuthorizationRequest(clientId, redirectUri, List.of(given.get("scope").split(" ")), state,
                given.get("code_challenge"), Optional.ofNullable(given.get("nonce"))));
    }

    /** The first fault of a request whose client_id and redirect_uri are usable, if any. */
    private static Optional<OAuthError> fault(Map<String, String> given, List<String> repeated) {
        if (!repeated.isEmpty()) {
            return Optional.of(new OAuthError(OAuthError.INVALID_REQUEST, "given more than once: " + String.join(", ", repeated)));
        }
        String responseType = given.get("response_type");
        if (responseType == null) {
            return Optional.of(new OAuthError(OAuthError.INVALID_REQUEST, "response_type is missing"));
        }
        if (!responseType.equals("code")) {
            return Optional.of(new OAuthError(OAuthError.UNSUPPORTED_RESPONSE_TYPE, "the response_type is code only"));
        }
        String scope = given.getOrDefault("scope", "");
        if (!LocalIssuer.SCOPES.containsAll(List.of(scope.split(" ", -1)))) {
            return Optional.of(new OAuthError(OAuthError.INVALID_SCOPE, (scope.isBlank() ? "no scope" : "unknown scope \""
                    + scope + "\"") + ": the scopes are " + String.join(" and ", LocalIssuer.SCOPES) + ", space-separated"));
        }
        String challenge = given.get("code_challenge");
        if (challenge == null) {
            return Optional.of(new OAuthError(OAuthError.INVALID_REQUEST, "code_challenge is required (PKCE)"));
        }
        if (!"S256".equals(given.get("code_challenge_method"))) {
            return Optional.of(new OAuthError(OAuthError.INVALID_REQUEST, "transform algorithm not supported:"
                    + " code_challenge_method must be S256"));
        }
        if (!S256_CHALLENGE.matcher(challenge).matches()) {
            return Optional.of(new OAuthError(OAuthError.INVALID_REQUEST, "code_challenge is not an S256 challenge"
                    + " (43 characters of base64url)"));
        }
        return Optional.empty();
    }

    /**
     * Whether the issuer at {@code issuer} sends codes to {@code redirectUri}: its own origin's console page, or any
     * address on the loopback, at any port, as for a native app (RFC 8252 §7.3). Never anywhere else: the code
     * would be someone else's to redeem.
     */
    static boolean sendsCodesTo(URI issuer, String redirectUri) {
        URI uri;
        try {
            uri = new URI(redirectUri);
        } catch (URISyntaxException e) {
            return false;
        }
        if (!uri.isAbsolute() || uri.getHost() == null || uri.getRawUserInfo() != null || uri.getRawFragment() != null
                || !List.of("http", "https").contains(uri.getScheme().toLowerCase(Locale.ROOT))) {
            return false;
        }
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        boolean loopback = host.equals("localhost") || host.equals("[::1]") || LOOPBACK_IPV4.matcher(host).matches();
        return loopback || origin(uri).equals(origin(issuer)) && CONSOLE_PATH.equals(uri.getRawPath());
    }

    /** The origin of a URL: its scheme, host and port, the port left out where it is the scheme's default. */
    static String origin(URI url) {
        String scheme = url.getScheme().toLowerCase(Locale.ROOT);
        boolean defaultPort = url.getPort() == -1 || url.getPort() == (scheme.equals("https") ? 443 : 80);
        return scheme + "://" + url.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + url.getPort());
    }

    /** Where the sign-in sends the browser with {@code answer} (the code or an error), the state and the issuer. */
    URI location(Map<String, String> answer, URI issuer) {
        return location(redirectUri, answer, state, issuer);
    }

    /** The parameters to send again with the sign-in form, as the request gave them. */
    Map<String, String> parameters() {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("response_type", "code");
        parameters.put("client_id", clientId);
        parameters.put("redirect_uri", redirectUri);
        parameters.put("scope", String.join(" ", scopes));
        state.ifPresent(value -> parameters.put("state", value));
        parameters.put("code_challenge", codeChallenge);
        parameters.put("code_challenge_method", "S256");
        nonce.ifPresent(value -> parameters.put("nonce", value));
        return parameters;
    }

    /** {@code redirectUri} with {@code answer}, the state and {@code iss} (RFC 9207) added to its query. */
    private static URI location(String redirectUri, Map<String, String> answer, Optional<String> state, URI issuer) {
        Map<String, String> parameters = new LinkedHashMap<>(answer);
        state.ifPresent(value -> parameters.put("state", value));
        parameters.put("iss", issuer.toString());
        List<String> pairs = new ArrayList<>();
        parameters.forEach((name, value) -> pairs.add(name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8)));
        return URI.create(redirectUri + (URI.create(redirectUri).getRawQuery() == null ? "?" : "&")
                + String.join("&", pairs));
    }
}
