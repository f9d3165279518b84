package dev.orders.core.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RoleTest {
    private static final Set<OrderStatus> CUSTOMER_MOVES = EnumSet.of(OrderStatus.AWAITING_PAYMENT, OrderStatus.CANCELLED);
    /** A failed attempt, a capture, a refund, and a checkout that expired unpaid (Stripe's). */
    private static final Set<OrderStatus> PROVIDER_MOVES =
            EnumSet.of(OrderStatus.AWAITING_PAYMENT, OrderStatus.PAID, OrderStatus.REFUNDED, OrderStatus.EXPIRED);

    @Test
    void eachRoleMayAskForExactlyItsMoves() {
        for (OrderStatus target : OrderStatus.values()) {
            assertEquals(CUSTOMER_MOVES.contains(target), Role.CUSTOMER.mayMoveOrderTo(target), "customer to " + target);
            assertEquals(target != OrderStatus.EXPIRED, Role.ADMINISTRATOR.mayMoveOrderTo(target),
                    "administrator to " + target);
            assertEquals(target == OrderStatus.EXPIRED, Role.SYSTEM.mayMoveOrderTo(target), "system to " + target);
            assertEquals(PROVIDER_MOVES.contains(target), Role.PAYMENT_PROVIDER.mayMoveOrderTo(target),
                    "payment provider to " + target);
        }
    }

    @Test
    void onlyAnAdministratorChangesLineStatuses() {
        assertTrue(Role.ADMINISTRATOR.mayChangeLineStatuses());
        assertFalse(Role.CUSTOMER.mayChangeLineStatuses());
        assertFalse(Role.PAYMENT_PROVIDER.mayChangeLineStatuses());
    }

    /**
     * A capture or refund by hand and a hold need a reason, decided with the move of the order as read: a release back to
     * PAID needs none though a capture by hand to PAID does. Nothing is written without it.
     */
    @Test
    void aManualCaptureRefundOrHoldNeedsAReasonOtherMovesDoNot() {
        Order created = LifecycleOrders.created(1, 100);
        Order awaiting = LifecycleOrders.first(OrderStatus.AWAITING_PAYMENT, created);
        Order paid = LifecycleOrders.first(OrderStatus.PAID, created);
        Order heldWhenPaid = LifecycleOrders.first(OrderStatus.ON_HOLD, created,
                order -> order.heldFrom().equals(Optional.of(OrderStatus.PAID)));
        List<Map.Entry<OrderStatus, Order>> explained = List.of(Map.entry(OrderStatus.PAID, awaiting),
                Map.entry(OrderStatus.REFUNDED, paid), Map.entry(OrderStatus.ON_HOLD, paid),
                Map.entry(OrderStatus.REFUNDED, heldWhenPaid));
        for (Map.Entry<OrderStatus, Order> move : explained) {
            OrderStatus target = move.getKey();
            assertEquals(new Decision.Refused<>(new StatusChangeOutcome.ReasonRequired(target)),
                    unversioned(target, Optional.empty()).decide(move.getValue(), Instant.EPOCH), move.toString());
            assertInstanceOf(Decision.Write.class,
                    unversioned(target, Optional.of("captured by phone")).decide(move.getValue(), Instant.EPOCH));
        }
        assertInstanceOf(Decision.Write.class, unversioned(OrderStatus.PAID, Optional.empty()).decide(heldWhenPaid,
                Instant.EPOCH), "a release");
        assertInstanceOf(Decision.Write.class, unversioned(OrderStatus.CANCELLED, Optional.empty()).decide(created,
                Instant.EPOCH), "a cancellation");
    }

    @Test
    void theRoleIsDecidedBeforeTheLifecycleAndTheVersion() {
        StatusChangeRequest paying = request(Role.CUSTOMER, OrderStatus.PAID, Optional.empty());
        assertEquals(Optional.of(new StatusChangeOutcome.Forbidden(Role.CUSTOMER, OrderStatus.PAID)),
                paying.refusalBeforeRead());

        StatusChangeRequest cancelling = request(Role.CUSTOMER, OrderStatus.CANCELLED, Optional.empty());
        assertEquals(Optional.empty(), cancelling.refusalBeforeRead());
        Order paid = order(OrderStatus.PAID, 1);
        assertEquals(new Decision.Refused<>(new StatusChangeOutcome.IllegalTransition(OrderStatus.PAID,
                OrderStatus.CANCELLED, EnumSet.of(OrderStatus.IN_FULFILLMENT, OrderStatus.ON_HOLD))),
                cancelling.decide(paid, Instant.EPOCH), "paid nothing: not refunded");
        assertEquals(new Decision.Refused<>(new StatusChangeOutcome.StaleVersion(4)),
                cancelling.decide(order(OrderStatus.CREATED, 4), Instant.EPOCH));
        assertInstanceOf(Decision.Write.class, cancelling.decide(order(OrderStatus.AWAITING_PAYMENT, 1), Instant.EPOCH));
    }

    @Test
    void anOrderWithoutLinesIsNeitherCheckedOutNorPaidButMayBeCancelled() {
        Order empty = new Order("o-1", "c-1", OrderStatus.CREATED, 1, 0, "EUR", 0, 0, LineStatuses.pending(0),
                Instant.EPOCH, Instant.EPOCH);

        assertEquals(new Decision.Refused<>(new StatusChangeOutcome.EmptyOrder()),
                request(Role.CUSTOMER, OrderStatus.AWAITING_PAYMENT, Optional.empty()).decide(empty, Instant.EPOCH));
        assertEquals(new Decision.Refused<>(new StatusChangeOutcome.EmptyOrder()),
                request(Role.ADMINISTRATOR, OrderStatus.PAID, Optional.of("bank transfer")).decide(empty, Instant.EPOCH));
        assertInstanceOf(Decision.Write.class,
                request(Role.CUSTOMER, OrderStatus.CANCELLED, Optional.empty()).decide(empty, Instant.EPOCH));
    }

    @Test
    void nobodySetsAStatusTheLinesSetButTheRoleIsRefusedFirst() {
        for (OrderStatus target : new OrderStatus[] {OrderStatus.PARTIALLY_FULFILLED, OrderStatus.FULFILLED}) {
            assertEquals(Optional.of(new StatusChangeOutcome.FollowsLines(target)),
                    request(Role.ADMINISTRATOR, target, Optional.empty()).refusalBeforeRead());
            assertEquals(Optional.of(new StatusChangeOutcome.Forbidden(Role.CUSTOMER, target)),
                    request(Role.CUSTOMER, target, Optional.empty()).refusalBeforeRead());
            assertEquals(Optional.of(new StatusChangeOutcome.Forbidden(Role.PAYMENT_PROVIDER, target)),
                    request(Role.PAYMENT_PROVIDER, target, Optional.empty()).refusalBeforeRead());
        }
        assertEquals(Optional.empty(),
                request(Role.ADMINISTRATOR, OrderStatus.IN_FULFILLMENT, Optional.empty()).refusalBeforeRead());
    }

    /** An administrator's request, of whatever version the order has. */
    private static StatusChangeRequest unversioned(OrderStatus target, Optional<String> reason) {
        return new StatusChangeRequest(Optional.empty(), "o-1", target, Role.ADMINISTRATOR, Optional.empty(), "user:x",
                reason);
    }

    private static StatusChangeRequest request(Role role, OrderStatus target, Optional<String> reason) {
        return new StatusChangeRequest(Optional.of("c-1"), "o-1", target, role, Optional.of(1L), "user:x", reason);
    }

    private static Order order(OrderStatus status, long version) {
        return new Order("o-1", "c-1", status, version, 100, "EUR", 0, 0, LineStatuses.pending(1), Instant.EPOCH, Instant.EPOCH);
    }
}
