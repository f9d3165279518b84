package dev.orders.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orders.client.api.CatalogueApi;
import dev.orders.client.api.CustomersApi;
import dev.orders.client.api.OrderLinesApi;
import dev.orders.client.api.OrdersApi;
import dev.orders.client.api.PaymentsApi;
import dev.orders.client.model.ChangeItemStatusRequest;
import dev.orders.client.model.Customer;
import dev.orders.client.model.CustomerDetails;
import dev.orders.client.model.EventLine;
import dev.orders.client.model.GatewayMessage;
import dev.orders.client.model.HistoryPage;
import dev.orders.client.model.ItemStatus;
import dev.orders.client.model.NewItem;
import dev.orders.client.model.NewLine;
import dev.orders.client.model.NewOrder;
import dev.orders.client.model.OpenPaymentIssue;
import dev.orders.client.model.NextStatus;
import dev.orders.client.model.OrderAggregate;
import dev.orders.client.model.OrderAggregateItem;
import dev.orders.client.model.OrderCreated;
import dev.orders.client.model.OrderEvent;
import dev.orders.client.model.OrderItem;
import dev.orders.client.model.OrderLineAdded;
import dev.orders.client.model.OrderLineRemoved;
import dev.orders.client.model.OrderLineStatusChanged;
import dev.orders.client.model.OrderPage;
import dev.orders.client.model.OrderStatus;
import dev.orders.client.model.OrderStatusChanged;
import dev.orders.client.model.OrderSummary;
import dev.orders.client.model.PaymentEvent;
import dev.orders.client.model.PaymentCaptured;
import dev.orders.client.model.PaymentEventData;
import dev.orders.client.model.PaymentIssue;
import dev.orders.client.model.PaymentIssueKind;
import dev.orders.client.model.PaymentIssuePage;
import dev.orders.client.model.PaymentIssueRecorded;
import dev.orders.client.model.PaymentIssueResolved;
import dev.orders.client.model.Product;
import dev.orders.client.model.ProductDetails;
import dev.orders.client.model.PaymentEventOutcome;
import dev.orders.client.model.ResolvePaymentIssueRequest;
import dev.orders.client.model.StatusChangeRequest;
import dev.orders.core.payment.WebhookSignature;
import dev.orders.local.e2e.LocalApi;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * README.md's "Walkthrough: an order's life", one step per call and in its order, through the client
 * openapi-generator made from docs/openapi.yaml, against {@code ./sam-local start-api}. Each step asserts
 * the status a user sees and the fields the README relies on. The client refuses a field the document does
 * not declare (Jackson fails on unknown properties) and a status or media type it does not declare for the
 * operation ({@link DocumentedResponses}), so either fails the build. The steps share one server and
 * build on each other, as the README's calls do.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(ReadmeOrder.class)
class ReadmeWalkthroughTest {
    private static final String WEBHOOK_SECRET = "whsec_generated_client_walkthrough_secret";
    private static final String ADA_ID = "c-ada";

    private LocalApi server;
    private ObjectMapper json;
    private CatalogueApi catalogue;
    private CustomersApi customers;
    private OrdersApi orders;
    private OrderLinesApi lines;
    private PaymentsApi payments;
    /** $ORDER, $ITEM and $EXTRA of the README, as the steps learn them. */
    private String order;
    private String item;
    private String extra;
    /** $ADA and $ADMIN of the README. */
    private Map<String, String> ada;
    private Map<String, String> admin;

    /** The Authorization header of a token of the local issuer: the one place tokens are minted. */
    private Map<String, String> bearer(String subject, String... scopes) {
        return Map.of("Authorization", "Bearer " + server.token(subject, scopes));
    }

    @BeforeAll
    void startTheServiceAndTheGeneratedClient() {
        server = LocalApi.start(Map.of("WEBHOOK_SECRET", WEBHOOK_SECRET));
        ada = bearer(ADA_ID);
        admin = bearer("ops-admin", "orders:admin");
        DocumentedResponses documented = DocumentedResponses.ofRepository();
        json = ApiClient.createDefaultObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        ApiClient client = new ApiClient().setObjectMapper(json).setResponseInterceptor(documented::check);
        client.updateBaseUri(server.base());
        catalogue = new CatalogueApi(client);
        customers = new CustomersApi(client);
        orders = new OrdersApi(client);
        lines = new OrderLinesApi(client);
        payments = new PaymentsApi(client);
    }

