package dev.orders.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api;
import dev.orders.http.support.HostileRequests;
import dev.orders.http.support.SampleEvents;
import dev.orders.http.support.SampleScene;
import dev.orders.http.support.SignedSamples;
import dev.orders.wiring.Services;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.faults.FaultyHttpClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;

/**
 * docs/openapi.yaml is what clients read: every response of every HTTP handler, in-process against a
 * table of Dynoxide created from template.yaml, must be one the document describes (status,
 * headers, body). Checked for every sample event of events/, each hostile variation of it
 * ({@link HostileRequests}), and typical errors; a failure lists the validator's messages. Last, every
 * schema's {@code required} is checked against what all those responses held ({@link PropertyPresence}).
 */
@ExtendWith(DynamoDbExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ResponseContractTest {
    private static final OpenApiContract CONTRACT = OpenApiContract.ofRepository();
    /** What the responses of the tests before the last held, for the last. */
    private static final PropertyPresence PRESENCE = PropertyPresence.ofRepository();
    /** Hostile variations that replace the webhook's signature: re-signing them would undo the variation. */
    private static final String SIGNATURE_VARIATION = "headers.webhook-signature";
    /**
     * API Gateway always sends the request context (method, caller): an event without one is no request a
     * client can make, so its answer (405 by the raw path, the method unknown) is no part of the HTTP contract.
     */
    private static final String NO_REQUEST_CONTEXT = "no request context";

    static List<Exchange> samples() {
        return Exchanges.samples();
    }

    static List<Exchange> errors() {
        return Exchanges.errors();
    }

    static List<Exchange> states() {
        return Exchanges.states();
    }

    @Test
    @Order(1)
    void everyStatedSceneIsOfAnHttpSampleEventOfEventsAndEverySampleHasOne() {
        assertTrue(SampleEvents.names().containsAll(SampleScene.stated()), "a scene outlived its sample: "
                + SampleScene.stated());
        assertEquals(SampleEvents.names(), SampleScene.all().stream().map(SampleScene::sample).toList());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    @Order(2)
    void everySampleEventIsAnsweredItsSuccessStatusAsTheDocumentDescribesIt(Exchange sample, TestTable table) {
        assertAnsweredAsDocumented(sample, services(seeded(table, sample)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("states")
    @Order(2)
    void theStatesTheSamplesDoNotShowAreAnsweredAsTheDocumentDescribesThem(Exchange state, TestTable table) {
        assertAnsweredAsDocumented(state, services(seeded(table, state)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("errors")
    @Order(3)
    void typicalErrorsAndAReplayAreAnsweredAsTheDocumentDescribesThem(Exchange error, TestTable table, LocalDynamoDb server) {
        Fixture fx = seeded(table, error);
        if (error.fault().isEmpty()) {
            assertAnsweredAsDocumented(error, services(fx));
            return;
        }
        Map<String, String> env = Api.environment(table.tableName(), server.endpoint());
        try (FaultyHttpClient http = new FaultyHttpClient(UrlConnectionHttpClient.builder().build())) {
            http.failAlways(error.fault().get().operation(), error.fault().get().injected());
            assertAnsweredAsDocumented(error, Services.fromEnvironment(env, Services.dynamoDb(env, http)));
        }
    }

    @ParameterizedTest(name = "hostile variations of {0}")
    @MethodSource("samples")
    @Order(4)
    void everyHostileVariationOfASampleIsAnsweredAsTheDocumentDescribesIt(Exchange sample, TestTable table) {
        Handlers handlers = Handlers.over(services(seeded(table, sample)));
        String routeKey = routeKey(sample.sample());
        Map<String, Map<String, Object>> variations = new LinkedHashMap<>(HostileRequests.variants(sample.sample()));
        variations.remove(NO_REQUEST_CONTEXT);
        List<String> failures = new ArrayList<>();
        variations.forEach((name, json) -> {
            APIGatewayV2HTTPEvent event = SampleEvents.fromJson(json);
            if (!name.startsWith(SIGNATURE_VARIATION)) {
                event = SignedSamples.signedNow(event);
            }
            APIGatewayV2HTTPResponse response = handlers.invoke(sample.sample(), event);
            PRESENCE.record(routeKey, response);
            List<String> mismatches = CONTRACT.mismatches(routeKey, rawPath(sample.sample(), event), response);
            if (!mismatches.isEmpty()) {
                failures.add(name + ": " + describe(response, mismatches));
            }
        });

        assertFalse(variations.isEmpty(), "no hostile variation of " + sample.sample());
        if (!failures.isEmpty()) {
            fail(failures.size() + " of " + variations.size() + " hostile variations of " + sample.sample()
                    + " were answered otherwise than docs/openapi.yaml describes:\n" + String.join("\n", failures));
        }
    }

    /**
     * Every property a response schema requires was in every response above that held the schema, and every
     * property that was in all of them is required: a client may rely on exactly what {@code required} says.
     * Run after the tests above (it checks what they saw), so only with them.
     */
    @Test
    @Order(5)
    void everyResponseSchemaRequiresExactlyThePropertiesEveryResponseAboveHeld() {
        assertTrue(PRESENCE.responses() > 0, "no response was tallied: run this test with the others of its class");
        List<String> mismatches = PRESENCE.mismatches();
        if (!mismatches.isEmpty()) {
            fail(mismatches.size() + " properties of docs/openapi.yaml's response schemas are not required exactly when "
                    + "the " + PRESENCE.responses() + " responses checked above always held them:\n  - "
                    + String.join("\n  - ", mismatches));
        }
    }

    /** Sends the exchange's earlier requests, then its request: answered its status, as the document describes. */
    private static void assertAnsweredAsDocumented(Exchange exchange, Services services) {
        Handlers handlers = Handlers.over(services);
        for (UnaryOperator<APIGatewayV2HTTPEvent> earlier : exchange.earlier()) {
            APIGatewayV2HTTPResponse before = handlers.invoke(exchange.sample(),
                    earlier.apply(SampleEvents.load(exchange.sample())));
            // A failed earlier request would leave the scene unset, and the exchange would prove nothing.
            assertTrue(before.getStatusCode() < 300, () -> "earlier request of " + exchange.name() + ": "
                    + before.getStatusCode() + " " + before.getBody());
        }
        APIGatewayV2HTTPEvent event = exchange.request().apply(SampleEvents.load(exchange.sample()));
        APIGatewayV2HTTPResponse response = handlers.invoke(exchange.sample(), event);
        PRESENCE.record(routeKey(exchange.sample()), response);

        List<String> mismatches = CONTRACT.mismatches(routeKey(exchange.sample()), rawPath(exchange.sample(), event),
                response);
        assertEquals(exchange.status(), response.getStatusCode(), () -> describe(response, mismatches));
        if (!mismatches.isEmpty()) {
            fail(exchange.name() + " was answered otherwise than docs/openapi.yaml describes: "
                    + describe(response, mismatches));
        }
    }

    private static Fixture seeded(TestTable table, Exchange exchange) {
        Fixture fx = new Fixture(table);
        exchange.seed().accept(fx);
        return fx;
    }

    /** The route of the sample, e.g. {@code GET /orders/{orderId}}: a variation may have lost or changed its own. */
    private static String routeKey(String sample) {
        return (String) SampleEvents.json(sample).get("routeKey");
    }

    private static String rawPath(String sample, APIGatewayV2HTTPEvent event) {
        return event.getRawPath() != null ? event.getRawPath() : (String) SampleEvents.json(sample).get("rawPath");
    }

    private static String describe(APIGatewayV2HTTPResponse response, List<String> mismatches) {
        return response.getStatusCode() + " " + response.getHeaders() + " " + response.getBody()
                + (mismatches.isEmpty() ? "" : "\n  - " + String.join("\n  - ", mismatches));
    }

    /** Every handler over one set of services on the test's table, configured as the template configures them. */
    private static Services services(Fixture fx) {
        return Services.fromEnvironment(Api.environment(fx), fx.testTable.client());
    }
}
