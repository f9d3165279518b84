package dev.orders.functions.createorder;

import static dev.orders.http.support.Api.invoke;
import static dev.orders.http.support.Api.variant;
import static dev.orders.http.support.Api.withBody;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.feed.FeedRequest;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.dynamodb.support.Race;
import dev.orders.http.api.HttpRequest;
import dev.orders.http.support.Api.Reply;
import dev.orders.http.support.Api;
import dev.orders.http.support.CallerChecks;
import dev.orders.http.support.HostileRequests;
import dev.orders.http.support.SampleEvents;
import dev.orders.testsupport.DynamoDbLocalExtension;
import dev.orders.testsupport.TestTable;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@ExtendWith(DynamoDbLocalExtension.class)
class CreateOrderFunctionTest {
    private static final String SAMPLE = "create-order/create-order";
    private Fixture fx;
    private CreateOrderFunction function;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
        function = new CreateOrderFunction(Api.services(fx));
    }

    @Test
    @SuppressWarnings("unchecked")
    void sampleCreatesTheOrderWithItsItems() {
        Reply reply = invoke(function, SampleEvents.load(SAMPLE));

        assertEquals(201, reply.status(), reply.response().getBody());
        Map<String, Object> order = reply.json();
        String orderId = (String) order.get("orderId");
        assertEquals(26, orderId.length());
        assertEquals("/customers/c-ada/orders/" + orderId, reply.header("location").orElseThrow());
        assertEquals("\"1\"", reply.header("etag").orElseThrow());
        assertEquals("CREATED", order.get("status"));
        assertEquals(1, order.get("version"));
        assertEquals(2 * 1250 + 899, order.get("total"));
        assertEquals("EUR", order.get("currency"));
        List<Map<String, Object>> items = (List<Map<String, Object>>) order.get("items");
        assertEquals(List.of("MUG-BLUE", "TEA-EARL-100G"), items.stream().map(i -> i.get("sku")).toList());
        assertTrue(items.stream().allMatch(i -> "PENDING".equals(i.get("itemStatus"))));
        assertEquals(2500, items.get(0).get("lineTotal"));
        assertEquals(2, fx.reads.findAggregate("c-ada", orderId).orElseThrow().items().size());
    }

    @Test
    void aCustomerOfAnIdentityProviderCreatesAnOrderFoundAtItsEncodedLocation() {
        String auth0 = "auth0|5f7c8ec7c33c6c004bbafe82";

        Reply reply = invoke(function, Api.as(Api.forCustomer(SAMPLE, auth0), auth0));

        assertEquals(201, reply.status(), reply.response().getBody());
        String orderId = (String) reply.json().get("orderId");
        assertEquals(auth0, reply.json().get("customerId"));
        assertEquals("/customers/auth0%7C5f7c8ec7c33c6c004bbafe82/orders/" + orderId, reply.header("location").orElseThrow());
        assertEquals(auth0, fx.reads.findAggregate(auth0, orderId).orElseThrow().order().customerId());
    }

    @Test
    void aCustomerIdWithTheKeyDelimiterIs400AndWritesNothing() {
        for (Reply reply : List.of(invoke(function, Api.asAdmin(Api.forCustomer(SAMPLE, "c-ada#STATUS#PAID"))),
                invoke(function, Api.as(Api.byRawPath(SAMPLE, "/customers/auth0%23x/orders"), "auth0#x")))) {
            assertEquals(400, reply.status(), reply.response().getBody());
            assertEquals("customerId", ((Map<?, ?>) ((List<?>) reply.json().get("errors")).get(0)).get("field"));
        }
        assertEquals(0, fx.itemCount());
    }

    @Test
    void aRetryWithTheSameKeyAndBodyReturnsTheSameOrder() {
        Reply first = invoke(function, SampleEvents.load(SAMPLE));
        Reply retry = invoke(function, SampleEvents.load(SAMPLE));

        assertEquals(201, retry.status());
        assertEquals(first.json().get("orderId"), retry.json().get("orderId"));
        assertEquals("true", retry.header("idempotent-replayed").orElseThrow());
        assertEquals(1, fx.feeds.customerTimeline("c-ada", FeedRequest.first(10)).items().size());
    }

    @Test
    void theSameKeyWithAnotherBodyIs422AndCreatesNothing() {
        invoke(function, SampleEvents.load(SAMPLE));

        Reply reused = invoke(function, withBody(SAMPLE, Map.of("currency", "EUR",
                "items", List.of(Map.of("sku", "OTHER", "quantity", 1, "unitPrice", 100)))));

        assertEquals(422, reused.status());
        assertEquals("application/problem+json", reused.contentType());
        assertEquals(1, fx.feeds.customerTimeline("c-ada", FeedRequest.first(10)).items().size());
    }

    @Test
    void twentyRacingRequestsWithOneKeyCreateExactlyOneOrder() {
        List<Reply> replies = Race.run(20, i -> invoke(function, SampleEvents.load(SAMPLE)));

        for (Reply reply : replies) {
            assertEquals(201, reply.status(), reply.response().getBody());
        }
        assertEquals(1, replies.stream().map(reply -> reply.json().get("orderId")).distinct().count());
        assertEquals(19, replies.stream().filter(reply -> reply.header("idempotent-replayed").isPresent()).count());
        assertEquals(1, fx.feeds.customerTimeline("c-ada", FeedRequest.first(10)).items().size());
        // One root, one history row, two lines and the idempotency record: nothing else was written.
        assertEquals(5, fx.itemCount());
    }

    @Test
    void withoutAKeyEveryRequestCreatesAnOrder() {
        Map<String, Object> headers = new HashMap<>(Map.of("content-type", "application/json"));
        invoke(function, variant(SAMPLE, Map.of("headers", headers)));
        invoke(function, variant(SAMPLE, Map.of("headers", headers)));
        assertEquals(2, fx.feeds.customerTimeline("c-ada", FeedRequest.first(10)).items().size());
    }

    @Test
    void invalidOrdersAre400WithTheOffendingFieldAndWriteNothing() {
        Map<String, Object> good = Map.of("sku", "A", "quantity", 1, "unitPrice", 100);
        List<Object[]> cases = List.of(
                new Object[] {Map.of("currency", "EUR", "items", List.of(Map.of("sku", "A", "quantity", 0, "unitPrice", 1))), "items[0].quantity"},
                new Object[] {Map.of("currency", "EUR", "items", List.of(good, Map.of("sku", "B", "quantity", -2, "unitPrice", 1))), "items[1].quantity"},
                new Object[] {Map.of("currency", "EUR", "items", List.of(Map.of("sku", "A", "quantity", 1, "unitPrice", -1))), "items[0].unitPrice"},
                new Object[] {Map.of("currency", "EUR", "items", List.of(Map.of("sku", "A", "quantity", "1", "unitPrice", 1))), "items[0].quantity"},
                new Object[] {"{\"currency\":\"EUR\",\"items\":[{\"sku\":\"A\",\"quantity\":1.5,\"unitPrice\":1}]}", "items[0].quantity"},
                new Object[] {"{\"currency\":\"EUR\",\"items\":[{\"sku\":\"A\",\"quantity\":1,\"unitPrice\":99999999999999999999999}]}", "items[0].unitPrice"},
                new Object[] {Map.of("currency", "EUR", "items", List.of(Map.of("quantity", 1, "unitPrice", 1))), "items[0].sku"},
                new Object[] {Map.of("currency", "XXX1", "items", List.of(good)), "currency"},
                new Object[] {Map.of("items", List.of(good)), "currency"},
                new Object[] {Map.of("currency", "EUR"), "items"},
                new Object[] {Map.of("currency", "EUR", "items", List.of()), "items"},
                new Object[] {Map.of("currency", "EUR", "items", "many"), "items"},
                new Object[] {Map.of("currency", "EUR", "items", List.of(1)), "items[0]"},
                new Object[] {Map.of("currency", "EUR", "items", Collections.nCopies(98, good)), "items"});
        for (Object[] c : cases) {
            Reply reply = invoke(function, withBody(SAMPLE, c[0]));
            assertEquals(400, reply.status(), reply.response().getBody());
            assertEquals("application/problem+json", reply.contentType());
            assertEquals(c[1], ((Map<?, ?>) ((List<?>) reply.json().get("errors")).get(0)).get("field"),
                    reply.response().getBody());
            assertFalse(reply.response().getBody().contains("dev.orders"), reply.response().getBody());
        }
        assertEquals(0, fx.itemCount());
    }

    @Test
    void aMalformedIdempotencyKeyIs400() {
        Map<String, Object> headers = new HashMap<>(Map.of("content-type", "application/json", "idempotency-key", "x".repeat(200)));
        Reply reply = invoke(function, variant(SAMPLE, Map.of("headers", headers)));
        assertEquals(400, reply.status());
        assertEquals(0, fx.itemCount());
    }

    @Test
    void theBodyLimitCountsUtf8BytesSoFewerCharactersThanTheLimitMayStillBe413() {
        String atLimit = bodyOfUtf8Bytes(HttpRequest.MAX_BODY_BYTES);
        String overLimit = bodyOfUtf8Bytes(HttpRequest.MAX_BODY_BYTES + 1);

        Reply accepted = invoke(function, withBody(SAMPLE, atLimit));
        Reply refused = invoke(function, withBody(SAMPLE, overLimit));

        assertTrue(overLimit.length() < HttpRequest.MAX_BODY_BYTES / 2, "characters: " + overLimit.length());
        assertEquals(201, accepted.status(), accepted.response().getBody());
        assertEquals(413, refused.status(), refused.response().getBody());
        assertEquals("application/problem+json", refused.contentType());
        assertEquals("The request body exceeds 65536 bytes.", refused.json().get("detail"));
        assertEquals(1, fx.feeds.customerTimeline("c-ada", FeedRequest.first(10)).items().size());
    }

    /** An order whose body, padded with a field no one reads ("€" is three bytes), is {@code bytes} long in UTF-8. */
    private static String bodyOfUtf8Bytes(int bytes) {
        String prefix = "{\"currency\":\"EUR\",\"items\":[{\"sku\":\"A\",\"quantity\":1,\"unitPrice\":100}],\"note\":\"";
        String suffix = "\"}";
        int padding = bytes - prefix.length() - suffix.length();
        String body = prefix + "€".repeat(padding / 3) + "-".repeat(padding % 3) + suffix;
        assertEquals(bytes, body.getBytes(StandardCharsets.UTF_8).length);
        return body;
    }

    @ParameterizedTest
    @ValueSource(strings = {"create-order/create-order"})
    void hostileRequestsAreAnsweredBelow500AndRefusalsWriteNothing(String sample) {
        HostileRequests.assertRefusedSafely(fx, function, sample);
    }

    @ParameterizedTest
    @ValueSource(strings = {"create-order/create-order"})
    void onlyTheCustomerOfThePathOrAnAdministratorIsAnswered(String sample) {
        CallerChecks.assertOwnerOnly(fx, function, sample);
    }
}
