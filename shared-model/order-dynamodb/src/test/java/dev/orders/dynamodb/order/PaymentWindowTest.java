package dev.orders.dynamodb.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.application.order.ChangeOrderStatus;
import dev.orders.application.order.ExpireUnpaidOrders;
import dev.orders.application.port.PaymentWindowStore;
import dev.orders.core.order.AwaitingPayment;
import dev.orders.core.order.LineRequest;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderCreationOutcome;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderRequest;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PaymentIssueKind;
import dev.orders.core.order.Role;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.core.payment.PaymentEventOutcome;
import dev.orders.core.product.Stock;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The payment window on the real engine: the row of an order awaiting payment, written and removed by the moves
 * the lifecycle says, and the sweep that closes the orders whose window ended, one Query per shard.
 */
@ExtendWith(DynamoDbExtension.class)
class PaymentWindowTest {
    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final long WINDOW = 30;

    private TestTable table;
    private Fixture fx;

    @BeforeEach
    void setUp(TestTable table) {
        this.table = table;
        fx = new Fixture(table);
        fx.putProduct("MUG", 1250);
        fx.putProduct("PEN", 199);
    }

    private String order(Fixture fx, String customerId, String sku, long quantity) {
        OrderCreationOutcome outcome = fx.createOrder.create(new OrderRequest(customerId, Optional.empty(),
                List.of(new LineRequest(sku, quantity))), Optional.empty(), "user:" + customerId);
        return assertInstanceOf(OrderCreationOutcome.Created.class, outcome).aggregate().order().orderId();
    }

    private static StatusChangeOutcome move(Fixture fx, String customerId, String orderId, OrderStatus to, Role role,
                                            Instant at) {
        return new ChangeOrderStatus(fx.store, Clock.fixed(at, ZoneOffset.UTC)).change(new StatusChangeRequest(
                Optional.of(customerId), orderId, to, role, Optional.empty(), "user:" + customerId,
                role == Role.ADMINISTRATOR ? Optional.of("paid by phone") : Optional.empty()));
    }

    private static void checkout(Fixture fx, String customerId, String orderId, Instant at) {
        assertInstanceOf(StatusChangeOutcome.Changed.class,
                move(fx, customerId, orderId, OrderStatus.AWAITING_PAYMENT, Role.CUSTOMER, at));
    }

    private static PaymentEventOutcome capture(Fixture fx, String eventId, String orderId, long amount) {
        return fx.processPaymentEvent.process(new PaymentEvent(eventId, PaymentEventType.PAYMENT_SUCCEEDED,
                1_795_348_800L, orderId, Optional.of("pay_" + eventId), amount, "EUR"));
    }

    private Order root(String orderId) {
        return fx.store.findRoot(orderId).orElseThrow();
    }

    private boolean hasWindowRow(String orderId) {
        return !fx.raw(Keys.orderPk(orderId), Keys.PAYMENT_WINDOW_SK).isEmpty();
    }

    @Test
    void theSweepExpiresOnlyOrdersAwaitingPaymentLongerThanTheWindowNotThoseCreatedLongAgoButCheckedOutJustNow() {
        String due = order(fx, "c-1", "MUG", 1);
        String justCheckedOut = order(fx, "c-2", "MUG", 1);
        String neverCheckedOut = order(fx, "c-3", "MUG", 1);
        checkout(fx, "c-1", due, T0);
        checkout(fx, "c-2", justCheckedOut, T0.plus(Duration.ofMinutes(25)));

        ExpireUnpaidOrders.Sweep sweep = fx.sweep(WINDOW, T0.plus(Duration.ofMinutes(WINDOW)).plusMillis(1));

        assertEquals(List.of(due), sweep.expired());
        assertEquals(List.of(), sweep.skipped());
        assertEquals(List.of(), sweep.failed());
        assertEquals(OrderStatus.EXPIRED, root(due).status());
        assertEquals(OrderStatus.AWAITING_PAYMENT, root(justCheckedOut).status());
        assertEquals(OrderStatus.CREATED, root(neverCheckedOut).status(), "a cart is never due, however old");
        OrderEvent expired = fx.events("c-1", due).get(2);
        assertEquals(3, expired.version());
        assertEquals("system:payment-window", expired.by());
        assertEquals(new OrderChange.OrderStatusChanged(OrderStatus.AWAITING_PAYMENT, OrderStatus.EXPIRED,
                Optional.of("unpaid after 30 minutes"), Optional.empty()), expired.change());
        assertFalse(hasWindowRow(due), "the expiry removed the order's entry");
        assertTrue(hasWindowRow(justCheckedOut));
        assertEquals(new ExpireUnpaidOrders.Sweep(sweep.at(), List.of(), List.of(), List.of()),
                fx.sweep(WINDOW, sweep.at()), "a second sweep finds nothing left to do");
    }

