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
        assertTrue(OrderStatus.CREATED.next().contains(OrderStatus.AWAITING_PAYMENT));
        assertTrue(OrderStatus.AWAITING_PAYMENT.next().contains(OrderStatus.PAID));
        assertTrue(OrderStatus.PAID.next().contains(OrderStatus.IN_FULFILLMENT));
        assertTrue(OrderStatus.IN_FULFILLMENT.next().contains(OrderStatus.PARTIALLY_FULFILLED));
        assertTrue(OrderStatus.PARTIALLY_FULFILLED.next().contains(OrderStatus.FULFILLED));
        assertTrue(OrderStatus.FULFILLED.next().contains(OrderStatus.REFUNDED));
    }

    @Test
    void ordersNeverMoveBackwardsNorStayInPlace() {
        assertFalse(OrderStatus.PAID.next().contains(OrderStatus.CREATED));
        assertFalse(OrderStatus.FULFILLED.next().contains(OrderStatus.IN_FULFILLMENT));
        for (OrderStatus status : OrderStatus.values()) {
            assertFalse(status.next().contains(status), status + " -> itself");
        }
    }

    @Test
    void cancelledAndRefundedAreTerminal() {
        assertTrue(OrderStatus.CANCELLED.next().isEmpty());
        assertTrue(OrderStatus.REFUNDED.next().isEmpty());
    }

    @Test
    void paidOrdersAreRefundedNotCancelled() {
        assertFalse(OrderStatus.PAID.next().contains(OrderStatus.CANCELLED));
        assertTrue(OrderStatus.PAID.next().contains(OrderStatus.REFUNDED));
        assertTrue(OrderStatus.CREATED.next().contains(OrderStatus.CANCELLED));
    }

    @Test
    void itemChangesAreOpenOnlyBeforeCheckoutAndFulfillmentOnlyAfterPayment() {
        assertEquals(EnumSet.of(OrderStatus.CREATED), OrderStatus.where(OrderStatus::isOpenForLineChanges));
        assertEquals(EnumSet.of(OrderStatus.PAID, OrderStatus.IN_FULFILLMENT, OrderStatus.PARTIALLY_FULFILLED),
                OrderStatus.where(OrderStatus::isInFulfillment));
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
    void anOrderInFulfillmentFollowsItsLines(OrderStatus status, String lines, OrderStatus follows) {
        List<LineStatus> statuses = Arrays.stream(lines.split(" ")).map(LineStatus::valueOf).toList();
        assertEquals(follows, counted(statuses).orderStatusFrom(status));
    }

    @Test
    void followingTheLinesIsALegalMoveThatTheLinesJustify() {
        for (OrderStatus status : OrderStatus.values()) {
            for (List<LineStatus> lines : linesOfUpTo(3)) {
                OrderStatus follows = counted(lines).orderStatusFrom(status);
                String move = status + " with lines " + lines + " -> " + follows;
                if (follows != status) {
                    assertTrue(status.next().contains(follows), move);
                    assertTrue(lines.contains(LineStatus.PICKED) || lines.contains(LineStatus.SHIPPED), move);
                    assertTrue(!follows.followsLines() || lines.contains(LineStatus.SHIPPED), move);
                    assertTrue(follows != OrderStatus.FULFILLED || lines.stream()
                            .allMatch(line -> line == LineStatus.SHIPPED || line == LineStatus.CANCELLED), move);
                }
            }
        }
    }

    @Test
    void itemLifecycleGoesPendingPickedShippedOrCancelled() {
        assertTrue(LineStatus.PENDING.canMoveTo(LineStatus.PICKED));
        assertTrue(LineStatus.PICKED.canMoveTo(LineStatus.SHIPPED));
        assertTrue(LineStatus.PENDING.canMoveTo(LineStatus.CANCELLED));
        assertFalse(LineStatus.PENDING.canMoveTo(LineStatus.SHIPPED));
        assertFalse(LineStatus.SHIPPED.canMoveTo(LineStatus.CANCELLED));
        assertTrue(LineStatus.PICKED.canMoveTo(LineStatus.CANCELLED));
    }

    @Test
    void unknownStatusNamesAreValidationErrorsNamingTheField() {
        ValidationException e = assertThrows(ValidationException.class, () -> OrderStatus.parse("status", "paid"));
        assertEquals("status", e.errors().get(0).field());
        assertThrows(ValidationException.class, () -> LineStatus.parse("status", "LOST"));
        assertEquals(OrderStatus.PAID, OrderStatus.parse("status", "PAID"));
    }

    /** Every list of one to {@code size} line statuses. */
    private static List<List<LineStatus>> linesOfUpTo(int size) {
        List<List<LineStatus>> all = new ArrayList<>();
        List<List<LineStatus>> shorter = List.of(List.of());
        for (int n = 1; n <= size; n++) {
            List<List<LineStatus>> longer = new ArrayList<>();
            for (List<LineStatus> prefix : shorter) {
                for (LineStatus line : LineStatus.values()) {
                    List<LineStatus> lines = new ArrayList<>(prefix);
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
    private static LineStatuses counted(List<LineStatus> lines) {
        Map<LineStatus, Integer> counts = new EnumMap<>(LineStatus.class);
        lines.forEach(line -> counts.merge(line, 1, Integer::sum));
        return new LineStatuses(counts);
    }
}
