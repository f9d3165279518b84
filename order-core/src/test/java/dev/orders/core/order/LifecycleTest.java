package dev.orders.core.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.validation.ValidationException;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

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
}
