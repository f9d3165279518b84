package dev.orders.core.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The actions of a step, counted from the step (root, payment-window row, events, rows), at the largest order there can
 * be: its cancellation or expiry out of AWAITING_PAYMENT is exactly DynamoDB's limit of 100.
 */
class StepSizeTest {
    private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");
    private static final int MAX = OrderLimits.MAX_ITEMS_PER_ORDER;

    /** An order of the most lines, each of its own stocked product, in {@code status}. */
    private static Order largest(OrderStatus status) {
        return new Order("o-1", "c-1", status, MAX, MAX * 100L, "EUR", 0, 0, LineStatuses.pending(MAX), Instant.EPOCH,
                Instant.EPOCH);
    }

    private static List<OrderLine> linesOfOwnSkus() {
        return IntStream.range(0, MAX).mapToObj(i -> new OrderLine("o-1", "c-1", "i-" + i, "SKU-" + i,
                Optional.of("a product"), 1, 100, LineStatus.PENDING, Instant.EPOCH, Instant.EPOCH, 1)).toList();
    }

    private static OrderStep closed(OrderStatus from, OrderStatus to, Role role) {
        StatusChangeRequest request = new StatusChangeRequest(Optional.empty(), "o-1", to, role, Optional.empty(),
                "system:test", role == Role.ADMINISTRATOR ? Optional.of("test") : Optional.empty());
        return ((Decision.Write<StatusChangeOutcome>) request.decide(largest(from), linesOfOwnSkus(), NOW)).step();
    }

    @Test
    void theLargestCancellationOrExpiryOutOfAwaitingPaymentIsAHundredActionsAndHasNoRoomForOneMore() {
        OrderStep cancelled = closed(OrderStatus.AWAITING_PAYMENT, OrderStatus.CANCELLED, Role.CUSTOMER);
        OrderStep expired = closed(OrderStatus.AWAITING_PAYMENT, OrderStatus.EXPIRED, Role.SYSTEM);

        assertEquals(MAX, cancelled.rows().size(), "one release per sku");
        assertEquals(List.of(100, 100), List.of(cancelled.actions(), expired.actions()),
                "root, its payment window's delete, the event, 97 releases");
        assertTrue(OrderLimits.fits(cancelled.actions()));
        assertFalse(OrderLimits.fits(cancelled.actions() + 1), "a 98th sku would not fit: an order holds 97 lines");
    }

    @Test
    void aCancellationOfAnOrderThatNeverAwaitedPaymentHasNoWindowToClose() {
        assertEquals(99, closed(OrderStatus.CREATED, OrderStatus.CANCELLED, Role.CUSTOMER).actions());
    }
}