    @Test
    void anOrderAwaitingPaymentForExactlyTheWindowIsNotYetDue() {
        String orderId = order(fx, "c-1", "MUG", 1);
        checkout(fx, "c-1", orderId, T0);

        assertEquals(List.of(), fx.sweep(WINDOW, T0.plus(Duration.ofMinutes(WINDOW))).expired());
        assertEquals(List.of(orderId), fx.sweep(WINDOW, T0.plus(Duration.ofMinutes(WINDOW)).plusMillis(1)).expired());
    }

    @Test
    void anExpiryReleasesTheStockItsLinesReservedAndAnOrderWithoutTrackedStockExpiresToo() {
        fx.stock("MUG", 5);
        String tracked = order(fx, "c-1", "MUG", 2);
        String untracked = order(fx, "c-2", "PEN", 3);
        checkout(fx, "c-1", tracked, T0);
        checkout(fx, "c-2", untracked, T0);
        assertEquals(new Stock(5, 2, 2), fx.stockOf("MUG"));

        ExpireUnpaidOrders.Sweep sweep = fx.sweep(WINDOW, T0.plus(Duration.ofHours(1)));

        assertEquals(Set.of(tracked, untracked), Set.copyOf(sweep.expired()));
        assertEquals(new Stock(5, 0, 3), fx.stockOf("MUG"), "every reserved unit available again, once");
        assertEquals(Optional.empty(), fx.products.find("PEN").orElseThrow().stock());
        assertEquals(OrderStatus.EXPIRED, root(untracked).status());
    }

    @Test
    void aCaptureAfterExpiryIsAPaymentIssueNeverAPaymentAndACancellationAfterItIsRefused() {
        String orderId = order(fx, "c-1", "MUG", 1);
        checkout(fx, "c-1", orderId, T0);
        fx.sweep(WINDOW, T0.plus(Duration.ofHours(1)));

        PaymentEventOutcome processed = capture(fx, "evt_late", orderId, 1250);
        StatusChangeOutcome cancel = move(fx, "c-1", orderId, OrderStatus.CANCELLED, Role.CUSTOMER,
                T0.plus(Duration.ofHours(2)));

        assertEquals(new PaymentEventOutcome("evt_late", PaymentOutcome.PAYMENT_ISSUE,
                Optional.of(PaymentIssueKind.CAPTURE_AFTER_EXPIRY)), processed);
        Order after = root(orderId);
        assertEquals(StatusChangeOutcome.IllegalTransition.of(after, OrderStatus.CANCELLED), cancel);
        assertEquals(OrderStatus.EXPIRED, after.status());
        assertEquals(0, after.capturedAmount());
        assertEquals(List.of(PaymentIssueKind.CAPTURE_AFTER_EXPIRY), fx.store.findAggregate(orderId).orElseThrow()
                .paymentIssues().stream().map(issue -> issue.kind()).toList());
    }