    @AfterAll
    void stopTheService() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    @ReadmeCall("PUT /products/MUG-BLUE")
    void anAdministratorPutsTheBlueMugInTheCatalogue() throws ApiException {
        ApiResponse<Product> put = catalogue.putProductWithHttpInfo("MUG-BLUE",
                new ProductDetails().name("Blue mug").unitPrice(1250L).currency("EUR"), admin);
        assertEquals(201, put.getStatusCode());
        assertEquals("MUG-BLUE", put.getData().getSku());
        assertEquals(1250L, put.getData().getUnitPrice());
    }

    @Test
    @ReadmeCall("PUT /products/TEA-EARL-100G")
    void anAdministratorPutsTheTea() throws ApiException {
        ApiResponse<Product> put = catalogue.putProductWithHttpInfo("TEA-EARL-100G",
                new ProductDetails().name("Earl Grey tea, 100 g").unitPrice(899L).currency("EUR"), admin);
        assertEquals(201, put.getStatusCode());
        assertEquals(899L, put.getData().getUnitPrice());
    }

    @Test
    @ReadmeCall("PUT /products/BISCUITS-200G")
    void anAdministratorPutsTheBiscuits() throws ApiException {
        ApiResponse<Product> put = catalogue.putProductWithHttpInfo("BISCUITS-200G",
                new ProductDetails().name("Shortbread biscuits, 200 g").unitPrice(349L).currency("EUR"), admin);
        assertEquals(201, put.getStatusCode());
        assertEquals(349L, put.getData().getUnitPrice());
    }

    @Test
    @ReadmeCall("GET /products/MUG-BLUE")
    void theCustomerReadsAProduct() throws ApiException {
        ApiResponse<Product> product = catalogue.getProductWithHttpInfo("MUG-BLUE", ada);
        assertEquals(200, product.getStatusCode());
        assertEquals("Blue mug", product.getData().getName());
        assertEquals(1250L, product.getData().getUnitPrice());
        assertEquals("EUR", product.getData().getCurrency());
        assertEquals(Boolean.TRUE, product.getData().getActive());
    }

    @Test
    @ReadmeCall("PUT /customers/c-ada")
    void theCustomerCreatesItsProfile() throws ApiException {
        ApiResponse<Customer> put = customers.putCustomerWithHttpInfo(ADA_ID,
                new CustomerDetails().name("Ada Lovelace").email("ada@example.com"), null, ada);
        assertEquals(201, put.getStatusCode());
        assertEquals(ADA_ID, put.getData().getCustomerId());
    }

    @Test
    @ReadmeCall("GET /customers/c-ada")
    void theCustomerReadsItsProfile() throws ApiException {
        ApiResponse<Customer> profile = customers.getCustomerWithHttpInfo(ADA_ID, ada);
        assertEquals(200, profile.getStatusCode());
        assertEquals("Ada Lovelace", profile.getData().getName());
        assertEquals("ada@example.com", profile.getData().getEmail());
    }

    @Test
    @ReadmeCall("POST /customers/c-ada/orders")
    void theCustomerOrdersTwoMugsByTheirSku() throws ApiException {
        ApiResponse<OrderAggregate> created = orders.createOrderWithHttpInfo(ADA_ID,
                new NewOrder().items(List.of(new NewItem().sku("MUG-BLUE").quantity(2))),
                "3f0c9a6e-7f5b-4f3e-9a55-1d2b7c8e9f01", ada);
        assertEquals(201, created.getStatusCode());
        order = created.getData().getOrderId();
        assertNotNull(order);
        assertEquals(OrderStatus.CREATED, created.getData().getStatus());
        assertEquals(2500L, created.getData().getTotal());
        OrderAggregateItem mugs = created.getData().getItems().get(0);
        assertEquals("Blue mug", mugs.getName(), "the line takes the catalogue's name");
        assertEquals(1250L, mugs.getUnitPrice(), "and its price");
        assertEquals(List.of("/customers/c-ada/orders/" + order), created.getHeaders().get("location"));
    }

