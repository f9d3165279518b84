package dev.orders.functions.productcatalog;

import static dev.orders.http.support.Api.invoke;
import static dev.orders.http.support.Api.variant;
import static dev.orders.http.support.Api.withBody;
import static dev.orders.http.support.Api.withPath;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.order.LineRequest;
import dev.orders.core.order.OrderRequest;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api.Reply;
import dev.orders.http.support.Api;
import dev.orders.http.support.CallerChecks;
import dev.orders.http.support.HostileRequests;
import dev.orders.http.support.SampleEvents;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@ExtendWith(DynamoDbExtension.class)
class ProductCatalogFunctionTest {
    private static final String PUT = "product-catalog/put-product";
    private static final String GET = "product-catalog/get-product";
    private static final String PUT_STOCK = "product-catalog/put-stock";
    private static final String GET_STOCK = "product-catalog/get-stock";
    private Fixture fx;
    private ProductCatalogFunction function;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
        function = new ProductCatalogFunction(Api.services(fx, ProductCatalogFunction.class));
    }

    @Test
    void samplePutCreatesTheProductThenReplacesIt() {
        Reply created = invoke(function, SampleEvents.load(PUT));
        Reply replaced = invoke(function, withBody(PUT, Map.of("name", "Blue mug, large", "unitPrice", 1490,
                "currency", "EUR", "active", false)));

        assertEquals(201, created.status(), created.response().getBody());
        assertEquals("application/json", created.contentType());
        assertEquals(Map.of("sku", "MUG-BLUE", "name", "Blue mug", "unitPrice", 1250, "currency", "EUR", "active", true),
                product(created));
        assertEquals(200, replaced.status(), replaced.response().getBody());
        assertEquals(Map.of("sku", "MUG-BLUE", "name", "Blue mug, large", "unitPrice", 1490, "currency", "EUR",
                "active", false), product(replaced));
        assertEquals(created.json().get("createdAt"), replaced.json().get("createdAt"));
        assertEquals(1490, fx.products.find("MUG-BLUE").orElseThrow().unitPrice());
    }

    @Test
    void aProductIsForSaleUnlessItsPutSaysOtherwise() {
        Reply created = invoke(function, withBody(PUT, Map.of("name", "Blue mug", "unitPrice", 1250, "currency", "EUR")));

        assertEquals(201, created.status(), created.response().getBody());
        assertEquals(true, created.json().get("active"));
    }

    @Test
    void anyAuthenticatedCallerReadsAProductAndAnUnknownOneIs404() {
        Reply unknown = invoke(function, SampleEvents.load(GET));
        invoke(function, SampleEvents.load(PUT));

        Reply asCustomer = invoke(function, SampleEvents.load(GET));
        Reply asAnotherCustomer = invoke(function, Api.as(SampleEvents.load(GET), "c-eve", "orders"));

        assertEquals(404, unknown.status());
        assertEquals("application/problem+json", unknown.contentType());
        assertEquals(200, asCustomer.status(), asCustomer.response().getBody());
        assertEquals(Map.of("sku", "MUG-BLUE", "name", "Blue mug", "unitPrice", 1250, "currency", "EUR", "active", true),
                product(asCustomer));
        assertEquals(asCustomer.response().getBody(), asAnotherCustomer.response().getBody());
    }

    @Test
    void sampleStockSetsTheUnitsOnHandAndEveryoneReadsWhatIsAvailable() {
        invoke(function, SampleEvents.load(PUT));

        Reply stocked = invoke(function, SampleEvents.load(PUT_STOCK));
        Reply read = invoke(function, SampleEvents.load(GET));

        assertEquals(200, stocked.status(), stocked.response().getBody());
        assertEquals(Map.of("sku", "MUG-BLUE", "onHand", 40, "reserved", 0, "available", 40), stocked.json());
        assertEquals("\"1\"", stocked.header("etag").orElseThrow());
        assertEquals(Map.of("sku", "MUG-BLUE", "name", "Blue mug", "unitPrice", 1250, "currency", "EUR", "active", true,
                "available", 40), product(read), "a customer sees what is available, not on hand nor reserved");
    }

    @Test
    void aRecountKeepsWhatOrdersReservedAndIfMatchNamesTheStocksVersion() {
        invoke(function, SampleEvents.load(PUT));
        invoke(function, SampleEvents.load(PUT_STOCK));
        fx.createOrder.create(new OrderRequest("c-ada", Optional.empty(), List.of(new LineRequest("MUG-BLUE", 3))),
                Optional.empty(), "customer:c-ada");

        Reply stale = invoke(function, Api.withHeader(withBody(PUT_STOCK, Map.of("onHand", 50)), "if-match", "\"1\""));
        Reply recounted = invoke(function, Api.withHeader(withBody(PUT_STOCK, Map.of("onHand", 50)), "if-match", "\"2\""));
        Reply belowReserved = invoke(function, withBody(PUT_STOCK, Map.of("onHand", 2)));

        assertEquals(412, stale.status(), stale.response().getBody());
        assertEquals("\"2\"", stale.header("etag").orElseThrow(), "the stock's current version: a reservation moved it");
        assertEquals("urn:order-service:problem:stale-version", stale.json().get("type"));
        assertEquals(200, recounted.status(), recounted.response().getBody());
        assertEquals(Map.of("sku", "MUG-BLUE", "onHand", 50, "reserved", 3, "available", 47), recounted.json());
        assertEquals("\"3\"", recounted.header("etag").orElseThrow());
        assertEquals(409, belowReserved.status(), belowReserved.response().getBody());
        assertEquals("urn:order-service:problem:stock-below-reserved", belowReserved.json().get("type"));
        assertEquals(3, belowReserved.json().get("reserved"));
        assertEquals("3 units are reserved by order lines not yet shipped, of orders neither cancelled, expired nor"
                + " refunded; they are freed when those lines are cancelled or ship, or their orders close. Count at least"
                + " that many on hand; nothing was written.", belowReserved.json().get("detail"));
        assertEquals(47, fx.products.find("MUG-BLUE").orElseThrow().stock().orElseThrow().available());

        // If-Match compares strongly (RFC 9110 section 13.1.1): a weak tag never matches; * matches the stock there is.
        Reply weak = invoke(function, Api.withHeader(withBody(PUT_STOCK, Map.of("onHand", 60)), "if-match", "W/\"3\""));
        Reply any = invoke(function, Api.withHeader(withBody(PUT_STOCK, Map.of("onHand", 60)), "if-match", "*"));
        assertEquals(412, weak.status(), weak.response().getBody());
        assertEquals("\"3\"", weak.header("etag").orElseThrow());
        assertEquals(200, any.status(), any.response().getBody());
        assertEquals(57, any.json().get("available"));
    }

    @Test
    void stockOfAnUnknownProductIs404AndBadCountsAre400NamingOnHandAndWriteNothing() {
        Reply unknown = invoke(function, SampleEvents.load(PUT_STOCK));
        assertEquals(404, unknown.status(), unknown.response().getBody());
        invoke(function, SampleEvents.load(PUT));
        int items = fx.itemCount();

        for (Object body : List.of(Map.of("onHand", -1), Map.of("onHand", 1_000_000_001L), Map.of("onHand", "4"),
                "{\"onHand\":1.5}", Map.of())) {
            Reply reply = invoke(function, withBody(PUT_STOCK, body));
            assertEquals(400, reply.status(), reply.response().getBody());
            assertEquals("onHand", ((Map<?, ?>) ((List<?>) reply.json().get("errors")).get(0)).get("field"));
        }
        assertEquals(items, fx.itemCount());
        assertEquals(Optional.empty(), fx.products.find("MUG-BLUE").orElseThrow().stock());
    }

    @Test
    void anAdministratorReadsWhatIsOnHandReservedAndAvailableAndAnUntrackedProductHasNoStock() {
        invoke(function, SampleEvents.load(PUT));
        Reply untracked = invoke(function, SampleEvents.load(GET_STOCK));
        invoke(function, SampleEvents.load(PUT_STOCK));
        fx.createOrder.create(new OrderRequest("c-ada", Optional.empty(), List.of(new LineRequest("MUG-BLUE", 3))),
                Optional.empty(), "customer:c-ada");

        Reply stock = invoke(function, SampleEvents.load(GET_STOCK));

        assertEquals(404, untracked.status(), untracked.response().getBody());
        assertEquals(200, stock.status(), stock.response().getBody());
        assertEquals(Map.of("sku", "MUG-BLUE", "onHand", 40, "reserved", 3, "available", 37), stock.json());
        assertEquals("\"2\"", stock.header("etag").orElseThrow());
        CallerChecks.assertAdminOnly(fx, function, GET_STOCK);
    }

    @Test
    void onlyAnAdministratorSetsStock() {
        invoke(function, SampleEvents.load(PUT));
        CallerChecks.assertAdminOnly(fx, function, PUT_STOCK);
        assertEquals(Optional.empty(), fx.products.find("MUG-BLUE").orElseThrow().stock());
    }

    @Test
    void badProductsAre400NamingTheFieldAndWriteNothing() {
        List<Object[]> cases = List.of(
                new Object[] {Map.of("name", "Mug", "unitPrice", -1, "currency", "EUR"), "unitPrice"},
                new Object[] {"{\"name\":\"Mug\",\"unitPrice\":12.5,\"currency\":\"EUR\"}", "unitPrice"},
                new Object[] {Map.of("name", "Mug", "unitPrice", "1250", "currency", "EUR"), "unitPrice"},
                new Object[] {Map.of("name", "Mug", "unitPrice", 1_000_000_001L, "currency", "EUR"), "unitPrice"},
                new Object[] {Map.of("name", "Mug", "unitPrice", 10_000_001, "currency", "JPY"), "unitPrice"},
                new Object[] {Map.of("name", "Mug", "currency", "EUR"), "unitPrice"},
                new Object[] {Map.of("name", "Gold bar", "unitPrice", 1, "currency", "XAU"), "currency"},
                new Object[] {Map.of("name", "Mug", "unitPrice", 1, "currency", "XTS"), "currency"},
                new Object[] {Map.of("name", "Mug", "unitPrice", 1, "currency", "XXX"), "currency"},
                new Object[] {Map.of("name", "Mug", "unitPrice", 1, "currency", "DEM"), "currency"},
                new Object[] {Map.of("name", "Mug", "unitPrice", 1, "currency", "eur"), "currency"},
                new Object[] {Map.of("name", "Mug", "unitPrice", 1), "currency"},
                new Object[] {Map.of("unitPrice", 1, "currency", "EUR"), "name"},
                new Object[] {Map.of("name", "x".repeat(201), "unitPrice", 1, "currency", "EUR"), "name"},
                new Object[] {Map.of("name", "Mug", "unitPrice", 1, "currency", "EUR", "active", "yes"), "active"});
        for (Object[] c : cases) {
            Reply reply = invoke(function, withBody(PUT, c[0]));
            assertEquals(400, reply.status(), reply.response().getBody());
            assertEquals("application/problem+json", reply.contentType());
            assertEquals(c[1], ((Map<?, ?>) ((List<?>) reply.json().get("errors")).get(0)).get("field"),
                    reply.response().getBody());
        }
        Reply badSku = invoke(function, withPath(PUT, Map.of("sku", "MUG#BLUE")));
        assertEquals(400, badSku.status());
        assertEquals("sku", ((Map<?, ?>) ((List<?>) badSku.json().get("errors")).get(0)).get("field"));
        assertEquals(0, fx.itemCount());
    }

    @Test
    void unknownMethodsOnAProductAre405() {
        Reply delete = invoke(function, variant(GET, Map.of("routeKey", "DELETE /products/{sku}",
                "requestContext", Map.of("http", Map.of("method", "DELETE")))));

        assertEquals(405, delete.status());
        assertEquals("GET, PUT", delete.header("allow").orElseThrow());
    }

    @Test
    void onlyAnAdministratorPutsProducts() {
        CallerChecks.assertAdminOnly(fx, function, PUT);
        assertFalse(fx.products.find("MUG-BLUE").isPresent());
    }

    @Test
    void anyCallerWithAValidTokenReadsTheCatalogue() {
        invoke(function, SampleEvents.load(PUT));
        CallerChecks.assertAnyAuthenticatedCaller(fx, function, GET);
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

    private static Map<String, Object> product(Reply reply) {
        Map<String, Object> product = new HashMap<>(reply.json());
        assertTrue(product.remove("createdAt").toString().endsWith("Z"));
        assertTrue(product.remove("updatedAt").toString().endsWith("Z"));
        return product;
    }

    /** Every sample of its folder, listed from events/. */
    static List<String> everySample() {
        return SampleEvents.names("product-catalog");
    }

    /** The samples of its folder that carry a body. */
    static List<String> everySampleWithABody() {
        return SampleEvents.withBody("product-catalog");
    }
}
