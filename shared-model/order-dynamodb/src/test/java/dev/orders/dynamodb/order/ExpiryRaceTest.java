package dev.orders.dynamodb.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.spy;

import dev.orders.application.order.ChangeOrderStatus;
import dev.orders.application.order.ExpireUnpaidOrders;
import dev.orders.application.port.StoreFault;
import dev.orders.core.order.AwaitingPayment;
import dev.orders.core.order.LineRequest;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderCreationOutcome;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderRequest;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PaymentIssueKind;
import dev.orders.core.order.PaymentWindow;
import dev.orders.core.order.Role;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.core.payment.PaymentEventOutcome;
import dev.orders.core.product.Stock;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.Race;
import dev.orders.testsupport.TestTable;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The payment window's expiry racing the provider's capture and the customer's cancellation of one order awaiting
 * payment, with real threads on the engine: one outcome, the stock counted once, a log without gaps. Dynoxide
 * serialises transactions; the interleavings it never produces (a transaction conflict, throttling) are injected.
 */
@ExtendWith(DynamoDbExtension.class)
class ExpiryRaceTest {
    private static final Instant CHECKED_OUT = Instant.parse("2026-03-01T12:00:00Z");
    private static final Instant SWEPT = CHECKED_OUT.plus(Duration.ofHours(1));
    private static final int ROUNDS = 20;
    private static final long UNITS = 2;
    private static final long PRICE = 1250;

    private static String order(Fixture fx, String customerId, String sku) {
        OrderCreationOutcome outcome = fx.createOrder.create(new OrderRequest(customerId, Optional.empty(),
                List.of(new LineRequest(sku, UNITS))), Optional.empty(), "user:" + customerId);
        String orderId = assertInstanceOf(OrderCreationOutcome.Created.class, outcome).aggregate().order().orderId();
        assertInstanceOf(StatusChangeOutcome.Changed.class, new ChangeOrderStatus(fx.store,
                Clock.fixed(CHECKED_OUT, ZoneOffset.UTC)).change(new StatusChangeRequest(Optional.of(customerId), orderId,
                OrderStatus.AWAITING_PAYMENT, Role.CUSTOMER, Optional.empty(), "user:" + customerId, Optional.empty())));
        return orderId;
    }

    private static PaymentEventOutcome capture(Fixture fx, String eventId, String orderId) {
        return fx.processPaymentEvent.process(new PaymentEvent(eventId, PaymentEventType.PAYMENT_SUCCEEDED,
                1_795_348_800L, orderId, Optional.of("pay_" + eventId), UNITS * PRICE, "EUR"));
    }

    /** What the sweep does with an entry it read: the system's expiry of the order, through the status change. */
    private static StatusChangeOutcome expiry(Fixture fx, String orderId) {
        return new ChangeOrderStatus(fx.store, Clock.fixed(SWEPT, ZoneOffset.UTC)).change(PaymentWindow.ofMinutes(30)
                .expiry(new AwaitingPayment(orderId, CHECKED_OUT), SWEPT).orElseThrow());
    }

    private static StatusChangeOutcome cancel(Fixture fx, String customerId, String orderId) {
        return fx.changeOrderStatus.change(new StatusChangeRequest(Optional.of(customerId), orderId, OrderStatus.CANCELLED,
                Role.CUSTOMER, Optional.empty(), "user:" + customerId, Optional.empty()));
    }

    @Test
    void expiryCaptureAndCancellationOfOneOrderHaveOneOutcomeAndTheStockIsCountedOnce(TestTable table) {
        Fixture fx = new Fixture(table);
        Map<OrderStatus, Integer> outcomes = new EnumMap<>(OrderStatus.class);
        for (int round = 0; round < ROUNDS; round++) {
            String sku = "MUG-" + round;
            String customerId = "c-" + round;
            fx.putProduct(sku, PRICE);
            fx.stock(sku, 5);
            String orderId = order(fx, customerId, sku);
            String eventId = "evt_" + round;

            // Even rounds race the whole sweep (its Query first); odd ones the expiry it makes of the entry it read.
            boolean wholeSweep = round % 2 == 0;
            List<Object> results = Race.run(3, racer -> switch (racer) {
                case 0 -> wholeSweep ? fx.sweep(30, SWEPT) : expiry(fx, orderId);
                case 1 -> capture(fx, eventId, orderId);
                default -> cancel(fx, customerId, orderId);
            });

            Order after = fx.store.findRoot(orderId).orElseThrow();
            outcomes.merge(after.status(), 1, Integer::sum);
            PaymentEventOutcome processed = (PaymentEventOutcome) results.get(1);
            StatusChangeOutcome cancelled = (StatusChangeOutcome) results.get(2);
            boolean expired;
            if (results.get(0) instanceof ExpireUnpaidOrders.Sweep sweep) {
                expired = sweep.expired().contains(orderId);
                assertEquals(List.of(), sweep.failed());
            } else {
                expired = results.get(0) instanceof StatusChangeOutcome.Changed;
            }
            boolean paid = processed.outcome() == PaymentOutcome.APPLIED;
            boolean cancelledIt = cancelled instanceof StatusChangeOutcome.Changed;
            assertEquals(1, (expired ? 1 : 0) + (paid ? 1 : 0) + (cancelledIt ? 1 : 0),
                    "round " + round + ": one outcome of " + results);
            if (!paid) {
                assertEquals(new PaymentEventOutcome(eventId, PaymentOutcome.PAYMENT_ISSUE, Optional.of(expired
                        ? PaymentIssueKind.CAPTURE_AFTER_EXPIRY : PaymentIssueKind.CAPTURE_AFTER_CANCEL)), processed,
                        "round " + round + ": the capture that lost is recorded, never applied");
            }
            if (!cancelledIt) {
                assertEquals(StatusChangeOutcome.IllegalTransition.of(after, OrderStatus.CANCELLED), cancelled);
            }
            assertEquals(expired ? OrderStatus.EXPIRED : paid ? OrderStatus.PAID : OrderStatus.CANCELLED, after.status());
            assertEquals(paid ? UNITS * PRICE : 0, after.capturedAmount());
            Stock stock = fx.stockOf(sku);
            assertEquals(5, stock.onHand(), "round " + round + ": nothing sold");
            assertEquals(paid ? UNITS : 0, stock.reserved(), "round " + round + ": released once, or kept for the paid order");
            List<OrderEvent> log = fx.events(customerId, orderId);
            assertEquals(LongStream.rangeClosed(1, after.version()).boxed().toList(),
                    log.stream().map(OrderEvent::version).toList(), "round " + round + ": consecutive versions");
            assertEquals(paid ? 3 : 4, log.size(), "created, checked out, the outcome, and a lost capture's issue");
        }
        System.out.println("expiry vs capture vs cancellation, " + ROUNDS + " rounds, outcomes: " + outcomes);
        assertEquals(ROUNDS, outcomes.values().stream().mapToInt(Integer::intValue).sum());
    }