    @Test
    void theRowIsWrittenByEveryMoveIntoAwaitingPaymentAndRemovedByEveryMoveOutOfIt() {
        String checkedOut = order(fx, "c-1", "MUG", 1);
        String attemptFailed = order(fx, "c-2", "MUG", 1);
        String cancelled = order(fx, "c-3", "MUG", 1);
        String paidByHand = order(fx, "c-4", "MUG", 1);
        checkout(fx, "c-1", checkedOut, T0);
        fx.processPaymentEvent.process(new PaymentEvent("evt_failed", PaymentEventType.PAYMENT_FAILED, 1_795_348_800L,
                attemptFailed, Optional.empty(), 1250, "EUR"));
        checkout(fx, "c-3", cancelled, T0);
        checkout(fx, "c-4", paidByHand, T0);
        assertTrue(hasWindowRow(checkedOut) && hasWindowRow(attemptFailed) && hasWindowRow(cancelled)
                && hasWindowRow(paidByHand));
        assertEquals("PAYMENT_WINDOW", fx.raw(Keys.orderPk(checkedOut), Keys.PAYMENT_WINDOW_SK).get("entityType").s());

        assertEquals(PaymentOutcome.APPLIED, capture(fx, "evt_paid", checkedOut, 1250).outcome());
        assertEquals(PaymentOutcome.APPLIED, capture(fx, "evt_paid_2", attemptFailed, 1250).outcome());
        assertInstanceOf(StatusChangeOutcome.Changed.class, move(fx, "c-3", cancelled, OrderStatus.CANCELLED,
                Role.CUSTOMER, T0.plusSeconds(5)));
        assertInstanceOf(StatusChangeOutcome.Changed.class, move(fx, "c-4", paidByHand, OrderStatus.PAID,
                Role.ADMINISTRATOR, T0.plusSeconds(5)));

        for (String orderId : List.of(checkedOut, attemptFailed, cancelled, paidByHand)) {
            assertFalse(hasWindowRow(orderId), orderId);
        }
        assertEquals(List.of(), fx.sweep(WINDOW, T0.plus(Duration.ofDays(1))).expired());
    }

    @Test
    void anOrderAwaitingPaymentFromBeforeTheWindowRowsExistedIsStillPaidAndCancelledButNeverSwept() {
        String paid = order(fx, "c-1", "MUG", 1);
        String cancelled = order(fx, "c-2", "MUG", 1);
        checkout(fx, "c-1", paid, T0);
        checkout(fx, "c-2", cancelled, T0);
        for (String orderId : List.of(paid, cancelled)) {
            table.client().deleteItem(b -> b.tableName(table.tableName()).key(PaymentWindowCodec.key(orderId)));
        }

        assertEquals(List.of(), fx.sweep(WINDOW, T0.plus(Duration.ofDays(1))).expired());
        assertEquals(PaymentOutcome.APPLIED, capture(fx, "evt_1", paid, 1250).outcome());
        assertInstanceOf(StatusChangeOutcome.Changed.class, move(fx, "c-2", cancelled, OrderStatus.CANCELLED,
                Role.CUSTOMER, T0.plusSeconds(5)));
    }

    @Test
    void theEntriesOfAShardArePagedOldestFirstByKeysetAndEveryShardIsSwept() {
        Fixture sharded = new Fixture(table, 4);
        List<String> orders = IntStream.range(0, 12).mapToObj(i -> order(sharded, "c-" + i, "PEN", 1)).toList();
        for (int i = 0; i < orders.size(); i++) {
            checkout(sharded, "c-" + i, orders.get(i), T0.plusSeconds(i));
        }
        Set<Integer> shards = orders.stream().map(orderId -> Keys.statusShard(orderId, 4)).collect(Collectors.toSet());
        assertTrue(shards.size() > 1, "the orders fall in several shards: " + shards);
        int shard = shards.iterator().next();
        List<AwaitingPayment> inShard = orders.stream().filter(orderId -> Keys.statusShard(orderId, 4) == shard)
                .map(orderId -> new AwaitingPayment(orderId, T0.plusSeconds(orders.indexOf(orderId)))).toList();

        List<AwaitingPayment> paged = new java.util.ArrayList<>();
        Optional<AwaitingPayment> after = Optional.empty();
        PaymentWindowStore.Page page;
        do {
            page = sharded.paymentWindows.awaitingSince(shard, T0.plus(Duration.ofHours(1)), after, 1);
            paged.addAll(page.entries());
            after = page.entries().isEmpty() ? after : Optional.of(page.entries().get(page.entries().size() - 1));
        } while (page.more());
        assertEquals(inShard, paged);
        assertEquals(inShard.subList(0, 1), sharded.paymentWindows.awaitingSince(shard, T0.plusMillis(1)
                .plusSeconds(orders.indexOf(inShard.get(0).orderId())), Optional.empty(), 100).entries(),
                "the bound leaves out every order awaiting payment since it");

        ExpireUnpaidOrders.Sweep sweep = sharded.sweep(WINDOW, T0.plus(Duration.ofHours(1)));

        assertEquals(Set.copyOf(orders), Set.copyOf(sweep.expired()));
        assertEquals(12, sweep.expired().size());
    }
}
