package dev.orders.http.support;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.api.ApiFunction;
import dev.orders.http.api.Caller;
import dev.orders.lambda.json.Json;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.wiring.Services;
import dev.orders.routes.PathTemplate;
import dev.orders.testsupport.lambda.TestContext;
import dev.orders.testsupport.privilege.PrivilegeRecorder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Invokes a function as Lambda would, and reads its response as a client would. */
public final class Api {
    public static final String CURSOR_SECRET = "test cursor secret, not for production";
    /** The administrator of the sample events of the cross-customer routes. */
    public static final String ADMIN = "ops-grace";
    private static final SamTemplate TEMPLATE = SamTemplate.repository();

    private Api() {
    }

    /**
     * Services of {@code function} (its handler class) over the fixture's table, configured as the template
     * configures it, through a DynamoDB client of its own whose calls are recorded for the least-privilege
     * check ({@link #dynamoDb}).
     */
    public static Services services(Fixture fx, Class<? extends ApiFunction> function) {
        Map<String, String> env = environment(fx);
        return Services.fromEnvironment(env, dynamoDb(fx, function, env));
    }

    /** The variables the template gives a function, over the fixture's table; the cursor key by value, as locally. */
    public static Map<String, String> environment(Fixture fx) {
        return Map.of(Services.TABLE_NAME, fx.table.tableName(), Services.CURSOR_SECRET, CURSOR_SECRET,
                Services.STATUS_FEED_SHARDS, Integer.toString(fx.table.statusShards()));
    }

    /**
     * {@code function}'s own client of the fixture's Dynoxide, given {@code env}: every call it makes is
     * recorded with the IAM permission it needs ({@link PrivilegeRecorder}). Not the fixture's client, whose
     * seeding and assertions are the test's calls, not the function's.
     */
    public static DynamoDbClient dynamoDb(Fixture fx, Class<? extends ApiFunction> function, Map<String, String> env) {
        return fx.testTable.newClient(PrivilegeRecorder.forHandler(function, env));
    }

    /**
     * The environment Lambda gives a function (template variables, region, credentials), pointing at
     * {@code endpoint}: what {@link Services#fromEnvironment(Map)} builds the production client from.
     */
    public static Map<String, String> environment(String tableName, URI endpoint) {
        return Map.of(Services.TABLE_NAME, tableName, Services.CURSOR_SECRET, CURSOR_SECRET,
                Services.DYNAMODB_ENDPOINT, endpoint.toString(), "AWS_REGION", "us-east-1",
                "AWS_ACCESS_KEY_ID", "local", "AWS_SECRET_ACCESS_KEY", "local");
    }

    public static Reply invoke(ApiFunction function, APIGatewayV2HTTPEvent event) {
        return new Reply(function.respond(event, new TestContext()));
    }

    /** A sample event with another method, path, query, headers or body: a variation of {@code sample}. */
    public static APIGatewayV2HTTPEvent variant(String sample, Map<String, Object> changes) {
        Map<String, Object> json = SampleEvents.json(sample);
        json.putAll(changes);
        return SampleEvents.fromJson(json);
    }

    /** A sample event with another body. */
    public static APIGatewayV2HTTPEvent withBody(String sample, Object body) {
        return variant(sample, Map.of("body", body instanceof String text ? text : Json.write(body)));
    }

    /** A sample event with other path parameters (raw path and route key stay as in the sample). */
    public static APIGatewayV2HTTPEvent withPath(String sample, Map<String, String> pathParameters) {
        return variant(sample, Map.of("pathParameters", pathParameters));
    }

    /**
     * A sample as {@code customerId} would send it: that path parameter, and the raw path with its
     * percent-encoded segment (the sample's customer is {@link Fixture#SAMPLE_CUSTOMER}).
     */
    public static APIGatewayV2HTTPEvent forCustomer(String sample, String customerId) {
        Map<String, Object> json = SampleEvents.json(sample);
        @SuppressWarnings("unchecked")
        Map<String, String> path = new LinkedHashMap<>((Map<String, String>) json.get("pathParameters"));
        path.put("customerId", customerId);
        json.put("pathParameters", path);
        json.put("rawPath", ((String) json.get("rawPath")).replace("/customers/" + Fixture.SAMPLE_CUSTOMER,
                "/customers/" + PathTemplate.encodeSegment(customerId)));
        return SampleEvents.fromJson(json);
    }

    /** A sample without route key and path parameters: the function matches the raw path {@code rawPath} itself. */
    public static APIGatewayV2HTTPEvent byRawPath(String sample, String rawPath) {
        Map<String, Object> json = SampleEvents.json(sample);
        json.remove("routeKey");
        json.remove("pathParameters");
        json.put("rawPath", rawPath);
        return SampleEvents.fromJson(json);
    }

