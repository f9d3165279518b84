package dev.orders.core.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.order.OrderStatus.Move;
import dev.orders.core.order.OrderStatus.Requirement;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The lifecycle's table ({@link OrderStatus} and its {@link Move}s) is complete and consistent. */
class LifecycleTableTest {
    private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");

    @Test
    void everyStatusIsReachedByAMoveAndEveryMoveLeavesAStatusItNames() {
        Set<OrderStatus> reached = Arrays.stream(Move.values()).map(Move::to)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(OrderStatus.class)));
        assertEquals(EnumSet.complementOf(EnumSet.of(OrderStatus.CREATED)), reached, "every status but the first is reached");
        for (Move move : Move.values()) {
            assertFalse(move.from().isEmpty(), move + " starts nowhere");
            assertFalse(move.from().contains(move.to()), move + " stays in place");
            assertTrue(!move.by().roles().isEmpty() || move.by().lines(), move + " is made by nobody");
        }
    }

    @Test
    void eachRoleHasAtMostOneMoveBetweenTwoStatuses() {
        Set<String> seen = new HashSet<>();
        for (Move move : Move.values()) {
            for (OrderStatus from : move.from()) {
                for (Role role : move.by().roles()) {
                    assertTrue(seen.add(from + ">" + move.to() + " by " + role), move + " repeats a move");
                    assertEquals(Optional.of(move), Move.of(from, move.to(), role));
                }
            }
        }
    }

    @Test
    void everyStatusEitherAwaitsPaymentOrNamesTheIssueACaptureIsThere() {
        for (OrderStatus status : OrderStatus.values()) {
            assertTrue(status.awaitsPayment() != status.captureIssue().isPresent(), status.name());
        }
        assertEquals(EnumSet.of(OrderStatus.CREATED, OrderStatus.AWAITING_PAYMENT),
                EnumSet.copyOf(Arrays.stream(OrderStatus.values()).filter(OrderStatus::awaitsPayment).toList()));
        assertEquals(Optional.of(PaymentIssueKind.CAPTURE_AFTER_CANCEL), OrderStatus.CANCELLED.captureIssue());
        assertEquals(Optional.of(PaymentIssueKind.DUPLICATE_CAPTURE), OrderStatus.FULFILLED.captureIssue());
    }

    /** The first trap: a capture starts only where the status awaits payment, not wherever PAID is reachable. */
    @Test
    void onlyAStatusThatAwaitsPaymentIsWhereACaptureStarts() {
        for (Move move : Move.values()) {
            if (move.writes() == MoveEffect.CAPTURE) {
                assertEquals(EnumSet.copyOf(Arrays.stream(OrderStatus.values()).filter(OrderStatus::awaitsPayment)
                        .toList()), move.from(), move.name());
            }
        }
    }

    /** Every move a person asks for records the event its row names, and needs a reason exactly where it says so. */
    @ParameterizedTest
    @EnumSource(Move.class)
    void eachAskedForMoveWritesTheEventItsRowNames(Move move) {
        for (OrderStatus from : move.from()) {
            for (Role role : move.by().roles()) {
                StatusChangeRequest request = new StatusChangeRequest(Optional.empty(), "o-1", move.to(), role,
                        Optional.empty(), "user:ann", Optional.of("ref 8841"));
                Order ready = ready(move, from);
                Decision<StatusChangeOutcome> decision = request.decide(ready, NOW);
                StatusChangeOutcome.Changed changed = assertInstanceOf(StatusChangeOutcome.Changed.class,
                        assertInstanceOf(Decision.Write.class, decision).outcome(), move + " from " + from);
                assertEquals(move, changed.move());
                assertEquals(move.writes().eventType(), changed.event().type());
                assertEquals(move.to(), changed.order().status());
                assertEquals(move.requires(Requirement.REASON), role.needsReasonToMoveTo(move.to()), move.name());
                if (move.requires(Requirement.LINES)) {
                    assertEquals(new Decision.Refused<>(new StatusChangeOutcome.EmptyOrder()),
                            request.decide(order(from, 0, ready.capturedAmount()), NOW), move + " without lines");
                }
            }
        }
    }

    @Test
    void everyEffectWritesAnEventTypeOfTheLog() {
        Set<String> types = Arrays.stream(OrderChange.class.getPermittedSubclasses()).map(Class::getSimpleName)
                .collect(Collectors.toSet());
        for (MoveEffect effect : MoveEffect.values()) {
            assertTrue(types.contains(effect.eventType()), effect.name());
        }
    }

    /** The second trap: the metric counts the checkout move, not whatever reaches AWAITING_PAYMENT. */
    @Test
    void onlyTheCheckoutMoveIsACheckout() {
        for (Role role : Move.CHECKOUT.by().roles()) {
            StatusChangeRequest checkout = new StatusChangeRequest(Optional.of("c-1"), "o-1",
                    OrderStatus.AWAITING_PAYMENT, role, Optional.empty(), "user:ann", Optional.empty());
            assertTrue(changed(checkout.decide(order(OrderStatus.CREATED, 1, 0), NOW)).isCheckout(), role.name());
        }
        StatusChangeRequest cancel = new StatusChangeRequest(Optional.of("c-1"), "o-1", OrderStatus.CANCELLED,
                Role.CUSTOMER, Optional.empty(), "user:ann", Optional.empty());
        assertFalse(changed(cancel.decide(order(OrderStatus.AWAITING_PAYMENT, 1, 0), NOW)).isCheckout());
    }

    private static StatusChangeOutcome.Changed changed(Decision<StatusChangeOutcome> decision) {
        return assertInstanceOf(StatusChangeOutcome.Changed.class,
                assertInstanceOf(Decision.Write.class, decision).outcome());
    }

    /** An order in {@code from} with a line that has what {@code move} requires: paid in full, or nothing captured. */
    private static Order ready(Move move, OrderStatus from) {
        return Stream.of(order(from, 1, 100), order(from, 1, 0)).filter(order -> move.unmetBy(order).isEmpty())
                .findFirst().orElseThrow(() -> new AssertionError(move + " from " + from + " is possible for no order"));
    }

    /** An order in {@code status} at version 1 with {@code lines} lines of 100 EUR each, {@code captured} of it captured. */
    private static Order order(OrderStatus status, int lines, long captured) {
        return new Order("o-1", "c-1", status, 1, 100L * lines, "EUR", captured, 0, LineStatuses.pending(lines),
                Instant.EPOCH, Instant.EPOCH);
    }
}
