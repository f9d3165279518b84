package dev.orders.local.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jr.ob.JSON;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.oauth2.sdk.AuthorizationCode;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.AuthorizationErrorResponse;
import com.nimbusds.oauth2.sdk.AuthorizationResponse;
import com.nimbusds.oauth2.sdk.AuthorizationSuccessResponse;
import com.nimbusds.oauth2.sdk.ErrorObject;
import com.nimbusds.oauth2.sdk.GrantType;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.TokenErrorResponse;
import com.nimbusds.oauth2.sdk.TokenResponse;
import com.nimbusds.oauth2.sdk.auth.ClientAuthenticationMethod;
import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.oauth2.sdk.id.State;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import com.nimbusds.openid.connect.sdk.AuthenticationRequest;
import com.nimbusds.openid.connect.sdk.Nonce;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponse;
import com.nimbusds.openid.connect.sdk.OIDCTokenResponseParser;
import com.nimbusds.openid.connect.sdk.claims.IDTokenClaimsSet;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderMetadata;
import com.nimbusds.openid.connect.sdk.validators.IDTokenValidator;
import dev.orders.local.UsageException;
import dev.orders.local.lambda.FunctionCode;
import dev.orders.local.lambda.FunctionInvoker;
import dev.orders.local.schedules.ManualTime;
import dev.orders.localaws.template.CloudFormationYaml;
import dev.orders.localaws.template.SamTemplate;
import java.io.IOException;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A browser's sign-in at sam-local's issuer over HTTP, as another implementation speaks OAuth 2.0 and OpenID Connect
 * (Nimbus's SDK, the oracle): discovery, the sign-in page, the code at the redirect_uri, its exchange at the token
 * endpoint, the ID token validated against the key set, and the access token through the API's JWT authorizer.
 */
class IssuerSignInTest {
    private static final ClientID CONSOLE = new ClientID(ConsoleFiles.CLIENT_ID);
    /** One key for all the tests: making one takes a while. */
    private static final RSAKey KEY = LocalJwtAuthorizerTest.rsaKey("sign-in");
    private static final String TEMPLATE = """
            Resources:
              BackOffice:
                Type: AWS::Serverless::Function
                Properties:
                  Handler: a.B::handleRequest
                  CodeUri: back-office.jar
                  Events:
                    Issues: {Type: HttpApi, Properties: {Method: GET, Path: /payment-issues, Auth: {AuthorizationScopes: [orders:admin]}}}
                    Customer: {Type: HttpApi, Properties: {Method: GET, Path: "/customers/{customerId}"}}
            """;

    // Now, so that Nimbus's validator, which reads the system's clock, takes the tokens as current.
    private final ManualTime clock = new ManualTime(Instant.now().truncatedTo(ChronoUnit.SECONDS));
    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private URI issuerUrl;
    private URI redirectUri;
    private LocalHttpApi api;
    private OIDCProviderMetadata metadata;

    @BeforeEach
    void start() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 0, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        issuerUrl = LocalIssuer.url("127.0.0.1", port);
        redirectUri = URI.create(issuerUrl + "/console/");
        LocalIssuer issuer = new LocalIssuer(KEY, issuerUrl, List.of("sam-local"), clock);
        api = new LocalHttpApi(template(TEMPLATE), new FunctionCode(function -> List.of()),
                LocalJwtAuthorizer.of(issuer, clock), List.of(issuer.endpoints()));
        api.serveElsewhere("BackOffice", new FunctionInvoker() {
            /** Answers with the subject the authorizer passed on. */
            @Override
            @SuppressWarnings("unchecked")
            public byte[] invoke(byte[] eventJson, String requestId) throws IOException {
                Map<String, Object> event = JSON.std.mapFrom(eventJson);
                Map<String, Object> jwt = (Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>)
                        event.get("requestContext")).get("authorizer")).get("jwt");
                return JSON.std.asBytes(Map.of("statusCode", 200, "body", "signed in as "
                        + ((Map<String, Object>) jwt.get("claims")).get("sub")));
            }

            @Override
            public void close() {
            }
        });
        api.start("127.0.0.1", port);
        metadata = OIDCProviderMetadata.resolve(new Issuer(issuerUrl));
    }

    @AfterEach
    void stop() {
        api.close();
    }

    @Test
    void theDiscoveryDocumentTellsABrowserWhereAndHowToSignIn() {
        assertEquals(URI.create(issuerUrl + "/authorize"), metadata.getAuthorizationEndpointURI());
        assertEquals(URI.create(issuerUrl + "/token"), metadata.getTokenEndpointURI());
        assertEquals(List.of(ResponseType.CODE), metadata.getResponseTypes());
        assertEquals(List.of(GrantType.AUTHORIZATION_CODE), metadata.getGrantTypes());
        assertEquals(List.of(CodeChallengeMethod.S256), metadata.getCodeChallengeMethods());
        assertEquals(List.of(ClientAuthenticationMethod.NONE), metadata.getTokenEndpointAuthMethods());
        assertEquals(new Scope("openid", "orders:admin"), metadata.getScopes());
        assertTrue(metadata.supportsAuthorizationResponseIssuerParam());
    }

    @Test
    void anAdministratorSignsInOnThePageAndItsAccessTokenOpensTheAdministratorsRoutes() throws Exception {
        Browser browser = new Browser();
        HttpResponse<String> page = browser.get(browser.authorization());
        assertEquals(200, page.statusCode());
        assertEquals("text/html; charset=utf-8", page.headers().firstValue("content-type").orElseThrow());
        assertEquals("no-store", page.headers().firstValue("cache-control").orElseThrow());
        assertTrue(page.headers().firstValue("content-security-policy").orElseThrow().contains("frame-ancestors 'none'"));
        assertEquals("text", attribute(fieldLabelled(page.body(), "Subject"), "type"));
        assertEquals("checkbox", attribute(fieldLabelled(page.body(), "Administrator"), "type"));
        assertTrue(page.body().contains("<button type=\"submit\">Sign in</button>"), page.body());

        AuthorizationSuccessResponse signedIn = browser.signIn(page.body(), "ops-grace", true);
        assertEquals(browser.state, signedIn.getState());
        assertEquals(new Issuer(issuerUrl), signedIn.getIssuer());
        HTTPResponse answer = browser.exchange(signedIn.getAuthorizationCode(), CONSOLE, redirectUri, browser.verifier);

        assertEquals("no-store", answer.getCacheControl());
        OIDCTokenResponse tokens = assertInstanceOf(OIDCTokenResponse.class,
                OIDCTokenResponseParser.parse(answer).toSuccessResponse());
        assertEquals(new Scope("openid", "orders:admin"), tokens.getOIDCTokens().getAccessToken().getScope());
        assertEquals(3600, tokens.getOIDCTokens().getAccessToken().getLifetime());
        IDTokenClaimsSet idToken = new IDTokenValidator(new Issuer(issuerUrl), CONSOLE, JWSAlgorithm.RS256,
                metadata.getJWKSetURI().toURL()).validate(tokens.getOIDCTokens().getIDToken(), browser.nonce);
        assertEquals("ops-grace", idToken.getSubject().getValue());
        SignedJWT accessToken = SignedJWT.parse(tokens.getOIDCTokens().getAccessToken().getValue());
        assertEquals(List.of("sam-local"), accessToken.getJWTClaimsSet().getAudience());
        assertEquals(clock.instant().plus(Duration.ofHours(1)), accessToken.getJWTClaimsSet().getExpirationTime().toInstant());

        HttpResponse<String> issues = get("/payment-issues", tokens.getOIDCTokens().getAccessToken().getValue());
        assertEquals(200, issues.statusCode(), issues.body());
        assertEquals("signed in as ops-grace", issues.body());
    }

    @Test
    void withoutAdministratorTheTokenIsACustomersWhichTheAdministratorsRoutesRefuse() throws Exception {
        Browser browser = new Browser();
        String accessToken = OIDCTokenResponseParser.parse(browser.exchange(browser.code("c-ada", false), CONSOLE,
                redirectUri, browser.verifier)).toSuccessResponse().getTokens().getAccessToken().getValue();

        assertEquals("openid", SignedJWT.parse(accessToken).getJWTClaimsSet().getStringClaim("scope"));
        assertEquals(403, get("/payment-issues", accessToken).statusCode());
        HttpResponse<String> own = get("/customers/c-ada", accessToken);
        assertEquals(200, own.statusCode());
        assertEquals("signed in as c-ada", own.body());
    }

    @Test
    void aWrongCodeVerifierIsAnInvalidGrantAndSpendsTheCode() throws Exception {
        Browser browser = new Browser();
        AuthorizationCode code = browser.code("ops-grace", true);

        assertEquals("invalid_grant: code_verifier does not match the code_challenge (S256)",
                refusal(browser.exchange(code, CONSOLE, redirectUri, new CodeVerifier())));
        assertEquals("invalid_grant: the code is unknown or already used",
                refusal(browser.exchange(code, CONSOLE, redirectUri, browser.verifier)), "no verifier can be guessed at");
    }

    @Test
    void aCodeIsGoodForOneExchangeOnly() throws Exception {
        Browser browser = new Browser();
        AuthorizationCode code = browser.code("ops-grace", true);

        assertTrue(OIDCTokenResponseParser.parse(browser.exchange(code, CONSOLE, redirectUri, browser.verifier)).indicatesSuccess());
        HTTPResponse again = browser.exchange(code, CONSOLE, redirectUri, browser.verifier);
        assertEquals(400, again.getStatusCode());
        assertEquals("invalid_grant: the code is unknown or already used", refusal(again));
    }

    @Test
    void aCodeLivesAMinute() throws Exception {
        Browser early = new Browser();
        AuthorizationCode first = early.code("ops-grace", true);
        Browser late = new Browser();
        AuthorizationCode second = late.code("ops-grace", true);

        clock.advance(Duration.ofSeconds(59));
        assertTrue(OIDCTokenResponseParser.parse(early.exchange(first, CONSOLE, redirectUri, early.verifier)).indicatesSuccess());
        clock.advance(Duration.ofSeconds(1));
        assertEquals("invalid_grant: the code expired (codes live 60 s)",
                refusal(late.exchange(second, CONSOLE, redirectUri, late.verifier)));
    }

    @Test
    void aCodeIsExchangedOnlyWithTheRedirectUriAndClientItWasGivenFor() throws Exception {
        Browser browser = new Browser();
        AuthorizationCode code = browser.code("ops-grace", true);
        assertEquals("invalid_grant: redirect_uri is not the one the code was given for", refusal(browser.exchange(code,
                CONSOLE, URI.create(issuerUrl + "/console/?x=1"), browser.verifier)));

        Browser another = new Browser();
        AuthorizationCode theirs = another.code("ops-grace", true);
        assertEquals("invalid_grant: the code was given to another client", refusal(another.exchange(theirs,
                new ClientID("another-app"), redirectUri, another.verifier)));
    }

    @Test
    void aRequestWithARedirectUriTheIssuerSendsNoCodeToIsRefusedOnAPageNotRedirected() throws Exception {
        Browser browser = new Browser();
        for (String redirect : List.of("https://example.com/console/", "http://192.0.2.1:3000/console/",
                "http://127.0.0.1.example.com/console/", "http://localhost@example.com/", issuerUrl + "/console/#x")) {
            HttpResponse<String> page = browser.get(browser.authorizationWith("redirect_uri", redirect));

            assertEquals(400, page.statusCode(), redirect);
            assertTrue(page.headers().firstValue("location").isEmpty(), redirect);
            assertTrue(page.body().contains("is not where sam-local&#39;s issuer sends codes"), page.body());
        }
        HttpResponse<String> noClient = browser.get(browser.authorizationWith("client_id", null));
        assertEquals(400, noClient.statusCode());
        assertTrue(noClient.body().contains("client_id is missing"), noClient.body());
    }

    @Test
    void anotherFaultOfTheRequestGoesBackToTheRedirectUriAsAnError() throws Exception {
        record Fault(String parameter, String value, String error) {
        }
        for (Fault fault : List.of(new Fault("code_challenge", null, "invalid_request"),
                new Fault("code_challenge_method", "plain", "invalid_request"),
                new Fault("scope", "openid profile", "invalid_scope"),
                new Fault("response_type", "token", "unsupported_response_type"))) {
            Browser browser = new Browser();
            HttpResponse<String> answer = browser.get(browser.authorizationWith(fault.parameter(), fault.value()));

            assertEquals(303, answer.statusCode(), fault.toString());
            URI location = URI.create(answer.headers().firstValue("location").orElseThrow());
            assertTrue(location.toString().startsWith(redirectUri + "?"), location.toString());
            AuthorizationErrorResponse error = AuthorizationResponse.parse(location).toErrorResponse();
            assertEquals(fault.error(), error.getErrorObject().getCode(), fault.toString());
            assertEquals(browser.state, error.getState());
        }
    }

    @Test
    void aSignInWithoutSubjectShowsThePageAgainSayingWhatIsMissing() throws Exception {
        Browser browser = new Browser();
        HttpResponse<String> again = browser.submit(browser.get(browser.authorization()).body(), " ", true);

        assertEquals(400, again.statusCode());
        assertTrue(again.headers().firstValue("location").isEmpty());
        assertTrue(again.body().contains("<p class=\"problem\" role=\"alert\">Give a subject.</p>"), again.body());
        assertTrue(fieldLabelled(again.body(), "Administrator").contains(" checked"), "what was ticked stays ticked");
    }

    @Test
    void theTokenEndpointRefusesAsRfc6749Says() throws Exception {
        String form = "application/x-www-form-urlencoded";
        // A code the issuer never gave, else a well-formed exchange.
        String exchange = "grant_type=authorization_code&code=c&redirect_uri=" + URLEncoder.encode(redirectUri.toString(),
                StandardCharsets.UTF_8) + "&code_verifier=" + new CodeVerifier().getValue();
        Map<String, String> refusals = new LinkedHashMap<>();
        refusals.put("grant_type=refresh_token&refresh_token=r&client_id=sam-local-console", "400 unsupported_grant_type");
        refusals.put("grant_type=authorization_code&code=c&client_id=sam-local-console", "400 invalid_request");
        refusals.put(exchange + "&client_id=sam-local-console&client_id=another", "400 invalid_request");
        refusals.put(exchange, "401 invalid_client");
        refusals.put(exchange + "&client_id=sam-local-console&client_secret=s", "401 invalid_client");
        refusals.put(exchange + "&client_id=sam-local-console", "400 invalid_grant");
        refusals.put("{\"grant_type\":\"authorization_code\"}", "400 invalid_request");
        for (Map.Entry<String, String> refusal : refusals.entrySet()) {
            HTTPRequest request = new HTTPRequest(HTTPRequest.Method.POST, metadata.getTokenEndpointURI());
            request.setContentType(refusal.getKey().startsWith("{") ? "application/json" : form);
            request.setBody(refusal.getKey());
            HTTPResponse answer = request.send();

            TokenErrorResponse error = TokenResponse.parse(answer).toErrorResponse();
            assertEquals(refusal.getValue(), answer.getStatusCode() + " " + error.getErrorObject().getCode(), refusal.getKey());
            assertEquals("no-store", answer.getCacheControl());
        }
    }

    @Test
    void aTemplateRouteOnTheSignInPathsKeepsTheApiFromStarting() {
        LocalIssuer issuer = new LocalIssuer(KEY, issuerUrl, List.of("sam-local"), clock);
        for (String route : List.of("{Method: POST, Path: /token}", "{Method: GET, Path: \"/{page}\"}")) {
            SamTemplate template = template(TEMPLATE.replace("{Method: GET, Path: /payment-issues, Auth: {AuthorizationScopes:"
                    + " [orders:admin]}}", route));

            UsageException e = assertThrows(UsageException.class, () -> new LocalHttpApi(template,
                    new FunctionCode(function -> List.of()), LocalJwtAuthorizer.of(issuer, clock), List.of(issuer.endpoints())));
            assertTrue(e.getMessage().contains(", where the local token issuer answers; point start-api at another issuer"),
                    e.getMessage());
        }
    }

    @Test
    void theIssuerSendsCodesToItsOwnConsoleAndToTheLoopbackOnly() {
        URI lan = URI.create("http://192.168.1.5:3000");
        for (String allowed : List.of("http://192.168.1.5:3000/console/", "http://localhost:5173/", "http://127.0.0.1:9999/cb",
                "http://[::1]:3000/console/", "http://127.0.0.1:3000/console/?from=login")) {
            assertTrue(AuthorizationRequest.sendsCodesTo(lan, allowed), allowed);
        }
        for (String refused : List.of("http://192.168.1.5:3000/elsewhere", "http://192.168.1.5:3001/console/",
                "https://192.168.1.5:3000/console/", "https://example.com/console/", "http://127.0.0.1.example.com/",
                "http://localhost@example.com/", "http://localhost:5173/#fragment", "javascript:alert(1)", "/console/", "::")) {
            assertFalse(AuthorizationRequest.sendsCodesTo(lan, refused), refused);
        }
    }

    /** A browser signing in at the issuer with PKCE, a state and a nonce of its own, as the console does. */
    private final class Browser {
        final CodeVerifier verifier = new CodeVerifier();
        final State state = new State();
        final Nonce nonce = new Nonce();

        /** The authorization request the console sends the browser to. */
        URI authorization() {
            return new AuthenticationRequest.Builder(ResponseType.CODE, new Scope("openid", "orders:admin"), CONSOLE, redirectUri)
                    .state(state).nonce(nonce).codeChallenge(verifier, CodeChallengeMethod.S256)
                    .endpointURI(metadata.getAuthorizationEndpointURI()).build().toURI();
        }

        /** The authorization request with {@code parameter} set to {@code value}, or left out if it is null. */
        URI authorizationWith(String parameter, String value) {
            Map<String, String> query = new LinkedHashMap<>();
            Pattern.compile("&").splitAsStream(authorization().getRawQuery()).map(pair -> pair.split("=", 2)).forEach(pair ->
                    query.put(URLDecoder.decode(pair[0], StandardCharsets.UTF_8), URLDecoder.decode(pair[1], StandardCharsets.UTF_8)));
            if (value == null) {
                query.remove(parameter);
            } else {
                query.put(parameter, value);
            }
            return URI.create(metadata.getAuthorizationEndpointURI() + "?" + encoded(query));
        }

        HttpResponse<String> get(URI uri) throws Exception {
            return http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
        }

        /** The form on {@code page} filled in and posted, as a browser posts it. */
        HttpResponse<String> submit(String page, String subject, boolean administrator) throws Exception {
            Matcher form = Pattern.compile("<form method=\"post\" action=\"([^\"]+)\">").matcher(page);
            assertTrue(form.find(), page);
            Map<String, String> fields = new LinkedHashMap<>();
            Matcher hidden = Pattern.compile("<input type=\"hidden\" name=\"([^\"]*)\" value=\"([^\"]*)\">").matcher(page);
            while (hidden.find()) {
                fields.put(unescaped(hidden.group(1)), unescaped(hidden.group(2)));
            }
            fields.put(attribute(fieldLabelled(page, "Subject"), "name"), subject);
            if (administrator) {
                fields.put(attribute(fieldLabelled(page, "Administrator"), "name"), "on");
            }
            return post(unescaped(form.group(1)), "application/x-www-form-urlencoded", encoded(fields));
        }

        /** The sign-in's answer at the redirect_uri, as the console reads it. */
        AuthorizationSuccessResponse signIn(String page, String subject, boolean administrator) throws Exception {
            HttpResponse<String> answer = submit(page, subject, administrator);
            assertEquals(303, answer.statusCode(), answer.body());
            URI location = URI.create(answer.headers().firstValue("location").orElseThrow());
            assertTrue(location.toString().startsWith(redirectUri + "?"), location.toString());
            return AuthorizationResponse.parse(location).toSuccessResponse();
        }

        /** The code of a sign-in as {@code subject} on the page the authorization request shows. */
        AuthorizationCode code(String subject, boolean administrator) throws Exception {
            return signIn(get(authorization()).body(), subject, administrator).getAuthorizationCode();
        }

        HTTPResponse exchange(AuthorizationCode code, ClientID client, URI redirect, CodeVerifier codeVerifier) throws Exception {
            return new com.nimbusds.oauth2.sdk.TokenRequest(metadata.getTokenEndpointURI(), client,
                    new AuthorizationCodeGrant(code, redirect, codeVerifier)).toHTTPRequest().send();
        }
    }

    /** A token endpoint's refusal: its error and description. */
    private static String refusal(HTTPResponse answer) throws Exception {
        ErrorObject error = assertInstanceOf(TokenErrorResponse.class, OIDCTokenResponseParser.parse(answer), answer.getBody())
                .getErrorObject();
        return error.getCode() + ": " + error.getDescription();
    }

    /** The input tag the label whose text is {@code text} is for. */
    private static String fieldLabelled(String page, String text) {
        Matcher label = Pattern.compile("<label for=\"([^\"]+)\">" + Pattern.quote(text) + "</label>").matcher(page);
        assertTrue(label.find(), "no label " + text + " in " + page);
        Matcher input = Pattern.compile("<input [^>]*id=\"" + Pattern.quote(label.group(1)) + "\"[^>]*>").matcher(page);
        assertTrue(input.find(), "no field for the label " + text + " in " + page);
        return input.group();
    }

    private static String attribute(String tag, String name) {
        Matcher value = Pattern.compile(" " + name + "=\"([^\"]*)\"").matcher(tag);
        assertTrue(value.find(), tag);
        return unescaped(value.group(1));
    }

    private static String unescaped(String html) {
        return html.replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    }

    private static String encoded(Map<String, String> fields) {
        return fields.entrySet().stream().map(field -> URLEncoder.encode(field.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(field.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
    }

    private HttpResponse<String> get(String path, String accessToken) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(issuerUrl + path)).header("Authorization", "Bearer " + accessToken)
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String contentType, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(issuerUrl + path)).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static SamTemplate template(String yaml) {
        return new SamTemplate(Path.of("t.yaml"), CloudFormationYaml.parse(new StringReader(yaml), "t.yaml"));
    }
}
