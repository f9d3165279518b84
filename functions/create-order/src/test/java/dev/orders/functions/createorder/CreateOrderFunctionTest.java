package dev.orders.functions.createorder;

import static dev.orders.http.support.Api.invoke;
import static dev.orders.http.support.Api.variant;
import static dev.orders.http.support.Api.withBody;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.feed.FeedRequest;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderLine;
import dev.orders.core.product.ProductDetails;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.api.HttpRequest;
import dev.orders.http.support.Api.Reply;
import dev.orders.http.support.Api;
import dev.orders.http.support.CallerChecks;
import dev.orders.http.support.HostileRequests;
import dev.orders.http.support.SampleEvents;
import dev.orders.wiring.Services;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.Race;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.faults.UnprocessedKeysClient;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

@ExtendWith(DynamoDbExtension.class)
class CreateOrderFunctionTest {
    private static final String SAMPLE = "create-order/create-order";
    private Fixture fx;
    private CreateOrderFunction function;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
        function = new CreateOrderFunction(Api.services(fx, CreateOrderFunction.class));
        fx.seedSampleProducts();
    }

    @Test
    void anOrderAskingMoreThanIsAvailableIs409OutOfStockNamingEachSkuAndWritesNothing() {
        fx.stock("MUG-BLUE", 1);
        fx.stock("TEA-EARL-100G", 10);
        int items = fx.itemCount();

        Reply reply = invoke(function, SampleEvents.load(SAMPLE));

        assertEquals(409, reply.status(), reply.response().getBody());
        assertEquals("application/problem+json", reply.contentType());
        assertEquals("urn:order-service:problem:out-of-stock", reply.json().get("type"));
        assertEquals(List.of(Map.of("sku", "MUG-BLUE", "requested", 2, "available", 1)), reply.json().get("shortages"));
        assertEquals(items, fx.itemCount());
        assertEquals(10, fx.stockOf("TEA-EARL-100G").available(), "nothing reserved of the sku that had enough");
    }

    /** Each stocked product is one more action of the order's transaction: 97 items of one are 98 with their lines. */
    @Test
    void anOrderWhoseItemsAndStockedProductsTogetherPassTheTransactionLimitIs400NamingItemsAndWritesNothing() {
        fx.stock("MUG-BLUE", 1_000);
        int items = fx.itemCount();

        Reply reply = invoke(function, withBody(SAMPLE, Map.of("currency", "EUR",
                "items", Collections.nCopies(97, Map.of("sku", "MUG-BLUE", "quantity", 1)))));

        assertEquals(400, reply.status(), reply.response().getBody());
        assertEquals("application/problem+json", reply.contentType());
        Map<?, ?> error = (Map<?, ?>) ((List<?>) reply.json().get("errors")).get(0);
        assertEquals("items", error.get("field"));
        assertTrue(((String) error.get("message")).startsWith("an order's items and the products whose stock they "
                + "reserve are at most 97 together (97 items of 1 stocked products"), reply.response().getBody());
        assertEquals(items, fx.itemCount());
        assertEquals(0, fx.stockOf("MUG-BLUE").reserved());
    }

    @Test
    void anOrderOfStockedProductsReservesThemAndTheCatalogueShowsWhatIsLeft() {
        fx.stock("MUG-BLUE", 2);

        Reply reply = invoke(function, SampleEvents.load(SAMPLE));

        assertEquals(201, reply.status(), reply.response().getBody());
        assertEquals(0, fx.stockOf("MUG-BLUE").available());
        assertEquals(2, fx.stockOf("MUG-BLUE").reserved());
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
        assertEquals(List.of("Blue mug", "Earl Grey tea, 100 g"), items.stream().map(i -> i.get("name")).toList());
        assertEquals(List.of(1250, 899), items.stream().map(i -> i.get("unitPrice")).toList());
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
        int before = fx.itemCount();
        for (Reply reply : List.of(invoke(function, Api.as(Api.forCustomer(SAMPLE, "c-ada#STATUS#PAID"), "c-ada#STATUS#PAID")),
                invoke(function, Api.as(Api.byRawPath(SAMPLE, "/customers/auth0%23x/orders"), "auth0#x")))) {
            assertEquals(400, reply.status(), reply.response().getBody());
            assertEquals("customerId", ((Map<?, ?>) ((List<?>) reply.json().get("errors")).get(0)).get("field"));
        }
        assertEquals(before, fx.itemCount());
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
                "items", List.of(Map.of("sku", "BISCUITS-200G", "quantity", 1)))));

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
        // One root, one history row, two lines and the idempotency record beside the products: nothing else.
        assertEquals(Fixture.SAMPLE_PRODUCTS.size() + 5, fx.itemCount());
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
        int before = fx.itemCount();
        Map<String, Object> good = Map.of("sku", "MUG-BLUE", "quantity", 1);
        List<Object[]> cases = List.of(
                new Object[] {Map.of("currency", "EUR", "items", List.of(Map.of("sku", "MUG-BLUE", "quantity", 0))), "items[0].quantity"},
                new Object[] {Map.of("currency", "EUR", "items", List.of(good, Map.of("sku", "MUG-BLUE", "quantity", -2))), "items[1].quantity"},
                new Object[] {Map.of("currency", "EUR", "items", List.of(Map.of("sku", "MUG-BLUE", "quantity", "1"))), "items[0].quantity"},
                new Object[] {"{\"currency\":\"EUR\",\"items\":[{\"sku\":\"MUG-BLUE\",\"quantity\":1.5}]}", "items[0].quantity"},
                new Object[] {"{\"currency\":\"EUR\",\"items\":[{\"sku\":\"MUG-BLUE\",\"quantity\":99999999999999999999999}]}", "items[0].quantity"},
                new Object[] {Map.of("currency", "EUR", "items", List.of(Map.of("quantity", 1))), "items[0].sku"},
                new Object[] {Map.of("currency", "EUR", "items", List.of(good, Map.of("sku", "MUG#BLUE", "quantity", 1))), "items[1].sku"},
                new Object[] {Map.of("currency", "XXX1", "items", List.of(good)), "currency"},
                new Object[] {Map.of("currency", "XAU", "items", List.of(good)), "currency"},
                new Object[] {Map.of("currency", 978, "items", List.of(good)), "currency"},
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
        assertEquals(before, fx.itemCount());
    }

    @Test
    void aLineCarryingAPriceOrANameIs400BecausePricesComeFromTheCatalogue() {
        int before = fx.itemCount();

        Reply priced = invoke(function, withBody(SAMPLE, Map.of("items", List.of(Map.of("sku", "MUG-BLUE", "quantity", 1),
                Map.of("sku", "TEA-EARL-100G", "quantity", 1, "unitPrice", 1)))));
        Reply named = invoke(function, withBody(SAMPLE, Map.of("items", List.of(
                Map.of("sku", "MUG-BLUE", "quantity", 1, "name", "A cheaper mug")))));

        assertEquals(400, priced.status(), priced.response().getBody());
        assertEquals(List.of(Map.of("field", "items[1].unitPrice",
                "message", "must not be sent: prices come from the catalogue")), priced.json().get("errors"));
        assertEquals(400, named.status(), named.response().getBody());
        assertEquals("items[0].name", ((Map<?, ?>) ((List<?>) named.json().get("errors")).get(0)).get("field"));
        assertEquals(before, fx.itemCount());
    }

    /** 91 lines of ten million Bahraini dinars each ten thousand times would total 9.1e15 fils, above 2^53 - 1. */
    @Test
    void anOrderWhoseTotalWouldPassTheLargestExactJsonIntegerIs422AndWritesNothing() {
        fx.putProduct("GOLD-BAR", 10_000_000_000L, "BHD", true);
        int before = fx.itemCount();

        Reply reply = invoke(function, withBody(SAMPLE, Map.of("items",
                Collections.nCopies(91, Map.of("sku", "GOLD-BAR", "quantity", 10_000)))));

        assertEquals(422, reply.status(), reply.response().getBody());
        assertEquals("urn:order-service:problem:amount-too-large", reply.json().get("type"));
        assertEquals(List.of(Map.of("field", "items",
                "message", "would make the order's total more than 9007199254740991 minor units")), reply.json().get("errors"));
        assertEquals(before, fx.itemCount());
    }

    @Test
    void unknownOrInactiveProductsAre422NamingEachOffendingLineAndWriteNothing() {
        fx.putProduct("MUG-OLD", 990, "EUR", false);
        int before = fx.itemCount();

        Reply reply = invoke(function, withBody(SAMPLE, Map.of("items", List.of(Map.of("sku", "MUG-BLUE", "quantity", 1),
                Map.of("sku", "MUG-GOLD", "quantity", 1), Map.of("sku", "MUG-OLD", "quantity", 1)))));

        assertEquals(422, reply.status(), reply.response().getBody());
        assertEquals("application/problem+json", reply.contentType());
        assertEquals("urn:order-service:problem:product-unavailable", reply.json().get("type"));
        assertEquals(List.of(Map.of("field", "items[1].sku", "message", "is not in the catalogue"),
                Map.of("field", "items[2].sku", "message", "is not for sale")), reply.json().get("errors"));
        assertEquals(before, fx.itemCount());
    }

    @Test
    void productsOfAnotherCurrencyThanTheOrdersAre422NamingTheLineAndWriteNothing() {
        fx.putProduct("CAP-NYC", 2500, "USD", true);
        int before = fx.itemCount();

        Reply mixed = invoke(function, withBody(SAMPLE, Map.of("items", List.of(Map.of("sku", "MUG-BLUE", "quantity", 1),
                Map.of("sku", "TEA-EARL-100G", "quantity", 1), Map.of("sku", "CAP-NYC", "quantity", 1)))));
        Reply askedInAnother = invoke(function, withBody(SAMPLE, Map.of("currency", "USD",
                "items", List.of(Map.of("sku", "MUG-BLUE", "quantity", 1)))));

        assertEquals(422, mixed.status(), mixed.response().getBody());
        assertEquals("urn:order-service:problem:currency-mismatch", mixed.json().get("type"));
        assertEquals(List.of(Map.of("field", "items[2].sku", "message", "is priced in USD, the order in EUR")),
                mixed.json().get("errors"));
        assertEquals(422, askedInAnother.status(), askedInAnother.response().getBody());
        assertEquals(List.of(Map.of("field", "items[0].sku", "message", "is priced in EUR, the order in USD")),
                askedInAnother.json().get("errors"));
        assertEquals(before, fx.itemCount());
    }

    @Test
    void withoutACurrencyTheOrderIsInItsProductsCurrency() {
        fx.putProduct("CAP-NYC", 2500, "USD", true);

        Reply reply = invoke(function, withBody(SAMPLE, Map.of("items", List.of(Map.of("sku", "CAP-NYC", "quantity", 2)))));

        assertEquals(201, reply.status(), reply.response().getBody());
        assertEquals("USD", reply.json().get("currency"));
        assertEquals(5000, reply.json().get("total"));
    }

    @Test
    void aLaterChangeOfThePriceOrNameNeverChangesAnOrderAlreadyPlaced() {
        Reply placed = invoke(function, SampleEvents.load(SAMPLE));
        String orderId = (String) placed.json().get("orderId");
        OrderAggregate before = fx.reads.findAggregate("c-ada", orderId).orElseThrow();

        fx.products.upsert(new ProductDetails("MUG-BLUE", "Blue mug, second edition", 1490, "EUR", true));
        fx.products.upsert(new ProductDetails("TEA-EARL-100G", "Earl Grey tea, 100 g", 950, "EUR", false));
        Reply replayed = invoke(function, SampleEvents.load(SAMPLE));

        OrderAggregate after = fx.reads.findAggregate("c-ada", orderId).orElseThrow();
        assertEquals(before, after);
        assertEquals(List.of(1250L, 899L), after.items().stream().map(OrderLine::unitPrice).toList());
        assertEquals(List.of(Optional.of("Blue mug"), Optional.of("Earl Grey tea, 100 g")),
                after.items().stream().map(OrderLine::name).toList());
        assertEquals(2 * 1250 + 899, after.order().total());
        assertEquals(201, replayed.status(), replayed.response().getBody());
        assertEquals(placed.response().getBody(), replayed.response().getBody());
    }

    @Test
    void theProductsOfAnOrderAreReadWithOneBatchGetItemOfItsDistinctSkus() {
        UnprocessedKeysClient client = new UnprocessedKeysClient(functionsOwnClient(), 0);
        CreateOrderFunction counted = new CreateOrderFunction(services(client));

        Reply reply = invoke(counted, withBody(SAMPLE, Map.of("items", List.of(Map.of("sku", "MUG-BLUE", "quantity", 1),
                Map.of("sku", "TEA-EARL-100G", "quantity", 1), Map.of("sku", "MUG-BLUE", "quantity", 2)))));

        assertEquals(201, reply.status(), reply.response().getBody());
        assertEquals(3 * 1250 + 899, reply.json().get("total"));
        assertEquals(1, client.batchGets());
    }

    @Test
    void productsDynamoDbKeepsLeavingUnprocessedAre503WithRetryAfterAndNothingIsWritten() {
        UnprocessedKeysClient client = UnprocessedKeysClient.always(functionsOwnClient());
        int before = fx.itemCount();

        Reply reply = invoke(new CreateOrderFunction(services(client)), SampleEvents.load(SAMPLE));

        assertEquals(503, reply.status(), reply.response().getBody());
        assertEquals("1", reply.header("retry-after").orElseThrow());
        // The products were never read, so the order was never written: the answer may say so.
        assertEquals("urn:order-service:problem:unavailable", reply.json().get("type"));
        assertEquals(before, fx.itemCount());
    }

    @Test
    void aMalformedIdempotencyKeyIs400() {
        int before = fx.itemCount();
        Map<String, Object> headers = new HashMap<>(Map.of("content-type", "application/json", "idempotency-key", "x".repeat(200)));
        Reply reply = invoke(function, variant(SAMPLE, Map.of("headers", headers)));
        assertEquals(400, reply.status());
        assertEquals(before, fx.itemCount());
    }

    /** The function's services over the fixture's table through {@code client}, configured as the template does. */
    private Services services(UnprocessedKeysClient client) {
        return Services.fromEnvironment(Api.environment(fx), client);
    }

    /** What {@link UnprocessedKeysClient} wraps: the function's own recorded client, not the fixture's. */
    private DynamoDbClient functionsOwnClient() {
        return Api.dynamoDb(fx, CreateOrderFunction.class, Api.environment(fx));
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
        String prefix = "{\"currency\":\"EUR\",\"items\":[{\"sku\":\"MUG-BLUE\",\"quantity\":1}],\"note\":\"";
        String suffix = "\"}";
        int padding = bytes - prefix.length() - suffix.length();
        String body = prefix + "€".repeat(padding / 3) + "-".repeat(padding % 3) + suffix;
        assertEquals(bytes, body.getBytes(StandardCharsets.UTF_8).length);
        return body;
    }

    @ParameterizedTest
    @MethodSource("everySample")
    void hostileRequestsAreAnsweredBelow500AndRefusalsWriteNothing(String sample) {
        HostileRequests.assertRefusedSafely(fx, function, sample);
    }

    @ParameterizedTest
    @MethodSource("everySampleWithABody")
    void aBodyWithAnythingButWhitespaceAfterItsJsonIsABadRequestThatWritesNothing(String sample) {
        HostileRequests.assertTrailingContentRefused(fx, function, sample);
    }

    @ParameterizedTest
    @MethodSource("everySampleOnACustomersRoute")
    void onlyTheCustomerOfThePathOrAnAdministratorIsAnswered(String sample) {
        CallerChecks.assertOwnerOnly(fx, function, sample);
    }

    /** Every sample of its folder, listed from events/. */
    static List<String> everySample() {
        return SampleEvents.names("create-order");
    }

    /** The samples of its folder that carry a body. */
    static List<String> everySampleWithABody() {
        return SampleEvents.withBody("create-order");
    }

    /** The samples of its folder on a customer's own routes. */
    static List<String> everySampleOnACustomersRoute() {
        return SampleEvents.onCustomersRoutes("create-order");
    }
}