    /** A transaction conflict Dynoxide never reports: the capture commits while the expiry's first attempt conflicts. */
    @Test
    void anExpiryWhoseTransactionConflictsWithACaptureIsDecidedAgainAndSkipsThePaidOrder(TestTable table) {
        DynamoDbClient client = spy(table.client());
        Fixture fx = new Fixture(new TestTable(table.tableName(), client));
        fx.putProduct("MUG", PRICE);
        fx.stock("MUG", 5);
        String orderId = order(fx, "c-1", "MUG");
        AtomicBoolean captured = new AtomicBoolean();
        doAnswer(invocation -> {
            TransactWriteItemsRequest request = invocation.getArgument(0);
            if (byTheSystem(request) && captured.compareAndSet(false, true)) {
                assertEquals(PaymentOutcome.APPLIED, capture(fx, "evt_1", orderId).outcome());
                throw cancelled("TransactionConflict");
            }
            return invocation.callRealMethod();
        }).when(client).transactWriteItems(any(TransactWriteItemsRequest.class));

        ExpireUnpaidOrders.Sweep sweep = fx.sweep(30, SWEPT);

        assertEquals(List.of(), sweep.expired());
        assertEquals(List.of(orderId), sweep.skipped());
        assertEquals(List.of(), sweep.failed());
        assertEquals(OrderStatus.PAID, fx.store.findRoot(orderId).orElseThrow().status());
        assertEquals(new Stock(5, UNITS, 2), fx.stockOf("MUG"));
    }

    /** Throttling of one order's expiry: counted as failed, the others expire, and the next sweep closes it. */
    @Test
    void oneOrdersThrottledExpiryDoesNotStopTheOthersAndTheNextSweepClosesIt(TestTable table) {
        DynamoDbClient client = spy(table.client());
        Fixture fx = new Fixture(new TestTable(table.tableName(), client));
        fx.putProduct("PEN", 199);
        String throttled = order(fx, "c-1", "PEN");
        String other = order(fx, "c-2", "PEN");
        AtomicBoolean throttling = new AtomicBoolean(true);
        doAnswer(invocation -> {
            TransactWriteItemsRequest request = invocation.getArgument(0);
            if (throttling.get() && byTheSystem(request) && touches(request, throttled)) {
                throw cancelled("ThrottlingError");
            }
            return invocation.callRealMethod();
        }).when(client).transactWriteItems(any(TransactWriteItemsRequest.class));

        ExpireUnpaidOrders.Sweep first = fx.sweep(30, SWEPT);
        throttling.set(false);
        ExpireUnpaidOrders.Sweep next = fx.sweep(30, SWEPT.plusSeconds(60));

        assertEquals(List.of(other), first.expired());
        assertEquals(List.of(new ExpireUnpaidOrders.Failure(throttled, StoreFault.BUSY, "")),
                first.failed());
        assertEquals(List.of(throttled), next.expired());
        assertEquals(OrderStatus.EXPIRED, fx.store.findRoot(throttled).orElseThrow().status());
    }

    /** The expiry's transaction: its event row is by the system. */
    private static boolean byTheSystem(TransactWriteItemsRequest request) {
        return request.transactItems().stream().anyMatch(item -> item.put() != null
                && AttributeValue.fromS(PaymentWindow.ACTOR).equals(item.put().item().get("by")));
    }

    private static boolean touches(TransactWriteItemsRequest request, String orderId) {
        return request.transactItems().stream().anyMatch(item -> item.update() != null
                && AttributeValue.fromS("ORDER#" + orderId).equals(item.update().key().get("PK")));
    }

    private static TransactionCanceledException cancelled(String code) {
        return TransactionCanceledException.builder().message("Transaction cancelled")
                .cancellationReasons(CancellationReason.builder().code(code).build()).build();
    }
}