    @Test
    @ReadmeCall(value = "POST /customers/c-ada/orders/$ORDER/items", occurrence = 1)
    void theCustomerAddsTheTea() throws ApiException {
        ApiResponse<OrderItem> added = lines.addOrderItemWithHttpInfo(ADA_ID, order,
                new NewLine().sku("TEA-EARL-100G").quantity(1), null, null, ada);
        assertEquals(201, added.getStatusCode());
        item = added.getData().getItemId();
        assertNotNull(item);
        assertEquals("Earl Grey tea, 100 g", added.getData().getName());
        assertEquals(899L, added.getData().getLineTotal());
    }

    @Test
    @ReadmeCall(value = "POST /customers/c-ada/orders/$ORDER/items", occurrence = 2)
    void theCustomerAddsBiscuits() throws ApiException {
        ApiResponse<OrderItem> added = lines.addOrderItemWithHttpInfo(ADA_ID, order,
                new NewLine().sku("BISCUITS-200G").quantity(3), null, null, ada);
        assertEquals(201, added.getStatusCode());
        extra = added.getData().getItemId();
        assertNotNull(extra);
        assertEquals(1047L, added.getData().getLineTotal());
    }

    @Test
    @ReadmeCall("DELETE /customers/c-ada/orders/$ORDER/items/$EXTRA")
    void theCustomerRemovesTheBiscuits() throws ApiException {
        assertEquals(204, lines.deleteOrderItemWithHttpInfo(ADA_ID, order, extra, null, ada).getStatusCode());
    }

    @Test
    @ReadmeCall("GET /customers/c-ada/orders/$ORDER")
    void theCustomerReadsItsOrderAtVersionFour() throws ApiException {
        ApiResponse<OrderAggregate> read = orders.getOrderWithHttpInfo(ADA_ID, order, ada);
        assertEquals(200, read.getStatusCode());
        assertEquals(4L, read.getData().getVersion(), "created, two lines added, one removed");
        assertEquals(3399L, read.getData().getTotal(), "the amount the webhook's delivery names");
        assertEquals(List.of("MUG-BLUE", "TEA-EARL-100G"), read.getData().getItems().stream().map(OrderAggregateItem::getSku).sorted().toList());
        assertEquals(List.of(new NextStatus().status(OrderStatus.AWAITING_PAYMENT).reasonRequired(false),
                new NextStatus().status(OrderStatus.CANCELLED).reasonRequired(false)), read.getData().getNext(),
                "the customer may check out or cancel");
        assertEquals(List.of(List.of(), List.of()), read.getData().getItems().stream().map(OrderAggregateItem::getNext).toList(),
                "and move no item");
    }

    @Test
    @ReadmeCall("GET /customers/c-ada/orders/$ORDER/items/$ITEM")
    void theCustomerReadsOneItem() throws ApiException {
        ApiResponse<OrderItem> read = lines.getOrderItemWithHttpInfo(ADA_ID, order, item, ada);
        assertEquals(200, read.getStatusCode());
        assertEquals("TEA-EARL-100G", read.getData().getSku());
        assertEquals(ItemStatus.PENDING, read.getData().getItemStatus());
    }

    @Test
    @ReadmeCall("POST /orders/$ORDER/status")
    void anAdministratorMarksTheOrderPaid() throws ApiException {
        ApiResponse<dev.orders.client.model.Order> paid = orders.administerOrderStatusWithHttpInfo(order,
                new StatusChangeRequest().status(OrderStatus.PAID).expectedVersion(4L).reason("card captured"), null, admin);
        assertEquals(200, paid.getStatusCode());
        assertEquals(OrderStatus.PAID, paid.getData().getStatus());
        assertEquals(5L, paid.getData().getVersion());
    }

