package dev.orders.http.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.amazonaws.services.lambda.runtime.serialization.PojoSerializer;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import dev.orders.dynamodb.table.DynamoDbFaults;
import dev.orders.http.support.SampleEvents;
import dev.orders.lambda.json.Json;
import dev.orders.testsupport.lambda.TestContext;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class HttpApiCodecTest {
    private static final ClassLoader LOADER = HttpApiCodecTest.class.getClassLoader();
    private static final PojoSerializer<APIGatewayV2HTTPEvent> RUNTIME_EVENTS =
            LambdaEventSerializers.serializerFor(APIGatewayV2HTTPEvent.class, LOADER);
    private static final PojoSerializer<APIGatewayV2HTTPResponse> RUNTIME_RESPONSES =
            LambdaEventSerializers.serializerFor(APIGatewayV2HTTPResponse.class, LOADER);

    /** A function with one owner route that answers with what it read of the request. */
    private static final ApiFunction ECHO = new ApiFunction(new Router(List.of(new Route("GET",
            "/customers/{customerId}", Access.owner(), request -> Http.json(200, Map.of(
                    "customerId", request.pathParameter("customerId"),
                    "view", request.query("view").orElse("none")))))), new DynamoDbFaults()) {
    };

    @ParameterizedTest
    @MethodSource("dev.orders.http.support.SampleEvents#names")
    void readsEverySampleEventAsTheLambdaRuntimeSerializerDoes(String sample) {
        String json = Json.write(SampleEvents.json(sample));

        assertEquals(RUNTIME_EVENTS.fromJson(json), HttpApiCodec.readEvent(stream(json)));
    }

    @Test
    void writesResponsesAsTheLambdaRuntimeSerializerDoes() throws IOException {
        for (APIGatewayV2HTTPResponse response : List.of(
                Http.json(201, Map.of("orderId", "o-1"), Map.of("location", "/orders/o-1")),
                Http.problem(Problem.of(404, "not-found", "Not found", "No such order.")),
                Http.noContent(Map.of()))) {
            ByteArrayOutputStream ours = new ByteArrayOutputStream();
            ByteArrayOutputStream runtime = new ByteArrayOutputStream();
            HttpApiCodec.writeResponse(response, ours);
            RUNTIME_RESPONSES.toJson(response, runtime);

            assertEquals(Json.parse(runtime.toString(StandardCharsets.UTF_8)),
                    Json.parse(ours.toString(StandardCharsets.UTF_8)));
        }
    }

    @Test
    void aStreamInvocationAnswersTheEventsRoute() throws IOException {
        Map<String, Object> reply = invoke(Json.write(event("c-ada", "c-ada")));

        assertEquals(200, reply.get("statusCode"));
        assertEquals(Map.of("customerId", "c-ada", "view", "full"), Json.parse((String) reply.get("body")));
    }

    @Test
    void theCallerIsTheSubjectOfTheEventsJwtClaims() throws IOException {
        // An owner route hides another customer's resources: 404, as for one that does not exist.
        assertEquals(404, invoke(Json.write(event("c-ada", "c-grace"))).get("statusCode"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "not json", "[]", "42", "null", "{\"headers\": []}", "{\"body\": {\"a\": 1}}",
            "{\"requestContext\": \"x\"}", "{\"cookies\": [[\"a\"]]}",
            "{\"requestContext\": {\"authorizer\": {\"jwt\": {\"claims\": {\"sub\": {\"a\": 1}}}}}}"})
    void anEventThatIsNoHttpApiEventIsRefusedWith400(String event) throws IOException {
        Map<String, Object> reply = invoke(event);

        assertEquals(400, reply.get("statusCode"));
        @SuppressWarnings("unchecked")
        Map<String, Object> headers = (Map<String, Object>) reply.get("headers");
        assertEquals(Http.PROBLEM_JSON, headers.get("content-type"));
        assertEquals("Invalid request", ((Map<?, ?>) Json.parse((String) reply.get("body"))).get("title"));
    }

    /** A minimal HTTP API event for GET /customers/{customerId}?view=full by {@code subject}. */
    private static Map<String, Object> event(String customerId, String subject) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("version", "2.0");
        event.put("routeKey", "GET /customers/{customerId}");
        event.put("rawPath", "/customers/" + customerId);
        event.put("rawQueryString", "view=full");
        event.put("queryStringParameters", Map.of("view", "full"));
        event.put("pathParameters", Map.of("customerId", customerId));
        event.put("isBase64Encoded", false);
        event.put("requestContext", Map.of("requestId", "r-1", "routeKey", "GET /customers/{customerId}",
                "timeEpoch", 1_795_000_000_000L, "http", Map.of("method", "GET", "path", "/customers/" + customerId),
                "authorizer", Map.of("jwt", Map.of("claims", Map.of("sub", subject, "iat", 1_795_000_000),
                        "scopes", List.of()))));
        return event;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> invoke(String event) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ECHO.handleRequest(stream(event), out, new TestContext());
        return (Map<String, Object>) Json.parse(out.toString(StandardCharsets.UTF_8));
    }

    private static InputStream stream(String json) {
        return new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8));
    }
}
