package dev.orders.functions.changeorder;

import static dev.orders.dynamodb.support.Fixture.SAMPLE_CUSTOMER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ORDER;
import static dev.orders.http.support.Api.invoke;
import static dev.orders.http.support.Api.withBody;
import static dev.orders.http.support.Api.withHeader;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.orders.application.order.CreateOrder;
import dev.orders.core.order.LineRequest;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderRequest;
import dev.orders.core.product.ProductDetails;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api.Reply;
import dev.orders.http.support.Api;
import dev.orders.http.support.SampleEvents;
import dev.orders.wiring.Services;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.Race;
import dev.orders.testsupport.TestTable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Adding a line under an Idempotency-Key, through the handler against Dynoxide: retries add it once. */
@ExtendWith(DynamoDbExtension.class)
class AddItemIdempotencyTest {
    private static final String ADD_ITEM = "change-order/add-item";
    private static final Map<String, Object> BISCUITS = Map.of("sku", "BISCUITS-200G", "quantity", 3);
    /** The sample order as seeded: two mugs at 12.50 and a tea at 8.99. */
    private static final long SEEDED_TOTAL = 2 * 1250 + 899;
    private Fixture fx;
    private ChangeOrderFunction function;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
        function = new ChangeOrderFunction(Api.services(fx, ChangeOrderFunction.class));
        fx.seedSampleOrder();
    }

    @Test
    void aRetryWithTheSameKeyAndBodyAnswersTheSameLineAgainAndAddsItOnce() {
        Reply first = invoke(function, addItem("key-1", BISCUITS));
        Reply retry = invoke(function, addItem("key-1", BISCUITS));

        assertEquals(201, first.status(), first.response().getBody());
        assertEquals(Optional.empty(), first.header("idempotent-replayed"));
        assertEquals(201, retry.status(), retry.response().getBody());
        assertEquals("true", retry.header("idempotent-replayed").orElseThrow());
        assertEquals(first.json(), retry.json());
        assertEquals(first.header("location"), retry.header("location"));
        assertOrder(3, SEEDED_TOTAL + 3 * 349);
    }

    @Test
    void theSameKeyForAnotherLineOrAnotherOrderIs422AndAddsNothing() {
        fx.createOrder(SAMPLE_CUSTOMER, "o-other", 100);
        invoke(function, addItem("key-1", BISCUITS));

        Reply otherLine = invoke(function, addItem("key-1", Map.of("sku", "BISCUITS-200G", "quantity", 4)));
        Reply otherOrder = invoke(function, withPath(addItem("key-1", BISCUITS), "o-other"));

        for (Reply reused : List.of(otherLine, otherOrder)) {
            assertEquals(422, reused.status(), reused.response().getBody());
            assertEquals("urn:order-service:problem:idempotency-key-reused", reused.json().get("type"));
        }
        assertOrder(3, SEEDED_TOTAL + 3 * 349);
        assertEquals(1, fx.reads.findRootById("o-other").orElseThrow().itemCount());
    }

    @Test
    void aKeyThatCreatedAnOrderNamesThatRequestSoAddingALineWithItIs422() {
        // Created as create-order creates it, through the test's own client: not a call of this function.
        Services createOrder = Services.fromEnvironment(Api.environment(fx), fx.testTable.client());
        new CreateOrder(createOrder.orders(), createOrder.clock()).create(new OrderRequest(SAMPLE_CUSTOMER, Optional.of("EUR"),
                List.of(new LineRequest("TEA-EARL-100G", 1))), Optional.of("key-2"), "test");

        Reply reply = invoke(function, addItem("key-2", BISCUITS));

        assertEquals(422, reply.status(), reply.response().getBody());
        assertOrder(2, SEEDED_TOTAL);
    }

    @Test
    void aRetryAfterAPriceChangeIsAnsweredWithTheLineAsItWasAddedAndAddsNothing() {
        Reply first = invoke(function, addItem("key-price", BISCUITS));
        fx.products.upsert(new ProductDetails("BISCUITS-200G", "Shortbread biscuits, 200 g", 399, "EUR", true));

        Reply retry = invoke(function, addItem("key-price", BISCUITS));

        assertEquals(201, retry.status(), retry.response().getBody());
        assertEquals(first.json(), retry.json());
        assertEquals(349, retry.json().get("unitPrice"));
        assertOrder(3, SEEDED_TOTAL + 3 * 349);
    }

    @Test
    void tenRacingRetriesWithOneKeyAddExactlyOneLine() {
        List<Reply> replies = Race.run(10, i -> invoke(function, addItem("key-race", BISCUITS)));

        for (Reply reply : replies) {
            assertEquals(201, reply.status(), reply.response().getBody());
        }
        assertEquals(1, replies.stream().map(reply -> reply.json().get("itemId")).distinct().count());
        assertEquals(9, replies.stream().filter(reply -> reply.header("idempotent-replayed").isPresent()).count());
        assertOrder(3, SEEDED_TOTAL + 3 * 349);
    }

    @Test
    void aRefusedAdditionIsNotRememberedSoItsRetryIsDecidedAfresh() {
        Reply refused = invoke(function, withPath(addItem("key-3", BISCUITS), "o-later"));
        fx.createOrder(SAMPLE_CUSTOMER, "o-later", 100);
        Reply retry = invoke(function, withPath(addItem("key-3", BISCUITS), "o-later"));

        assertEquals(404, refused.status(), refused.response().getBody());
        assertEquals(201, retry.status(), retry.response().getBody());
        assertEquals(Optional.empty(), retry.header("idempotent-replayed"));
        assertEquals(2, fx.reads.findRootById("o-later").orElseThrow().itemCount());
    }

    @Test
    void withoutAKeyEveryRequestAddsALine() {
        invoke(function, SampleEvents.load(ADD_ITEM));
        invoke(function, SampleEvents.load(ADD_ITEM));

        assertOrder(4, SEEDED_TOTAL + 2 * 3 * 349);
    }

    @Test
    void aMalformedKeyIs400NamingTheHeaderAndAddsNothing() {
        for (String key : List.of("x".repeat(129), "two words", "caf\u00e9")) {
            Reply reply = invoke(function, addItem(key, BISCUITS));

            assertEquals(400, reply.status(), key);
            assertEquals("Idempotency-Key", ((Map<?, ?>) ((List<?>) reply.json().get("errors")).get(0)).get("field"));
        }
        assertOrder(2, SEEDED_TOTAL);
    }

    private static APIGatewayV2HTTPEvent addItem(String idempotencyKey, Map<String, Object> line) {
        return withHeader(withBody(ADD_ITEM, line), "idempotency-key", idempotencyKey);
    }

    private static APIGatewayV2HTTPEvent withPath(APIGatewayV2HTTPEvent event, String orderId) {
        event.setPathParameters(Map.of("customerId", SAMPLE_CUSTOMER, "orderId", orderId));
        return event;
    }

    /** The sample order has {@code lines} lines, and its total and item count agree. */
    private void assertOrder(int lines, long total) {
        Order order = fx.reads.findRootById(SAMPLE_ORDER).orElseThrow();
        assertEquals(lines, order.itemCount());
        assertEquals(total, order.total());
        assertEquals(lines, fx.reads.findAggregate(SAMPLE_CUSTOMER, SAMPLE_ORDER).orElseThrow().items().size());
    }
}