    @Test
    @ReadmeCall("PUT /orders/$ORDER/items/$ITEM/status")
    void anAdministratorPicksTheTea() throws ApiException {
        ApiResponse<OrderItem> picked = lines.changeItemStatusWithHttpInfo(order, item,
                new ChangeItemStatusRequest().status(ItemStatus.PICKED), null, admin);
        assertEquals(200, picked.getStatusCode());
        assertEquals(ItemStatus.PICKED, picked.getData().getItemStatus());
    }

    @Test
    @ReadmeCall("POST /webhooks/payments")
    void theProvidersCaptureOfAPaidOrderIsRecordedAsADuplicateCapture() throws Exception {
        long now = Instant.now().getEpochSecond();
        PaymentEvent delivery = new PaymentEvent().id("evt_1").type("payment.succeeded").created(now)
                .data(new PaymentEventData().orderId(order).paymentId("pay_1").amount(3399L).currency("EUR"));
        // The client sends the body as its mapper writes it: that is what the provider signs.
        String signature = WebhookSignature.header(WEBHOOK_SECRET, now, json.writeValueAsString(delivery));
        ApiResponse<PaymentEventOutcome> ack = payments.receivePaymentEventWithHttpInfo(signature, delivery);
        assertEquals(200, ack.getStatusCode());
        assertEquals(PaymentEventOutcome.OutcomeEnum.PAYMENT_ISSUE, ack.getData().getOutcome());
        assertEquals(PaymentIssueKind.DUPLICATE_CAPTURE, ack.getData().getIssue());
    }

    @Test
    @ReadmeCall("GET /payment-issues")
    void anAdministratorListsTheOpenPaymentIssues() {
        PaymentIssuePage page = eventually(() -> payments.listPaymentIssuesWithHttpInfo(20, null, null, admin),
                p -> p.getIssues().stream().anyMatch(issue -> order.equals(issue.getOrderId())));
        OpenPaymentIssue issue = page.getIssues().stream().filter(i -> order.equals(i.getOrderId())).findFirst().orElseThrow();
        assertEquals("evt_1", issue.getEventId());
        assertEquals(PaymentIssueKind.DUPLICATE_CAPTURE, issue.getKind());
        assertEquals(3399L, issue.getAmount());
    }

    @Test
    @ReadmeCall("POST /orders/$ORDER/payment-issues/evt_1/resolution")
    void anAdministratorResolvesTheIssue() throws ApiException {
        ApiResponse<PaymentIssue> resolved = payments.resolvePaymentIssueWithHttpInfo(order, "evt_1",
                new ResolvePaymentIssueRequest().note("second capture refunded in the provider dashboard"), admin);
        assertEquals(200, resolved.getStatusCode());
        assertEquals("second capture refunded in the provider dashboard", resolved.getData().getResolution().getNote());
    }

    @Test
    @ReadmeCall("GET /customers/c-ada/orders/$ORDER/history")
    void theCustomerReadsTheOrdersHistoryNewestFirst() throws ApiException {
        ApiResponse<HistoryPage> history = orders.getOrderHistoryWithHttpInfo(ADA_ID, order, 10, null, ada);
        assertEquals(200, history.getStatusCode());
        List<OrderEvent> events = history.getData().getEvents();
        // The client reads each event as the variant its type names (the document's discriminator).
        assertEquals(List.of(PaymentIssueResolved.class, PaymentIssueRecorded.class, OrderStatusChanged.class,
                        OrderLineStatusChanged.class, PaymentCaptured.class, OrderLineRemoved.class, OrderLineAdded.class,
                        OrderLineAdded.class, OrderCreated.class),
                events.stream().map(event -> event.getActualInstance().getClass()).toList());
        assertNull(events.get(0).getPaymentIssueResolved().getData().getNote(), "the staff's note is not the customer's");
        assertEquals("BISCUITS-200G", events.get(5).getOrderLineRemoved().getData().getLine().getSku());
        assertEquals(List.of("MUG-BLUE"), events.get(8).getOrderCreated().getData().getLines().stream()
                .map(EventLine::getSku).toList());
    }

