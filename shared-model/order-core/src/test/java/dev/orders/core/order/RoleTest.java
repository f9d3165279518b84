package dev.orders.core.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.validation.ValidationException;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RoleTest {
    private static final Set<OrderStatus> CUSTOMER_MOVES = EnumSet.of(OrderStatus.AWAITING_PAYMENT, OrderStatus.CANCELLED);
    private static final Set<OrderStatus> PROVIDER_MOVES =
            EnumSet.of(OrderStatus.AWAITING_PAYMENT, OrderStatus.PAID, OrderStatus.REFUNDED);

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

    @Test
    void aManualCaptureOrRefundNeedsAReasonOtherMovesDoNot() {
        for (OrderStatus target : new OrderStatus[] {OrderStatus.PAID, OrderStatus.REFUNDED}) {
            ValidationException e = assertThrows(ValidationException.class,
                    () -> request(Role.ADMINISTRATOR, target, Optional.empty()));
            assertEquals("reason", e.errors().get(0).field());
            assertEquals(Optional.of("captured by phone"),
                    request(Role.ADMINISTRATOR, target, Optional.of("captured by phone")).reason());
        }
        assertEquals(Optional.empty(), request(Role.ADMINISTRATOR, OrderStatus.CANCELLED, Optional.empty()).reason());
        assertEquals(Optional.empty(), request(Role.CUSTOMER, OrderStatus.CANCELLED, Optional.empty()).reason());
    }

    @Test
    void theRoleIsDecidedBeforeTheLifecycleAndTheVersion() {
        StatusChangeRequest paying = request(Role.CUSTOMER, OrderStatus.PAID, Optional.empty());
        assertEquals(Optional.of(new StatusChangeOutcome.Forbidden(Role.CUSTOMER, OrderStatus.PAID)),
                paying.refusalBeforeRead());

        StatusChangeRequest cancelling = request(Role.CUSTOMER, OrderStatus.CANCELLED, Optional.empty());
        assertEquals(Optional.empty(), cancelling.refusalBeforeRead());
        assertEquals(new Decision.Refused<>(new StatusChangeOutcome.IllegalTransition(OrderStatus.PAID,
                OrderStatus.CANCELLED)), cancelling.decide(order(OrderStatus.PAID, 1), Instant.EPOCH));
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

    private static StatusChangeRequest request(Role role, OrderStatus target, Optional<String> reason) {
        return new StatusChangeRequest(Optional.of("c-1"), "o-1", target, role, Optional.of(1L), "user:x", reason);
    }

    private static Order order(OrderStatus status, long version) {
        return new Order("o-1", "c-1", status, version, 100, "EUR", 0, 0, LineStatuses.pending(1), Instant.EPOCH, Instant.EPOCH);
    }
}
