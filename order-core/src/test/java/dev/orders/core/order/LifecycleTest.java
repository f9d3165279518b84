package dev.orders.core.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.validation.ValidationException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LifecycleTest {

    @Test
    void happyPathFromCreatedToFulfilledIsLegal() {
        assertTrue(OrderStatus.CREATED.canMoveTo(OrderStatus.AWAITING_PAYMENT));
        assertTrue(OrderStatus.AWAITING_PAYMENT.canMoveTo(OrderStatus.PAID));
        assertTrue(OrderStatus.PAID.canMoveTo(OrderStatus.IN_FULFILLMENT));
        assertTrue(OrderStatus.IN_FULFILLMENT.canMoveTo(OrderStatus.PARTIALLY_FULFILLED));
        assertTrue(OrderStatus.PARTIALLY_FULFILLED.canMoveTo(OrderStatus.FULFILLED));
        assertTrue(OrderStatus.FULFILLED.canMoveTo(OrderStatus.REFUNDED));
    }

    @Test
    void ordersNeverMoveBackwardsNorStayInPlace() {
        assertFalse(OrderStatus.PAID.canMoveTo(OrderStatus.CREATED));
        assertFalse(OrderStatus.FULFILLED.canMoveTo(OrderStatus.IN_FULFILLMENT));
        for (OrderStatus status : OrderStatus.values()) {
            assertFalse(status.canMoveTo(status), status + " -> itself");
        }
    }

    @Test
    void cancelledAndRefundedAreTerminal() {
        assertTrue(OrderStatus.CANCELLED.next().isEmpty());
        assertTrue(OrderStatus.REFUNDED.next().isEmpty());
    }

    @Test
    void paidOrdersAreRefundedNotCancelled() {
        assertFalse(OrderStatus.PAID.canMoveTo(OrderStatus.CANCELLED));
        assertTrue(OrderStatus.PAID.canMoveTo(OrderStatus.REFUNDED));
        assertTrue(OrderStatus.CREATED.canMoveTo(OrderStatus.CANCELLED));
    }

    @Test
    void itemChangesAreOpenOnlyBeforeCheckoutAndFulfilmentOnlyAfterPayment() {
        assertEquals(EnumSet.of(OrderStatus.CREATED), OrderStatus.openForItemChanges());
        assertEquals(EnumSet.of(OrderStatus.PAID, OrderStatus.IN_FULFILLMENT, OrderStatus.PARTIALLY_FULFILLED),
                OrderStatus.inFulfillment());
    }

    @Test
    void onlyPartiallyFulfilledAndFulfilledFollowTheLines() {
        assertEquals(EnumSet.of(OrderStatus.PARTIALLY_FULFILLED, OrderStatus.FULFILLED),
                EnumSet.copyOf(Arrays.stream(OrderStatus.values()).filter(OrderStatus::followsLines).toList()));
    }

    @ParameterizedTest(name = "{0} with lines {1} -> {2}")
    @CsvSource({
        "PAID,                PENDING PENDING,     PAID",
        "PAID,                PICKED PENDING,      IN_FULFILLMENT",
        "PAID,                PICKED CANCELLED,    IN_FULFILLMENT",
        "PAID,                CANCELLED PENDING,   PAID",
        "PAID,                CANCELLED CANCELLED, PAID",
        "IN_FULFILLMENT,      PICKED PENDING,      IN_FULFILLMENT",
        "IN_FULFILLMENT,      SHIPPED PENDING,     PARTIALLY_FULFILLED",
        "IN_FULFILLMENT,      SHIPPED PICKED,      PARTIALLY_FULFILLED",
        "IN_FULFILLMENT,      SHIPPED CANCELLED,   FULFILLED",
        "IN_FULFILLMENT,      SHIPPED SHIPPED,     FULFILLED",
        "IN_FULFILLMENT,      PICKED CANCELLED,    IN_FULFILLMENT",
        "IN_FULFILLMENT,      CANCELLED CANCELLED, IN_FULFILLMENT",
        "PARTIALLY_FULFILLED, SHIPPED PENDING,     PARTIALLY_FULFILLED",
        "PARTIALLY_FULFILLED, SHIPPED PICKED,      PARTIALLY_FULFILLED",
        "PARTIALLY_FULFILLED, SHIPPED CANCELLED,   FULFILLED",
        "PARTIALLY_FULFILLED, SHIPPED SHIPPED,     FULFILLED",
        "CREATED,             PICKED,              CREATED",
        "AWAITING_PAYMENT,    PICKED,              AWAITING_PAYMENT",
        "FULFILLED,           SHIPPED,             FULFILLED",
        "CANCELLED,           CANCELLED,           CANCELLED",
        "REFUNDED,            SHIPPED PICKED,      REFUNDED",
    })
    void anOrderInFulfilmentFollowsItsLines(OrderStatus status, String lines, OrderStatus follows) {
        List<ItemStatus> statuses = Arrays.stream(lines.split(" ")).map(ItemStatus::valueOf).toList();
        assertEquals(follows, status.followingLines(counted(statuses)));
    }

    @Test
    void followingTheLinesIsALegalMoveThatTheLinesJustify() {
        for (OrderStatus status : OrderStatus.values()) {
            for (List<ItemStatus> lines : linesOfUpTo(3)) {
                OrderStatus follows = status.followingLines(counted(lines));
                String move = status + " with lines " + lines + " -> " + follows;
                if (follows != status) {
                    assertTrue(status.canMoveTo(follows), move);
                    assertTrue(lines.contains(ItemStatus.PICKED) || lines.contains(ItemStatus.SHIPPED), move);
                    assertTrue(!follows.followsLines() || lines.contains(ItemStatus.SHIPPED), move);
                    assertTrue(follows != OrderStatus.FULFILLED || lines.stream()
                            .allMatch(line -> line == ItemStatus.SHIPPED || line == ItemStatus.CANCELLED), move);
                }
            }
        }
    }

    @Test
    void itemLifecycleGoesPendingPickedShippedOrCancelled() {
        assertTrue(ItemStatus.PENDING.canMoveTo(ItemStatus.PICKED));
        assertTrue(ItemStatus.PICKED.canMoveTo(ItemStatus.SHIPPED));
        assertTrue(ItemStatus.PENDING.canMoveTo(ItemStatus.CANCELLED));
        assertFalse(ItemStatus.PENDING.canMoveTo(ItemStatus.SHIPPED));
        assertFalse(ItemStatus.SHIPPED.canMoveTo(ItemStatus.CANCELLED));
        assertTrue(ItemStatus.PICKED.canMoveTo(ItemStatus.CANCELLED));
    }

    @Test
    void unknownStatusNamesAreValidationErrorsNamingTheField() {
        ValidationException e = assertThrows(ValidationException.class, () -> OrderStatus.parse("status", "paid"));
        assertEquals("status", e.errors().get(0).field());
        assertThrows(ValidationException.class, () -> ItemStatus.parse("status", "LOST"));
        assertEquals(OrderStatus.PAID, OrderStatus.parse("status", "PAID"));
    }

    /** Every list of one to {@code size} line statuses. */
    private static List<List<ItemStatus>> linesOfUpTo(int size) {
        List<List<ItemStatus>> all = new ArrayList<>();
        List<List<ItemStatus>> shorter = List.of(List.of());
        for (int n = 1; n <= size; n++) {
            List<List<ItemStatus>> longer = new ArrayList<>();
            for (List<ItemStatus> prefix : shorter) {
                for (ItemStatus line : ItemStatus.values()) {
                    List<ItemStatus> lines = new ArrayList<>(prefix);
                    lines.add(line);
                    longer.add(List.copyOf(lines));
                }
            }
            all.addAll(longer);
            shorter = longer;
        }
        return all;
    }

    /** The root's count of {@code lines} by status. */
    private static LineStatuses counted(List<ItemStatus> lines) {
        Map<ItemStatus, Integer> counts = new EnumMap<>(ItemStatus.class);
        lines.forEach(line -> counts.merge(line, 1, Integer::sum));
        return new LineStatuses(counts);
    }
}