    @Test
    @ReadmeCall("GET /customers/c-ada/orders")
    void theCustomerFindsItsOrderInFulfillment() {
        OrderPage page = eventually(() -> orders.listCustomerOrdersWithHttpInfo(ADA_ID, OrderStatus.IN_FULFILLMENT, null, null,
                20, null, ada), p -> ids(p).contains(order));
        assertEquals(List.of(order), ids(page), "picking a line started the fulfillment");
    }

    @Test
    @ReadmeCall("GET /orders")
    void anAdministratorFindsTheOrderInTheFeedSinceJanuary() {
        OrderPage page = eventually(() -> orders.listOrdersWithHttpInfo(OrderStatus.IN_FULFILLMENT,
                OffsetDateTime.parse("2026-01-01T00:00:00Z"), null, 50, null, admin), p -> ids(p).contains(order));
        assertTrue(ids(page).contains(order));
    }

    @Test
    @ReadmeCall("GET /orders/$ORDER")
    void anAdministratorReadsTheOrderByItsIdAlone() throws ApiException {
        ApiResponse<OrderAggregate> read = orders.getOrderByIdWithHttpInfo(order, admin);
        assertEquals(200, read.getStatusCode());
        assertEquals(OrderStatus.IN_FULFILLMENT, read.getData().getStatus());
        assertEquals(3399L, read.getData().getCapturedAmount());
        assertNotNull(read.getData().getPaymentIssues().get(0).getResolution(), "the issue is resolved");
        assertEquals(List.of(new NextStatus().status(OrderStatus.REFUNDED).reasonRequired(true)), read.getData().getNext(),
                "an administrator may refund it, saying why");
        assertEquals(Map.of("MUG-BLUE", List.of(ItemStatus.PICKED, ItemStatus.CANCELLED),
                "TEA-EARL-100G", List.of(ItemStatus.SHIPPED, ItemStatus.CANCELLED)), read.getData().getItems().stream()
                .collect(Collectors.toMap(OrderAggregateItem::getSku, OrderAggregateItem::getNext)), "and move each item on");
    }

    @Test
    @ReadmeCall("GET /orders/$ORDER/history")
    void anAdministratorReadsTheHistoryWithWhoDidWhatAndTheNotes() throws ApiException {
        ApiResponse<HistoryPage> history = orders.getOrderHistoryByIdWithHttpInfo(order, 10, null, admin);
        assertEquals(200, history.getStatusCode());
        PaymentIssueResolved resolved = history.getData().getEvents().get(0).getPaymentIssueResolved();
        assertEquals("user:ops-admin", resolved.getBy());
        assertEquals("second capture refunded in the provider dashboard", resolved.getData().getNote());
    }

    @Test
    void theSameRequestWithoutATokenIsAnsweredByTheGatewaysAuthorizer() throws Exception {
        ApiException refused = assertThrows(ApiException.class, () -> orders.getOrderByIdWithHttpInfo(order, Map.of()));
        assertEquals(401, refused.getCode());
        assertEquals(List.of("Bearer"), refused.getResponseHeaders().allValues("www-authenticate"));
        assertEquals("Unauthorized", json.readValue(refused.getResponseBody(), GatewayMessage.class).getMessage());
    }

    /** The data of a read that goes through an index, once {@code ready}: an index may lag the write it follows. */
    private static <T> T eventually(Call<T> read, Predicate<T> ready) {
        try {
            for (int attempt = 1; ; attempt++) {
                ApiResponse<T> response = read.call();
                assertEquals(200, response.getStatusCode());
                if (ready.test(response.getData()) || attempt == 50) {
                    return response.getData();
                }
                Thread.sleep(100);
            }
        } catch (ApiException e) {
            throw new AssertionError(e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static List<String> ids(OrderPage page) {
        return page.getOrders().stream().map(OrderSummary::getOrderId).toList();
    }

    @FunctionalInterface
    private interface Call<T> {
        ApiResponse<T> call() throws ApiException;
    }
}
