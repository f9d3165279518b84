package dev.orders.local.api;

import com.nimbusds.jose.util.JSONObjectUtils;
import dev.orders.local.api.LocalHttpApi.Response;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * sam-local's issuer over HTTP: its discovery document and key set, and a browser's sign-in by OpenID Connect's
 * authorization code flow with PKCE. GET /authorize shows the sign-in page; posting it sends the browser back to
 * the client's redirect_uri (303) with a code; POST /token exchanges the code for an access token, minted as
 * {@code ./sam-local token} mints one, and an ID token.
 */
final class IssuerEndpoints implements OwnEndpoints {
    private final LocalIssuer issuer;
    private final AuthorizationCodes codes;
    private final Map<String, String> documents;

    IssuerEndpoints(LocalIssuer issuer, AuthorizationCodes codes) {
        this.issuer = issuer;
        this.codes = codes;
        this.documents = issuer.documents();
    }

    @Override
    public List<Endpoint> endpoints() {
        List<Endpoint> endpoints = new ArrayList<>();
        documents.keySet().forEach(path -> endpoints.add(new Endpoint("GET", path)));
        endpoints.add(new Endpoint("GET", LocalIssuer.AUTHORIZE_PATH));
        endpoints.add(new Endpoint("POST", LocalIssuer.AUTHORIZE_PATH));
        endpoints.add(new Endpoint("POST", LocalIssuer.TOKEN_PATH));
        return endpoints;
    }

    @Override
    public String answeredThere() {
        return "the local token issuer answers; point start-api at another issuer (--jwt-issuer)";
    }

    @Override
    public Optional<Response> answer(HttpApiEvents.Request request) {
        String path = request.rawPath();
        boolean read = request.method().equals("GET") || request.method().equals("HEAD");
        if (documents.containsKey(path)) {
            return Optional.of(read ? json(200, documents.get(path), Map.of()) : notAllowed("GET, HEAD"));
        }
        if (path.equals(LocalIssuer.AUTHORIZE_PATH)) {
            return Optional.of(read ? authorize(request) : request.method().equals("POST") ? signIn(request)
                    : notAllowed("GET, HEAD, POST"));
        }
        if (path.equals(LocalIssuer.TOKEN_PATH)) {
            return Optional.of(request.method().equals("POST") ? token(request) : notAllowed("POST"));
        }
        return Optional.empty();
    }

    /** GET /authorize: the sign-in page for a valid request. */
    private Response authorize(HttpApiEvents.Request request) {
        Map<String, List<String>> parameters;
        try {
            parameters = FormParameters.parse(request.rawQuery());
        } catch (IllegalArgumentException e) {
            return page(400, SignInPage.refused("The request's query is malformed: " + e.getMessage()), Optional.empty());
        }
        AuthorizationRequest.Reading reading = AuthorizationRequest.read(parameters, issuer.issuer());
        return reading instanceof AuthorizationRequest.Valid valid
                ? signInPage(200, valid.request(), "", false, Optional.empty()) : notSignedIn(reading);
    }

