package dev.orders.core.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The payment window: which orders the system closes, when, by which move, and what it gives back. */
class PaymentWindowTest {
    private static final Instant CHECKED_OUT = Instant.parse("2026-11-24T10:00:00Z");
    private static final PaymentWindow THIRTY_MINUTES = PaymentWindow.ofMinutes(30);

    private static Order order(OrderStatus status) {
        return new Order("o-1", "c-1", status, 4, 3399, "EUR", 0, 0, LineStatuses.pending(2), Instant.EPOCH, CHECKED_OUT);
    }

    private static OrderLine line(String itemId, String sku, long quantity, long reserved) {
        return new OrderLine("o-1", "c-1", itemId, sku, Optional.of("a product"), quantity, 1000, LineStatus.PENDING,
                Instant.EPOCH, Instant.EPOCH, reserved);
    }

    private static StatusChangeRequest expiryAt(Instant now) {
        return THIRTY_MINUTES.expiry(new AwaitingPayment("o-1", CHECKED_OUT), now).orElseThrow();
    }

    @Test
    void anOrderAwaitingPaymentPastItsWindowIsExpiredByTheSystemWithOneEventThatSaysWhy() {
        Instant now = CHECKED_OUT.plus(Duration.ofMinutes(30));
        Decision<StatusChangeOutcome> decision = expiryAt(now).decide(order(OrderStatus.AWAITING_PAYMENT), List.of(), now);

        OrderStep step = assertInstanceOf(Decision.Write.class, decision).step();
        assertEquals(OrderStatus.EXPIRED, step.after().status());
        assertEquals(5, step.after().version());
        assertEquals(List.of(new OrderChange.OrderStatusChanged(OrderStatus.AWAITING_PAYMENT, OrderStatus.EXPIRED,
                Optional.of("unpaid after 30 minutes"), Optional.empty())), step.changes());
        assertEquals("system:payment-window", step.lastEvent(PaymentWindow.ACTOR).by());
        assertEquals(OrderStatus.Move.EXPIRE, ((StatusChangeOutcome.Changed) ((Decision.Write<StatusChangeOutcome>) decision)
                .outcome()).move());
    }

    @Test
    void anOrderWhoseWindowHasNotEndedIsNotAskedToExpire() {
        assertEquals(Optional.empty(), THIRTY_MINUTES.expiry(new AwaitingPayment("o-1", CHECKED_OUT),
                CHECKED_OUT.plus(Duration.ofMinutes(30)).minusMillis(1)));
        assertEquals(CHECKED_OUT, THIRTY_MINUTES.cutoff(CHECKED_OUT.plus(Duration.ofMinutes(30))));
    }

    @Test
    void anOrderThatLeftAwaitingPaymentBeforeTheSweepReadItIsNotExpired() {
        Instant now = CHECKED_OUT.plus(Duration.ofHours(1));
        for (Order read : LifecycleOrders.reachedFrom(LifecycleOrders.created(2, 3399))) {
            if (read.status() != OrderStatus.AWAITING_PAYMENT) {
                Decision<StatusChangeOutcome> decision = expiryAt(now).decide(read, List.of(), now);
                assertEquals(new Decision.Refused<>(StatusChangeOutcome.IllegalTransition.of(read, OrderStatus.EXPIRED)),
                        decision, "from " + read);
            }
        }
    }

    @Test
    void anExpiryReleasesWhatTheLinesReservedAsACancellationDoesAndAnUntrackedLineNothing() {
        Instant now = CHECKED_OUT.plus(Duration.ofHours(1));
        List<OrderLine> lines = List.of(line("i-1", "MUG", 2, 2), line("i-2", "MUG", 1, 1), line("i-3", "TEA", 1, 0));
        Order read = order(OrderStatus.AWAITING_PAYMENT);
        StatusChangeRequest cancel = new StatusChangeRequest(Optional.of("c-1"), "o-1", OrderStatus.CANCELLED,
                Role.CUSTOMER, Optional.empty(), "user:c-1", Optional.empty());

        OrderStep expired = ((Decision.Write<StatusChangeOutcome>) expiryAt(now).decide(read, lines, now)).step();
        OrderStep cancelled = ((Decision.Write<StatusChangeOutcome>) cancel.decide(read, lines, now)).step();

        assertEquals(List.of(new RowChange.StockReleased("MUG", 3)), expired.rows());
        assertEquals(cancelled.rows(), expired.rows());
        assertTrue(expiryAt(now).needsLines());
    }

    @Test
    void onlyAwaitingPaymentHasAPaymentWindowAndOnlyTheSystemOrTheProviderExpiresIt() {
        Set<OrderStatus> windowed = Arrays.stream(OrderStatus.values()).filter(OrderStatus::hasPaymentWindow)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(OrderStatus.class)));
        assertEquals(EnumSet.of(OrderStatus.AWAITING_PAYMENT), windowed);
        for (Role role : EnumSet.complementOf(EnumSet.of(Role.SYSTEM, Role.PAYMENT_PROVIDER))) {
            StatusChangeRequest asked = new StatusChangeRequest(Optional.empty(), "o-1", OrderStatus.EXPIRED, role,
                    Optional.empty(), "user:ann", Optional.empty());
            assertEquals(Optional.of(new StatusChangeOutcome.Forbidden(role, OrderStatus.EXPIRED)), asked.refusalBeforeRead(),
                    role.name());
        }
        assertEquals(Optional.empty(), expiryAt(CHECKED_OUT.plus(Duration.ofHours(1))).refusalBeforeRead());
        assertEquals(EnumSet.of(OrderStatus.EXPIRED), EnumSet.copyOf(Arrays.stream(OrderStatus.Move.values())
                .filter(move -> move.by().roles().contains(Role.SYSTEM)).flatMap(move -> move.targets().stream()).toList()));
    }

    @Test
    void aWindowIsWholeMinutesAtLeastOneAndItsReasonSaysHowLong() {
        assertEquals("unpaid after 1 minute", PaymentWindow.ofMinutes(1).reason());
        assertEquals("unpaid after 30 minutes", THIRTY_MINUTES.reason());
        assertThrows(IllegalArgumentException.class, () -> PaymentWindow.ofMinutes(0));
        assertThrows(IllegalArgumentException.class, () -> new PaymentWindow(Duration.ofSeconds(90)));
    }
}
