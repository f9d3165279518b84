package dev.orders.functions.queryorders;

import static dev.orders.dynamodb.support.Fixture.SAMPLE_CUSTOMER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ITEM;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ORDER;
import static dev.orders.http.support.Api.invoke;
import static dev.orders.http.support.Api.variant;
import static dev.orders.http.support.Api.withPath;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.feed.CursorCodec;
import dev.orders.core.order.OrderStatus;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api.Reply;
import dev.orders.http.support.Api;
import dev.orders.http.support.CallerChecks;
import dev.orders.http.support.HostileRequests;
import dev.orders.http.support.SampleEvents;
import dev.orders.http.support.SecretsManagerStub;
import dev.orders.lambda.aws.SecretSource;
import dev.orders.lambda.aws.SecretsManagerStore;
import dev.orders.wiring.Services;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.faults.FaultyHttpClient.Fault;
import dev.orders.testsupport.faults.FaultyHttpClient;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.lambda.powertools.parameters.secrets.SecretsProvider;

@ExtendWith(DynamoDbExtension.class)
class QueryOrdersFunctionTest {
    private Fixture fx;
    private QueryOrdersFunction function;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
        function = new QueryOrdersFunction(Api.services(fx, QueryOrdersFunction.class));
        fx.seedSampleOrder();
    }

    @Test
    @SuppressWarnings("unchecked")
    void sampleGetOrderAnswersTheAggregateWithItsVersionAsETag() {
        Reply reply = invoke(function, SampleEvents.load("query-orders/get-order"));

        assertEquals(200, reply.status(), reply.response().getBody());
        assertEquals("\"1\"", reply.header("etag").orElseThrow());
        assertEquals(SAMPLE_ORDER, reply.json().get("orderId"));
        assertEquals(2 * 1250 + 899, reply.json().get("total"));
        List<Map<String, Object>> items = (List<Map<String, Object>>) reply.json().get("items");
        assertEquals(List.of(SAMPLE_ITEM, Fixture.SAMPLE_OTHER_ITEM), items.stream().map(i -> i.get("itemId")).toList());
    }

    @Test
    void sampleGetOrderByIdAloneFindsTheOrderWithoutItsCustomer() {
        Reply reply = invoke(function, SampleEvents.load("query-orders/get-order-by-id"));
        assertEquals(200, reply.status());
        assertEquals(SAMPLE_CUSTOMER, reply.json().get("customerId"));
    }

    /**
     * Each reader is told what they may ask next: the customer of a new order checks it out or cancels it, and
     * moves no item; once it is paid, the customer nothing, an administrator their moves (a reason where one is
     * needed) and each item's next statuses.
     */
    @Test
    void theOrderTellsItsReaderWhatTheyMayAskOfItAndOfEachItemNext() {
        Reply created = invoke(function, SampleEvents.load("query-orders/get-order"));
        assertEquals(List.of(Map.of("status", "AWAITING_PAYMENT", "reasonRequired", false),
                Map.of("status", "CANCELLED", "reasonRequired", false)), created.json().get("next"));
        assertEquals(List.of(List.of(), List.of()), itemsNext(created));

        fx.advance(SAMPLE_CUSTOMER, SAMPLE_ORDER, OrderStatus.AWAITING_PAYMENT, OrderStatus.PAID);
        Reply paid = invoke(function, SampleEvents.load("query-orders/get-order"));
        Reply paidToStaff = invoke(function, SampleEvents.load("query-orders/get-order-by-id"));

        assertEquals(List.of(), paid.json().get("next"));
        assertEquals(List.of(List.of(), List.of()), itemsNext(paid));
        assertEquals(List.of(Map.of("status", "IN_FULFILLMENT", "reasonRequired", false),
                Map.of("status", "REFUNDED", "reasonRequired", true), Map.of("status", "ON_HOLD", "reasonRequired", true)),
                paidToStaff.json().get("next"));
        assertEquals(List.of(List.of("PICKED", "CANCELLED"), List.of("PICKED", "CANCELLED")), itemsNext(paidToStaff));
    }

    @Test
    void sampleGetOrderItemAnswersOneItem() {
        Reply reply = invoke(function, SampleEvents.load("query-orders/get-order-item"));
        assertEquals(200, reply.status());
        assertEquals("MUG-BLUE", reply.json().get("sku"));
        assertEquals(2, reply.json().get("quantity"));
        assertEquals(1250, reply.json().get("unitPrice"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void sampleHistoryListsTheOrdersEventsNewestFirst() {
        fx.advance(SAMPLE_CUSTOMER, SAMPLE_ORDER, OrderStatus.AWAITING_PAYMENT, OrderStatus.PAID);

        Reply reply = invoke(function, SampleEvents.load("query-orders/get-order-history"));

        assertEquals(200, reply.status());
        List<Map<String, Object>> events = (List<Map<String, Object>>) reply.json().get("events");
        assertEquals(List.of(3, 2, 1), events.stream().map(e -> e.get("version")).toList());
        assertEquals(List.of("PaymentCaptured", "OrderStatusChanged", "OrderCreated"),
                events.stream().map(e -> e.get("type")).toList());
        assertEquals(List.of("orderId", "customerId", "version", "type", "at", "by", "data"),
                List.copyOf(events.get(0).keySet()));
        assertEquals(SAMPLE_ORDER, events.get(0).get("orderId"));
        assertEquals(SAMPLE_CUSTOMER, events.get(0).get("customerId"));
        assertEquals(Map.of("from", "AWAITING_PAYMENT", "to", "PAID", "amount", 3399, "currency", "EUR", "reason", "fixture"),
                events.get(0).get("data"));
        assertEquals("CREATED", ((Map<String, Object>) events.get(2).get("data")).get("status"));
        assertFalse(reply.json().containsKey("nextCursor"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void sampleCustomerOrdersListsTheCustomersOrdersInTheStatus() {
        fx.createOrder(SAMPLE_CUSTOMER, "o-2", 100);
        fx.createOrder("c-eve", "o-3", 100);
        fx.advance(SAMPLE_CUSTOMER, "o-2", OrderStatus.CANCELLED);

        Reply reply = invoke(function, SampleEvents.load("query-orders/list-customer-orders"));

        assertEquals(200, reply.status());
        List<Map<String, Object>> orders = (List<Map<String, Object>>) reply.json().get("orders");
        assertEquals(List.of(SAMPLE_ORDER), orders.stream().map(o -> o.get("orderId")).toList());
    }

    @Test
    @SuppressWarnings("unchecked")
    void sampleListOrdersIsTheGlobalStatusFeed() {
        fx.createOrder("c-eve", "o-3", 100);

        Reply reply = invoke(function, SampleEvents.load("query-orders/list-orders"));

        assertEquals(200, reply.status());
        List<Map<String, Object>> orders = (List<Map<String, Object>>) reply.json().get("orders");
        assertEquals(List.of("o-3", SAMPLE_ORDER), orders.stream().map(o -> o.get("orderId")).toList());
    }

    @SuppressWarnings("unchecked")
    private static List<Object> itemsNext(Reply order) {
        return ((List<Map<String, Object>>) order.json().get("items")).stream().map(item -> item.get("next")).toList();
    }

    /**
     * The feeds list summaries: the order as GET answers it, less version, updatedAt and the payments (not in the
     * indexes), and without what its reader may ask next, its lines and issues.
     */
    @Test
    void feedEntriesAreTheOrderWithoutVersionUpdatedAtOrPayments() {
        Map<String, Object> order = new HashMap<>(invoke(function, SampleEvents.load("query-orders/get-order")).json());
        order.keySet().removeAll(Set.of("version", "updatedAt", "capturedAmount", "refundedAmount", "next", "items",
                "paymentIssues"));

        for (String sample : List.of("query-orders/list-customer-orders", "query-orders/list-orders")) {
            Reply reply = invoke(function, SampleEvents.load(sample));
            assertEquals(200, reply.status(), reply.response().getBody());
            assertEquals(List.of(order), reply.json().get("orders"), sample);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void feedsPageWithOpaqueCursorsAndRefuseTamperedOnes() {
        for (int i = 0; i < 5; i++) {
            fx.createOrder(SAMPLE_CUSTOMER, "o-" + i, 100);
        }
        List<Object> seen = new ArrayList<>();
        Map<String, Object> query = new HashMap<>(Map.of("limit", "2"));
        String cursor;
        do {
            Reply page = invoke(function, variant("query-orders/list-customer-orders", Map.of("queryStringParameters", query)));
            assertEquals(200, page.status(), page.response().getBody());
            ((List<Map<String, Object>>) page.json().get("orders")).forEach(o -> seen.add(o.get("orderId")));
            cursor = (String) page.json().get("nextCursor");
            query.put("cursor", cursor);
        } while (cursor != null);
        assertEquals(List.of("o-4", "o-3", "o-2", "o-1", "o-0", SAMPLE_ORDER), seen);

        String first = (String) invoke(function, variant("query-orders/list-customer-orders",
                Map.of("queryStringParameters", Map.of("limit", "1")))).json().get("nextCursor");
        Reply tampered = invoke(function, variant("query-orders/list-customer-orders",
                Map.of("queryStringParameters", Map.of("cursor", first.substring(0, first.length() - 2) + "AA"))));
        // c-eve may read her own orders, but not with a cursor of c-ada's listing.
        Reply foreign = invoke(function, Api.as(variant("query-orders/list-customer-orders", Map.of(
                "pathParameters", Map.of("customerId", "c-eve"), "queryStringParameters", Map.of("cursor", first))),
                "c-eve"));
        for (Reply refused : List.of(tampered, foreign)) {
            assertEquals(400, refused.status());
            assertEquals("cursor", ((Map<?, ?>) ((List<?>) refused.json().get("errors")).get(0)).get("field"));
        }
    }

    @Test
    void anOrderReadUnderAnotherCustomersPathIs404EvenForAnAdministrator() {
        for (String sample : ofOneOrder(everySampleOnACustomersRoute())) {
            @SuppressWarnings("unchecked")
            Map<String, String> path = new HashMap<>((Map<String, String>) SampleEvents.json(sample).get("pathParameters"));
            path.put("customerId", "c-eve");
            Reply reply = invoke(function, Api.asAdmin(withPath(sample, path)));
            assertEquals(404, reply.status(), sample);
            assertFalse(reply.response().getBody().contains("c-ada"));
        }
    }

    @Test
    void anAdministratorReadsAnyCustomersOrderByItsIdAndNothingOnTheCustomersRoutes() {
        for (String sample : ofOneOrder(everySampleOnAnAdministratorsRoute())) {
            Reply reply = invoke(function, Api.asAdmin(SampleEvents.load(sample)));
            assertEquals(200, reply.status(), sample + ": " + reply.response().getBody());
        }
        assertEquals(SAMPLE_CUSTOMER, invoke(function, Api.asAdmin(SampleEvents.load("query-orders/get-order-by-id")))
                .json().get("customerId"));
        assertEquals(404, invoke(function, Api.asAdmin(SampleEvents.load("query-orders/get-order"))).status());
    }

    @Test
    void theScopesApiGatewayAdmittedNotTheTokensClaimsMakeAnAdministrator() {
        Reply listed = invoke(function, Api.withJwt(SampleEvents.load("query-orders/list-orders"),
                Map.of("sub", "00u1a2b3c4OktaUser", "scp", "[orders orders:admin]"), List.of("orders", "orders:admin")));
        Reply claimedOnly = invoke(function, Api.withClaims(SampleEvents.load("query-orders/list-orders"),
                Map.of("sub", Api.ADMIN, "scope", "orders:admin")));

        assertEquals(200, listed.status(), listed.response().getBody());
        assertEquals(403, claimedOnly.status());
    }

    /** The eight tokens on the customers' routes, as API Gateway forwards them there (no scope list). */
    @ParameterizedTest
    @MethodSource("dev.orders.http.support.Api#lookalikeAdminClaims")
    void aTokenThatOnlyLooksLikeAnAdministratorsReadsNoOtherCustomersOrders(String claim, String value) {
        for (String sample : everySampleOnACustomersRoute()) {
            Reply reply = invoke(function, Api.withLookalikeClaim(SampleEvents.load(sample), "c-eve", claim, value));
            assertEquals(404, reply.status(), sample + " with " + claim + " " + value);
            assertFalse(reply.response().getBody().contains(SAMPLE_ORDER), sample);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void aCustomerOfAnIdentityProviderListsItsOwnOrdersOnly() {
        String auth0 = "auth0|5f7c8ec7c33c6c004bbafe82";
        fx.createOrder(auth0, "o-1", 100);
        fx.createOrder(auth0, "o-2", 200);
        fx.createOrder(auth0 + "|x", "o-3", 300);

        Reply mine = invoke(function, Api.as(Api.forCustomer("query-orders/list-customer-orders", auth0), auth0));
        Reply theirs = invoke(function, Api.as(Api.forCustomer("query-orders/list-customer-orders", auth0 + "|x"), auth0));

        assertEquals(200, mine.status(), mine.response().getBody());
        assertEquals(List.of("o-2", "o-1"), ((List<Map<String, Object>>) mine.json().get("orders")).stream()
                .map(o -> o.get("orderId")).toList());
        assertEquals(404, theirs.status());
    }

    @Test
    void badQueryParametersAre400() {
        for (Map<String, String> query : List.of(Map.of("limit", "0"), Map.of("limit", "101"), Map.of("limit", "ten"),
                Map.of("status", "LOST"), Map.of("from", "yesterday"), Map.of("from", "2026-02-01T00:00:00Z", "to", "2026-01-01T00:00:00Z"),
                Map.of("cursor", "%%%"))) {
            Reply reply = invoke(function, variant("query-orders/list-orders", Map.of("queryStringParameters", query)));
            assertEquals(400, reply.status(), query.toString());
            assertTrue(reply.contentType().startsWith("application/problem+json"));
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void datesOutsideTheYears1970To9999Are400NamingTheField() {
        List<Map<String, String>> queries = List.of(Map.of("to", "+10000-01-01T00:00:00Z"),
                Map.of("from", "+10000-01-01T00:00:00Z"), Map.of("from", "1969-12-31T23:59:59Z"),
                Map.of("to", "1969-12-31T23:59:59Z"), Map.of("from", "-0001-01-01T00:00:00Z"));
        for (String sample : List.of("query-orders/list-orders", "query-orders/list-customer-orders")) {
            for (Map<String, String> query : queries) {
                Reply reply = invoke(function, variant(sample, Map.of("queryStringParameters", query)));
                assertEquals(400, reply.status(), sample + " " + query + " " + reply.response().getBody());
                Map<String, Object> error = ((List<Map<String, Object>>) reply.json().get("errors")).get(0);
                assertEquals(query.keySet().iterator().next(), error.get("field"));
                assertEquals("must be from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z", error.get("message"));
            }
        }
        Reply edges = invoke(function, variant("query-orders/list-orders", Map.of("queryStringParameters",
                Map.of("from", "1970-01-01T00:00:00Z", "to", "9999-12-31T23:59:59.999Z"))));
        assertEquals(200, edges.status(), edges.response().getBody());
    }

    @Test
    @SuppressWarnings("unchecked")
    void theCursorKeyIsReadFromTheSecretTheEnvironmentNamesAndOnlyItsCursorsPageTheFeed() {
        // As in AWS: the environment holds the secret's ARN only; the key comes from Secrets Manager.
        String secretArn = "arn:aws:secretsmanager:us-east-1:123456789012:secret:CursorSecret-AbCdEf";
        Map<String, String> env = Map.of(Services.TABLE_NAME, fx.table.tableName(),
                Services.CURSOR_SECRET + SecretSource.ID_SUFFIX, secretArn,
                "AWS_REGION", "us-east-1", "AWS_ACCESS_KEY_ID", "local", "AWS_SECRET_ACCESS_KEY", "local");
        SecretsManagerStub secretsManager =
                new SecretsManagerStub().put(secretArn, "the cursor key kept in Secrets Manager");
        SecretsProvider provider = SecretsManagerStore.provider(secretsManager.client(QueryOrdersFunction.class, env),
                SecretSource.MAX_AGE);
        SecretSource key = SecretSource.fromEnvironment(env, Services.CURSOR_SECRET, () -> provider::get).orElseThrow();
        Services services = Services.fromEnvironment(env, Api.dynamoDb(fx, QueryOrdersFunction.class, env));
        QueryOrdersFunction deployed = new QueryOrdersFunction(new Services(services.table(), services.clock(),
                new CursorCodec(() -> key.value().getBytes(StandardCharsets.UTF_8))));
        fx.createOrder(SAMPLE_CUSTOMER, "o-1", 100);

        Reply first = invoke(deployed, variant("query-orders/list-customer-orders",
                Map.of("queryStringParameters", Map.of("limit", "1"))));
        String cursor = (String) first.json().get("nextCursor");
        Reply second = invoke(deployed, variant("query-orders/list-customer-orders",
                Map.of("queryStringParameters", Map.of("limit", "1", "cursor", cursor))));
        Reply otherKey = invoke(function, variant("query-orders/list-customer-orders",
                Map.of("queryStringParameters", Map.of("limit", "1", "cursor", cursor))));

        assertEquals(200, second.status(), second.response().getBody());
        assertEquals(List.of("o-1", SAMPLE_ORDER), List.of(
                ((List<Map<String, Object>>) first.json().get("orders")).get(0).get("orderId"),
                ((List<Map<String, Object>>) second.json().get("orders")).get(0).get("orderId")));
        assertEquals(1, secretsManager.reads(), "read once, then from the cache");
        assertEquals(400, otherKey.status(), "a function with another key refuses the cursor");
    }

    @Test
    void aReadDynamoDbKeepsFailingIs503WithRetryAfterSayingNothingWasChanged(TestTable table, LocalDynamoDb server) {
        Map<String, String> env = Api.environment(table.tableName(), server.endpoint());
        FaultyHttpClient http = new FaultyHttpClient(UrlConnectionHttpClient.builder().build());
        http.failAlways("Query", Fault.INTERNAL_SERVER_ERROR);
        QueryOrdersFunction failing = new QueryOrdersFunction(Services.fromEnvironment(env, Services.dynamoDb(env, http)));

        Reply reply = invoke(failing, SampleEvents.load("query-orders/get-order"));

        assertEquals(503, reply.status(), reply.response().getBody());
        assertEquals("1", reply.header("retry-after").orElseThrow());
        assertEquals("urn:order-service:problem:unavailable", reply.json().get("type"));
        assertEquals("The order store is unavailable or unreachable; nothing was changed. Retry shortly.",
                reply.json().get("detail"));
    }

    @ParameterizedTest
    @MethodSource("everySample")
    void hostileRequestsAreAnsweredBelow500AndRefusalsWriteNothing(String sample) {
        HostileRequests.assertRefusedSafely(fx, function, sample);
    }

    @ParameterizedTest
    @MethodSource("everySampleOnACustomersRoute")
    void onlyTheCustomerOfThePathIsAnswered(String sample) {
        CallerChecks.assertOwnerOnly(fx, function, sample);
    }

    @ParameterizedTest
    @MethodSource("everySampleOnAnAdministratorsRoute")
    void crossCustomerRoutesNeedTheAdminScope(String sample) {
        CallerChecks.assertAdminOnly(fx, function, sample);
    }

    /** Every sample of its folder, listed from events/. */
    static List<String> everySample() {
        return SampleEvents.names("query-orders");
    }

    /** The samples of its folder on a customer's own routes. */
    static List<String> everySampleOnACustomersRoute() {
        return SampleEvents.onCustomersRoutes("query-orders");
    }

    /** The samples of its folder on routes the template gives orders:admin. */
    static List<String> everySampleOnAnAdministratorsRoute() {
        return SampleEvents.onAdministratorsRoutes("query-orders");
    }

    /** Of {@code samples}, those whose route reads one order (its path names the order). */
    private static List<String> ofOneOrder(List<String> samples) {
        return samples.stream().filter(sample -> ((String) SampleEvents.json(sample).get("routeKey")).contains("{orderId}"))
                .toList();
    }
}