    /** POST /authorize, the sign-in form: a code for the subject, with orders:admin if Administrator was ticked. */
    private Response signIn(HttpApiEvents.Request request) {
        if (!FormParameters.isForm(request.header("content-type"))) {
            return page(400, SignInPage.refused("The sign-in form is not " + FormParameters.MEDIA_TYPE + "."), Optional.empty());
        }
        Map<String, List<String>> parameters;
        try {
            parameters = FormParameters.parse(new String(request.body(), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            return page(400, SignInPage.refused("The sign-in form is malformed: " + e.getMessage()), Optional.empty());
        }
        String subject = Optional.ofNullable(parameters.remove("subject")).map(values -> values.get(0).strip()).orElse("");
        boolean administrator = parameters.remove("administrator") != null;
        AuthorizationRequest.Reading reading = AuthorizationRequest.read(parameters, issuer.issuer());
        if (!(reading instanceof AuthorizationRequest.Valid valid)) {
            return notSignedIn(reading);
        }
        if (subject.isEmpty()) {
            return signInPage(400, valid.request(), subject, administrator, Optional.of("Give a subject."));
        }
        List<String> scopes = valid.request().scopes().stream()
                .filter(scope -> administrator || !scope.equals(LocalIssuer.ADMIN_SCOPE)).toList();
        String code = codes.give(new AuthorizationCodes.Grant(valid.request(), subject, scopes));
        return seeOther(valid.request().location(Map.of("code", code), issuer.issuer()));
    }

    /** A request not to sign in for: refused on a page, or its error sent back to the client. */
    private static Response notSignedIn(AuthorizationRequest.Reading reading) {
        return reading instanceof AuthorizationRequest.Redirected redirected ? seeOther(redirected.location())
                : page(400, SignInPage.refused(((AuthorizationRequest.Refused) reading).why()), Optional.empty());
    }

    /** POST /token: the code's tokens (RFC 6749 §5.1, OpenID Connect Core §3.1.3.3), or why not (§5.2). */
    private Response token(HttpApiEvents.Request request) {
        Optional<String> authorization = request.header("authorization");
        TokenRequest.Reading reading = TokenRequest.read(request.header("content-type"), authorization.isPresent(),
                request.body());
        if (reading instanceof TokenRequest.Refused refused) {
            return tokenError(refused.error(), authorization);
        }
        TokenRequest exchange = ((TokenRequest.Valid) reading).request();
        AuthorizationCodes.Redemption redemption = codes.redeem(exchange.code(), exchange.clientId(), exchange.redirectUri(),
                exchange.codeVerifier());
        return redemption instanceof AuthorizationCodes.Granted granted ? tokens(granted.grant())
                : tokenError(new OAuthError(OAuthError.INVALID_GRANT, ((AuthorizationCodes.Refused) redemption).why()),
                        authorization);
    }

    private Response tokens(AuthorizationCodes.Grant grant) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("access_token", issuer.mint(grant.subject(), grant.scopes(), LocalIssuer.SIGNED_IN_LIFETIME));
        answer.put("token_type", "Bearer");
        answer.put("expires_in", LocalIssuer.SIGNED_IN_LIFETIME.toSeconds());
        answer.put("scope", String.join(" ", grant.scopes()));
        if (grant.scopes().contains("openid")) {
            answer.put("id_token", issuer.idToken(grant.subject(), grant.request().clientId(), grant.request().nonce(),
                    LocalIssuer.SIGNED_IN_LIFETIME));
        }
        return json(200, JSONObjectUtils.toJSONString(answer), noStore());
    }

    private static Response tokenError(OAuthError error, Optional<String> authorization) {
        Map<String, List<String>> headers = new LinkedHashMap<>(noStore());
        // RFC 6749 §5.2: a client that tried the Authorization header is told so in the scheme it used.
        authorization.filter(header -> error.error().equals(OAuthError.INVALID_CLIENT))
                .ifPresent(header -> headers.put("www-authenticate", List.of(header.strip().split(" ", 2)[0])));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", error.error());
        body.put("error_description", error.description());
        return json(error.status(), JSONObjectUtils.toJSONString(body), headers);
    }

    private Response signInPage(int status, AuthorizationRequest request, String subject, boolean administrator,
                                Optional<String> problem) {
        return page(status, SignInPage.form(request, LocalIssuer.AUTHORIZE_PATH, subject, administrator, problem),
                Optional.of(AuthorizationRequest.origin(URI.create(request.redirectUri()))));
    }

    /** RFC 6749 §5.1: "Cache-Control: no-store" and "Pragma: no-cache" on anything holding tokens or credentials. */
    private static Map<String, List<String>> noStore() {
        return Map.of("cache-control", List.of("no-store"), "pragma", List.of("no-cache"));
    }

    private static Response json(int status, String body, Map<String, List<String>> headers) {
        Map<String, List<String>> all = new LinkedHashMap<>(headers);
        all.put("content-type", List.of("application/json"));
        return new Response(status, all, body.getBytes(StandardCharsets.UTF_8));
    }

    private static Response page(int status, String html, Optional<String> redirectOrigin) {
        Map<String, List<String>> headers = new LinkedHashMap<>(noStore());
        headers.put("content-type", List.of("text/html; charset=utf-8"));
        headers.put("content-security-policy", List.of(SignInPage.policy(redirectOrigin)));
        headers.put("x-content-type-options", List.of("nosniff"));
        headers.put("referrer-policy", List.of("no-referrer"));
        return new Response(status, headers, html.getBytes(StandardCharsets.UTF_8));
    }

    private static Response seeOther(URI location) {
        Map<String, List<String>> headers = new LinkedHashMap<>(noStore());
        headers.put("location", List.of(location.toString()));
        return new Response(303, headers, new byte[0]);
    }

    private static Response notAllowed(String allow) {
        return new Response(405, Map.of("allow", List.of(allow), "content-type", List.of("application/json")),
                "{\"message\":\"Method Not Allowed\"}".getBytes(StandardCharsets.UTF_8));
    }
}
