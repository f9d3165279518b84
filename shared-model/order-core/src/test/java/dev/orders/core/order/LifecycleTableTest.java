package dev.orders.core.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.order.OrderStatus.Move;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The lifecycle's table ({@link OrderStatus} and its {@link Move}s) is complete and consistent. */
class LifecycleTableTest {
    private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");

    @Test
    void everyStatusIsReachedByAMoveAndEveryMoveLeavesAStatusItNames() {
        Set<OrderStatus> reached = Arrays.stream(Move.values()).flatMap(move -> move.targets().stream())
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(OrderStatus.class)));
        reached.add(OrderStatus.CREATED);
        assertEquals(EnumSet.allOf(OrderStatus.class), reached, "every status but the first is reached by a move");
        assertTrue(Arrays.stream(Move.values()).filter(move -> move.targets().contains(OrderStatus.CREATED))
                .allMatch(Move::returns), "the first only by a move back");
        for (Move move : Move.values()) {
            assertFalse(move.from().isEmpty(), move + " starts nowhere");
            assertTrue(Collections.disjoint(move.from(), move.targets()), move + " stays in place");
            assertTrue(!move.by().roles().isEmpty() || move.by().lines(), move + " is made by nobody");
        }
        assertEquals(EnumSet.complementOf(EnumSet.of(OrderStatus.PARTIALLY_FULFILLED)), EnumSet.copyOf(
                LifecycleOrders.reachedFrom(LifecycleOrders.created(1, 100)).stream().map(Order::status).toList()),
                "an order of one line reaches every status but the one of some lines shipped");
    }

    /** A move back leads where the order was held from, and a status a move leads back from is never entered by one. */
    @Test
    void aMoveBackReturnsWhereTheOrderWasHeldFrom() {
        for (Order order : LifecycleOrders.reachedFrom(LifecycleOrders.created(2, 200))) {
            assertEquals(order.status().holds(), order.heldFrom().isPresent(), order.toString());
            order.heldFrom().ifPresent(from -> assertTrue(Arrays.stream(Move.values())
                    .anyMatch(move -> move.isFrom(from) && move.targets().contains(order.status())), order.toString()));
        }
        for (Move move : Move.values()) {
            if (move.returns()) {
                assertTrue(move.targets().stream().noneMatch(OrderStatus::holds), move + " returns to a hold");
            }
        }
        assertEquals(EnumSet.of(OrderStatus.CREATED, OrderStatus.AWAITING_PAYMENT, OrderStatus.PAID),
                Move.RELEASE.targets());
    }

    @Test
    void eachRoleHasAtMostOneMoveBetweenTwoStatuses() {
        Set<String> seen = new HashSet<>();
        for (Move move : Move.values()) {
            for (OrderStatus from : move.from()) {
                for (OrderStatus to : move.targets()) {
                    for (Role role : move.by().roles()) {
                        assertTrue(seen.add(from + ">" + to + " by " + role), move + " repeats a move");
                    }
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

    /**
     * Every move a person asks for, of every order the lifecycle makes that is open to it, records the event its row
     * names, leads where its row says, is the lifecycle's answer to "what next?", and needs a reason exactly where it
     * says so.
     */
    @ParameterizedTest
    @EnumSource(Move.class)
    void eachAskedForMoveWritesTheEventItsRowNames(Move move) {
        List<Order> open = LifecycleOrders.reachedFrom(LifecycleOrders.created(2, 200)).stream()
                .filter(move::isOpenTo).toList();
        assertEquals(move.from(), EnumSet.copyOf(open.stream().map(Order::status).toList()), move + " is made of no order");
        for (Order ready : open) {
            OrderStatus to = move.to(ready);
            assertTrue(move.targets().contains(to), move + " of " + ready);
            assertTrue(OrderStatus.Move.allowedFor(ready).contains(to), move + " of " + ready);
            for (Role role : move.by().roles()) {
                StatusChangeRequest request = new StatusChangeRequest(Optional.empty(), "o-1", to, role,
                        Optional.empty(), "user:ann", Optional.of("ref 8841"));
                StatusChangeOutcome.Changed changed = changed(request.decide(ready, NOW));
                assertEquals(move, changed.move());
                assertEquals(move.writes().eventType(), changed.event().type());
                assertEquals(to, changed.order().status());
                StatusChangeRequest unexplained = new StatusChangeRequest(Optional.empty(), "o-1", to, role,
                        Optional.empty(), "user:ann", Optional.empty());
                assertEquals(move.requires(MoveRequirement.REASON),
                        unexplained.decide(ready, NOW).equals(new Decision.Refused<>(
                                new StatusChangeOutcome.ReasonRequired(to))), move + " without a reason");
                if (move.requires(MoveRequirement.LINES)) {
                    Order empty = new Order("o-1", "c-1", ready.status(), 1, 0, "EUR", 0, 0, 0, LineStatuses.pending(0),
                            Instant.EPOCH, Instant.EPOCH, Optional.empty(), ready.heldFrom());
                    assertEquals(new Decision.Refused<>(new StatusChangeOutcome.EmptyOrder()),
                            request.decide(empty, NOW), move + " without lines");
                }
            }
        }
    }

    /** An order held for review goes back where it was, and nowhere else by the release. */
    @Test
    void aReleaseReturnsTheOrderToTheStatusItWasHeldFrom() {
        for (Order held : LifecycleOrders.in(OrderStatus.ON_HOLD, LifecycleOrders.created(1, 100)).toList()) {
            OrderStatus from = held.heldFrom().orElseThrow();
            for (OrderStatus elsewhere : EnumSet.complementOf(EnumSet.of(from))) {
                if (Move.RELEASE.targets().contains(elsewhere)) {
                    StatusChangeRequest request = new StatusChangeRequest(Optional.empty(), "o-1", elsewhere,
                            Role.ADMINISTRATOR, Optional.empty(), "user:ann", Optional.empty());
                    StatusChangeOutcome.IllegalTransition refused = assertInstanceOf(
                            StatusChangeOutcome.IllegalTransition.class,
                            assertInstanceOf(Decision.Refused.class, request.decide(held, NOW)).outcome());
                    assertTrue(refused.allowed().contains(from), refused.toString());
                    assertFalse(refused.allowed().contains(elsewhere), refused.toString());
                }
            }
            Order released = changed(new StatusChangeRequest(Optional.empty(), "o-1", from, Role.ADMINISTRATOR,
                    Optional.empty(), "user:ann", Optional.empty()).decide(held, NOW)).order();
            assertEquals(from, released.status());
            assertEquals(Optional.empty(), released.heldFrom());
            assertEquals(held.capturedAmount(), released.capturedAmount());
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
            assertTrue(changed(checkout.decide(LifecycleOrders.created(1, 100), NOW)).isCheckout(), role.name());
        }
        StatusChangeRequest cancel = new StatusChangeRequest(Optional.of("c-1"), "o-1", OrderStatus.CANCELLED,
                Role.CUSTOMER, Optional.empty(), "user:ann", Optional.empty());
        assertFalse(changed(cancel.decide(LifecycleOrders.first(OrderStatus.AWAITING_PAYMENT,
                LifecycleOrders.created(1, 100)), NOW)).isCheckout());
    }

    private static StatusChangeOutcome.Changed changed(Decision<StatusChangeOutcome> decision) {
        return assertInstanceOf(StatusChangeOutcome.Changed.class,
                assertInstanceOf(Decision.Write.class, decision).outcome());
    }

}
