package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.order.LineChangeOutcome;
import dev.orders.core.order.LineRequest;
import dev.orders.core.order.LineStatus;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderCreationOutcome;
import dev.orders.core.order.OrderLimits;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.OrderRequest;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PaymentIssueResolution;
import dev.orders.core.order.PaymentIssueResolutionOutcome;
import dev.orders.core.order.Role;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.core.product.Stock;
import dev.orders.core.validation.ValidationException;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * Every transaction of an order's life at the largest order there can be, on the engine (which refuses a
 * TransactWriteItems of more than 100 actions, as DynamoDB does), with the actions each one sends counted:
 * OrderLimits' arithmetic, proved on what the adapter writes.
 */
@ExtendWith(DynamoDbExtension.class)
class TransactionSizeTest {
    private static final int MAX = OrderLimits.MAX_ITEMS_PER_ORDER;
    /** The actions of each TransactWriteItems the code under test sent, in order. */
    private final List<Integer> sent = new CopyOnWriteArrayList<>();
    private Fixture fx;
    private TestTable table;

    @BeforeEach
    void setUp(TestTable table) {
        this.table = table;
        ExecutionInterceptor counting = new ExecutionInterceptor() {
            @Override
            public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
                if (context.request() instanceof TransactWriteItemsRequest transaction) {
                    sent.add(transaction.transactItems().size());
                }
            }
        };
        fx = new Fixture(table, table.newClient(counting), OrdersTable.DEFAULT_STATUS_SHARDS);
    }

    /** The judge of these tests: the engine, like DynamoDB, takes 100 actions and refuses 101. */
    @Test
    void theEngineTakesATransactionOfAHundredActionsAndRefusesOneOfAHundredAndOne() {
        table.client().transactWriteItems(b -> b.transactItems(puts("a", OrderLimits.TRANSACTION_ACTIONS)));

        DynamoDbException refused = assertThrows(DynamoDbException.class,
                () -> table.client().transactWriteItems(b -> b.transactItems(puts("b", OrderLimits.TRANSACTION_ACTIONS + 1))));

        assertEquals(400, refused.statusCode());
        assertTrue(refused.getMessage().contains("less than or equal to 100"), refused.getMessage());
    }

    @Test
    void anOrderOfTheMostItemsWithAKeyIsOneTransactionOfAHundredActions() {
        fx.putProduct("PEN", 199);
        fx.putProduct("MUG", 1250);
        fx.stock("MUG", 1_000);

        OrderCreationOutcome untracked = create("c-1", Collections.nCopies(MAX, new LineRequest("PEN", 1)), "key-1");
        OrderCreationOutcome oneStockedProduct = create("c-2",
                Collections.nCopies(MAX - 1, new LineRequest("MUG", 1)), "key-2");

        assertInstanceOf(OrderCreationOutcome.Created.class, untracked);
        assertInstanceOf(OrderCreationOutcome.Created.class, oneStockedProduct);
        assertEquals(List.of(100, 100), sent, "root, event 1, key, 97 lines; root, event 1, key, 96 lines, 1 reservation");
        assertEquals(new Stock(1_000, MAX - 1, 2), fx.stockOf("MUG"));
    }

    @Test
    void anOrderWhoseItemsAndStockedProductsTogetherPassTheLimitIsRefusedBeforeAnyWrite() {
        fx.putProduct("MUG", 1250);
        fx.stock("MUG", 1_000);
        int items = fx.itemCount();

        ValidationException refused = assertThrows(ValidationException.class,
                () -> create("c-1", Collections.nCopies(MAX, new LineRequest("MUG", 1)), "key-1"));

        assertEquals("items", refused.errors().get(0).field());
        assertTrue(refused.getMessage().contains("at most 97 together (97 items of 1 stocked products"), refused.getMessage());
        assertEquals(List.of(), sent);
        assertEquals(items, fx.itemCount());
    }

    /**
     * The largest cancellation there can be: an order of the most lines, each of another stocked product (lines added
     * one by one reserve one sku each), awaiting payment, gives every reservation back and closes its payment window
     * in one transaction of exactly 100 actions; one that never awaited payment has no window to close.
     */
    @Test
    void cancellingAnOrderOfTheMostLinesEachOfAnotherStockedProductIsAHundredActionsOutOfAwaitingPayment() {
        String created = fullOrderOfStockedProducts("c-1");
        String awaiting = fullOrderOfStockedProducts("c-2");
        awaitPayment(awaiting);

        sent.clear();
        assertInstanceOf(StatusChangeOutcome.Changed.class, cancel("c-1", created));
        assertInstanceOf(StatusChangeOutcome.Changed.class, cancel("c-2", awaiting));

        assertEquals(List.of(99, 100), sent, "root, event, 97 releases; and the payment window's delete");
        IntStream.range(0, MAX).forEach(i -> assertEquals(new Stock(10, 0, 6), fx.stockOf(sku(i)), sku(i)));
    }

    /** The payment window's sweep expires the same order as it would be cancelled: 100 actions. */
    @Test
    void expiringAnOrderOfTheMostLinesEachOfAnotherStockedProductIsAHundredActions() {
        String orderId = fullOrderOfStockedProducts("c-1");
        sent.clear();
        awaitPayment(orderId);
        assertEquals(List.of(4), sent, "root, OrderStatusChanged, the payment window's row, the provider event's record");

        sent.clear();
        assertEquals(List.of(orderId), fx.sweep(30, fx.clock.peek().plus(Duration.ofDays(1))).expired());

        assertEquals(List.of(100), sent, "root, event, 97 releases, the payment window's delete");
        assertEquals(OrderStatus.EXPIRED, fx.store.findRoot(orderId).orElseThrow().status());
    }

    /**
     * Every other step of an order at the limit: a line added (refused past it), removed and added again, the
     * capture, lines cancelled and shipped (the last fulfilling the order) and the refund, each a handful of actions.
     */
    @Test
    void everyLineChangeAndPaymentOfAnOrderOfTheMostLinesIsAtMostFiveActions() {
        String orderId = fullOrderOfStockedProducts("c-1");
        OrderAggregate full = fx.store.findAggregate(orderId).orElseThrow();
        List<String> itemIds = full.items().stream().map(OrderLine::itemId).toList();

        sent.clear();
        assertEquals(new LineChangeOutcome.TooManyLines(MAX), fx.addLine.add("c-1", orderId, new LineRequest(sku(0), 1),
                Optional.empty(), Optional.of("key-more"), "customer:c-1"));
        assertEquals(List.of(), sent, "refused before writing");

        fx.removeLine.remove("c-1", orderId, itemIds.get(MAX - 1), Optional.empty(), "customer:c-1");
        assertEquals(List.of(4), sent, "root, event, the line, its release");
        sent.clear();
        LineChangeOutcome.Added again = assertInstanceOf(LineChangeOutcome.Added.class, fx.addLine.add("c-1", orderId,
                new LineRequest(sku(MAX - 1), 1), Optional.empty(), Optional.of("key-again"), "customer:c-1"));
        assertEquals(List.of(5), sent, "root, event, the line, its reservation, the key's record");

        sent.clear();
        long total = fx.store.findRoot(orderId).orElseThrow().total();
        assertEquals(PaymentOutcome.APPLIED, fx.processPaymentEvent.process(new PaymentEvent("evt_capture",
                PaymentEventType.PAYMENT_SUCCEEDED, 1_795_348_800L, orderId, Optional.of("pay_1"), total, "EUR")).outcome());
        assertEquals(List.of(3), sent, "root, PaymentCaptured, the provider event's record");

        List<String> lines = new ArrayList<>(itemIds.subList(0, MAX - 1));
        lines.add(again.item().itemId());
        sent.clear();
        fx.moveLines(orderId, LineStatus.CANCELLED, lines.subList(1, MAX).toArray(String[]::new));
        assertEquals(Collections.nCopies(MAX - 1, 4), sent, "root, event, the line, its release: each");
        sent.clear();
        fx.fulfil(orderId, lines.get(0));
        assertEquals(List.of(4, 5), sent, "picked: root, line event, order following, the line; shipped: the sale too");
        assertEquals(OrderStatus.FULFILLED, fx.store.findRoot(orderId).orElseThrow().status());

        sent.clear();
        assertEquals(PaymentOutcome.APPLIED, fx.processPaymentEvent.process(new PaymentEvent("evt_refund",
                PaymentEventType.REFUND_SUCCEEDED, 1_795_348_801L, orderId, Optional.of("pay_1"), total, "EUR")).outcome());
        assertEquals(List.of(3), sent, "root, RefundRecorded, the provider event's record");
        assertEquals(new Stock(9, 0, 3), fx.stockOf(sku(0)), "one sold");
        assertEquals(new Stock(10, 0, 3), fx.stockOf(sku(1)), "released");
    }

    /**
     * A capture after 200 refunds of its payment that came before it: its own transaction holds as many as 100 actions
     * do, and follow-ups the others; so for money of an order id that names no order. What the core counts is what the
     * adapter sends (the payment window's delete included).
     */
    @Test
    void aCaptureAfterTwoHundredEarlyRefundsIsTransactionsOfAtMostAHundredActions() {
        fx.seedSampleOrder();
        awaitPayment(Fixture.SAMPLE_ORDER);
        long total = fx.store.findRoot(Fixture.SAMPLE_ORDER).orElseThrow().total();
        for (String orderId : List.of(Fixture.SAMPLE_ORDER, "o-none")) {
            IntStream.range(0, 200).forEach(i -> fx.processPaymentEvent.process(new PaymentEvent(orderId + "_r" + i,
                    PaymentEventType.REFUND_SUCCEEDED, 1_795_348_800L, orderId, Optional.of("pay_" + orderId), 1, "EUR")));
        }

        List<List<Integer>> captures = new ArrayList<>();
        for (String orderId : List.of(Fixture.SAMPLE_ORDER, "o-none")) {
            sent.clear();
            fx.processPaymentEvent.process(new PaymentEvent(orderId + "_capture", PaymentEventType.PAYMENT_SUCCEEDED,
                    1_795_348_800L, orderId, Optional.of("pay_" + orderId), total, "EUR"));
            captures.add(List.copyOf(sent));
        }

        assertEquals(List.of(List.of(100, 99, 99, 99, 11), List.of(100, 100, 7)), captures,
                "root, window, capture, 48 refunds and their issues, record; then root and 49 of each | check, issue, 97"
                        + " issues, record; then check, issue, 98 issues");
        assertEquals(200, fx.store.findRoot(Fixture.SAMPLE_ORDER).orElseThrow().refundedAmount());

        sent.clear();
        assertEquals(PaymentOutcome.PAYMENT_ISSUE, fx.processPaymentEvent.process(new PaymentEvent("evt_over",
                PaymentEventType.REFUND_SUCCEEDED, 1_795_348_800L, Fixture.SAMPLE_ORDER,
                Optional.of("pay_" + Fixture.SAMPLE_ORDER), total, "EUR")).outcome());
        assertInstanceOf(PaymentIssueResolutionOutcome.Resolved.class, fx.resolvePaymentIssue.resolve(
                new PaymentIssueResolution(Fixture.SAMPLE_ORDER, "evt_over", Role.ADMINISTRATOR, "admin:ann", "by hand")));
        assertEquals(List.of(4, 3), sent, "an over-refund: root, event, its issue, the record; its resolution: root,"
                + " event, the issue");
    }

    /**
     * An order of {@link OrderLimits#MAX_ITEMS_PER_ORDER} lines, each of its own stocked product (10 on hand): created
     * with one, the others added one by one, as a customer can.
     */
    private String fullOrderOfStockedProducts(String customerId) {
        for (int i = 0; i < MAX; i++) {
            fx.putProduct(sku(i), 100 + i);
            fx.stock(sku(i), 10);
        }
        OrderAggregate created = ((OrderCreationOutcome.Created) create(customerId, List.of(new LineRequest(sku(0), 1)),
                "key-create")).aggregate();
        String orderId = created.order().orderId();
        for (int i = 1; i < MAX; i++) {
            assertInstanceOf(LineChangeOutcome.Added.class, fx.addLine.add(customerId, orderId, new LineRequest(sku(i), 1),
                    Optional.empty(), Optional.empty(), "customer:" + customerId));
        }
        assertEquals(MAX, fx.store.findRoot(orderId).orElseThrow().itemCount());
        return orderId;
    }

    /** A failed payment attempt moves the order to AWAITING_PAYMENT, which opens its payment window. */
    private void awaitPayment(String orderId) {
        assertEquals(PaymentOutcome.APPLIED, fx.processPaymentEvent.process(new PaymentEvent("evt_failed_" + orderId,
                PaymentEventType.PAYMENT_FAILED, 1_795_348_800L, orderId, Optional.empty(), 1, "EUR")).outcome());
    }

    private StatusChangeOutcome cancel(String customerId, String orderId) {
        return fx.changeOrderStatus.change(new StatusChangeRequest(Optional.of(customerId), orderId, OrderStatus.CANCELLED,
                Role.CUSTOMER, Optional.empty(), "customer:" + customerId, Optional.empty()));
    }

    private OrderCreationOutcome create(String customerId, List<LineRequest> lines, String key) {
        return fx.createOrder.create(new OrderRequest(customerId, Optional.of("EUR"), lines), Optional.of(key),
                "customer:" + customerId);
    }

    private static String sku(int i) {
        return "SKU-" + i;
    }

    private List<TransactWriteItem> puts(String prefix, int n) {
        return IntStream.range(0, n).mapToObj(i -> TransactWriteItem.builder().put(p -> p.tableName(table.tableName())
                .item(Map.of(Keys.PK, s(prefix + i), Keys.SK, s("X")))).build()).toList();
    }
}