    /**
     * {@code event} with the token {@code claims} (all text, as API Gateway passes them) and no scope list:
     * what API Gateway's JWT authorizer sends on a route that declares no AuthorizationScopes.
     */
    public static APIGatewayV2HTTPEvent withClaims(APIGatewayV2HTTPEvent event, Map<String, String> claims) {
        return withJwt(event, claims, null);
    }

    /** {@code event} with the token {@code claims} and the authorizer's list of the token's {@code scopes}. */
    public static APIGatewayV2HTTPEvent withJwt(APIGatewayV2HTTPEvent event, Map<String, String> claims, List<String> scopes) {
        event.getRequestContext().setAuthorizer(APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                .withJwt(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT.builder()
                        .withClaims(claims).withScopes(scopes).build()).build());
        return event;
    }

    /** {@code event} with one more header, e.g. an Idempotency-Key. */
    public static APIGatewayV2HTTPEvent withHeader(APIGatewayV2HTTPEvent event, String name, String value) {
        Map<String, String> headers = new LinkedHashMap<>(event.getHeaders());
        headers.put(name, value);
        event.setHeaders(headers);
        return event;
    }

    /**
     * {@code event} as sent by {@code subject} with {@code scopes} (its {@code scope} claim), as the JWT
     * authorizer would pass it: the list of the token's scopes only on a route whose template event declares
     * AuthorizationScopes (API Gateway sends {@code "scopes": null} elsewhere).
     */
    public static APIGatewayV2HTTPEvent as(APIGatewayV2HTTPEvent event, String subject, String... scopes) {
        Map<String, String> claims = new LinkedHashMap<>(Map.of("sub", subject, "iss", "https://auth.example.com/",
                "aud", "order-service"));
        if (scopes.length > 0) {
            claims.put("scope", String.join(" ", scopes));
        }
        return withJwt(event, claims, declaresScopes(event.getRouteKey()) ? List.of(scopes) : null);
    }

    /** Whether the template's route {@code routeKey} declares AuthorizationScopes. */
    static boolean declaresScopes(String routeKey) {
        return TEMPLATE.functions().stream().flatMap(function -> function.routes().stream())
                .anyMatch(route -> route.key().equals(routeKey) && !route.authorizationScopes().isEmpty());
    }

    /**
     * The {@code scope} and {@code scp} claims of tokens that only look like an administrator's, as API Gateway
     * forwards them to a function (an array claim flattened to "[a b]"): each claim as the text
     * "[x,orders:admin]", "[profile orders:admin]" and "[\"orders:admin\"]", and as the array
     * ["x orders:admin"]. API Gateway's authorizer refuses every one on a route declaring orders:admin.
     */
    public static Stream<Arguments> lookalikeAdminClaims() {
        return Stream.of("scope", "scp").flatMap(claim -> Stream.of(
                Arguments.of(claim, "[x,orders:admin]"),
                Arguments.of(claim, "[profile orders:admin]"),
                Arguments.of(claim, "[\"orders:admin\"]"),
                Arguments.of(claim, "[x orders:admin]")));
    }

    /** {@code event} as API Gateway forwards it to a route without scopes for {@code subject}'s token with {@code claim}. */
    public static APIGatewayV2HTTPEvent withLookalikeClaim(APIGatewayV2HTTPEvent event, String subject, String claim,
                                                           String value) {
        return withClaims(event, Map.of("sub", subject, "iss", "https://auth.example.com/", "aud", "order-service",
                claim, value));
    }

    /** {@code event} as an administrator (scope orders:admin) sends it. */
    public static APIGatewayV2HTTPEvent asAdmin(APIGatewayV2HTTPEvent event) {
        return as(event, ADMIN, Caller.ADMIN_SCOPE);
    }

    /** {@code event} without any authorizer context: what arrives when no authorizer ran. */
    public static APIGatewayV2HTTPEvent anonymous(APIGatewayV2HTTPEvent event) {
        event.getRequestContext().setAuthorizer(null);
        return event;
    }

    /** The response, with its body parsed. */
    public record Reply(APIGatewayV2HTTPResponse response) {
        public int status() {
            return response.getStatusCode();
        }

        public Optional<String> header(String name) {
            return response.getHeaders() == null ? Optional.empty()
                    : response.getHeaders().entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(Map.Entry::getValue).findFirst();
        }

        @SuppressWarnings("unchecked")
        public Map<String, Object> json() {
            try {
                Object body = Json.parse(response.getBody());
                return body instanceof Map ? new LinkedHashMap<>((Map<String, Object>) body) : Map.of();
            } catch (IOException e) {
                throw new UncheckedIOException("response body is not JSON: " + response.getBody(), e);
            }
        }

        public String contentType() {
            return header("content-type").orElse("");
        }
    }
}
