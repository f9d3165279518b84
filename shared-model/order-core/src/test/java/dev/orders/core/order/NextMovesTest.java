package dev.orders.core.order;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What an order offers a caller next is what the caller's request is granted: on every order the lifecycle's moves
 * make, for every role, a status offered is granted at the order's version (without a reason unless the offer says
 * one is required, and then refused without one), and a status not offered is refused even with a reason; so is
 * every line status of every line. No database.
 */
class NextMovesTest {
    private static final Instant AT = Instant.parse("2026-11-24T10:00:00Z");
    private static final Optional<String> A_REASON = Optional.of("checked by phone");

    @Test
    void everyStatusOfferedIsGrantedAndEveryOtherRefused() {
        for (Order order : lifecycleOrders()) {
            for (Role role : Role.values()) {
                Map<OrderStatus, Boolean> offered = StatusChangeRequest.next(order, role).stream()
                        .collect(Collectors.toMap(NextStatus::status, NextStatus::reasonRequired));
                for (OrderStatus target : OrderStatus.values()) {
                    String asked = role + " asks " + order + " for " + target;
                    assertEquals(offered.containsKey(target), granted(order, role, target, A_REASON), asked);
                    assertEquals(offered.containsKey(target) && !offered.get(target),
                            granted(order, role, target, Optional.empty()), asked + " without a reason");
                }
            }
        }
    }

    @Test
    void everyLineStatusOfferedIsGrantedAndEveryOtherRefused() {
        for (Order root : lifecycleOrders()) {
            OrderAggregate order = withALineInEachStatus(root);
            for (Role role : Role.values()) {
                for (OrderLine line : order.items()) {
                    Set<LineStatus> offered = LineTransitions.next(order.order(), line, role);
                    for (LineStatus target : LineStatus.values()) {
                        assertEquals(offered.contains(target), granted(order, line, role, target),
                                role + " moves " + line.itemStatus() + " line of " + root + " to " + target);
                    }
                }
            }
        }
    }

    @Test
    void aCustomerIsOfferedTheCheckoutAndCancellationOfItsNewOrderAndNothingOnceItIsPaid() {
        Order created = LifecycleOrders.created(2, 200);

        assertEquals(List.of(new NextStatus(OrderStatus.AWAITING_PAYMENT, false),
                new NextStatus(OrderStatus.CANCELLED, false)), StatusChangeRequest.next(created, Role.CUSTOMER));
        assertEquals(List.of(new NextStatus(OrderStatus.CANCELLED, false)),
                StatusChangeRequest.next(LifecycleOrders.created(0, 0), Role.CUSTOMER), "nothing to check out");
        assertEquals(List.of(), StatusChangeRequest.next(LifecycleOrders.first(OrderStatus.PAID, created),
                Role.CUSTOMER));
    }

    /** An expiry is the system's and the payment provider's: never offered to a person. */
    @Test
    void anAdministratorIsOfferedEveryMoveTheirRoleMakesFromHereSayingWhichNeedsAReason() {
        Order created = LifecycleOrders.created(2, 200);

        assertEquals(List.of(new NextStatus(OrderStatus.PAID, true), new NextStatus(OrderStatus.CANCELLED, false),
                new NextStatus(OrderStatus.ON_HOLD, true)), administratorsNext(OrderStatus.AWAITING_PAYMENT, created));
        assertEquals(List.of(new NextStatus(OrderStatus.IN_FULFILLMENT, false),
                new NextStatus(OrderStatus.REFUNDED, true), new NextStatus(OrderStatus.ON_HOLD, true)),
                administratorsNext(OrderStatus.PAID, created));
        assertEquals(List.of(new NextStatus(OrderStatus.PAID, false), new NextStatus(OrderStatus.REFUNDED, true)),
                StatusChangeRequest.next(LifecycleOrders.first(OrderStatus.ON_HOLD, created,
                        order -> order.heldFrom().equals(Optional.of(OrderStatus.PAID))), Role.ADMINISTRATOR),
                "held when paid: released back, or refunded, not cancelled");
        assertEquals(List.of(), administratorsNext(OrderStatus.REFUNDED, created));
    }

    @Test
    void anAdministratorPicksShipsAndCancelsTheLinesOfAnOrderInFulfillmentAndACustomerNone() {
        OrderAggregate paid = withALineInEachStatus(LifecycleOrders.first(OrderStatus.PAID,
                LifecycleOrders.created(2, 200)));

        assertEquals(List.of(EnumSet.of(LineStatus.PICKED, LineStatus.CANCELLED),
                        EnumSet.of(LineStatus.SHIPPED, LineStatus.CANCELLED), Set.of(), Set.of()),
                nextOfEachLine(paid, Role.ADMINISTRATOR));
        assertEquals(List.of(Set.of(), Set.of(), Set.of(), Set.of()), nextOfEachLine(paid, Role.CUSTOMER));
        assertEquals(List.of(Set.of(), Set.of(), Set.of(), Set.of()), nextOfEachLine(withALineInEachStatus(
                LifecycleOrders.created(2, 200)), Role.ADMINISTRATOR), "not paid: not in fulfillment");
    }

    private static List<NextStatus> administratorsNext(OrderStatus status, Order created) {
        return StatusChangeRequest.next(LifecycleOrders.first(status, created), Role.ADMINISTRATOR);
    }

    /** Every order the moves make of a new order with lines, and of one without: every status, each as it was reached. */
    private static List<Order> lifecycleOrders() {
        List<Order> orders = Stream.of(LifecycleOrders.created(2, 200), LifecycleOrders.created(0, 0))
                .flatMap(created -> LifecycleOrders.reachedFrom(created).stream()).toList();
        assertEquals(EnumSet.allOf(OrderStatus.class), EnumSet.copyOf(orders.stream().map(Order::status).toList()));
        return orders;
    }

    /** Whether {@code role}'s request for {@code target}, at the order's version and with {@code reason}, is granted. */
    private static boolean granted(Order order, Role role, OrderStatus target, Optional<String> reason) {
        StatusChangeRequest request = new StatusChangeRequest(Optional.empty(), order.orderId(), target, role,
                Optional.of(order.version()), "user:ann", reason);
        return request.refusalBeforeRead().isEmpty()
                && request.decide(order, List.of(), AT) instanceof Decision.Write<StatusChangeOutcome>;
    }

    /** Whether {@code role}'s request to move {@code line} to {@code target}, at the order's version, is granted. */
    private static boolean granted(OrderAggregate order, OrderLine line, Role role, LineStatus target) {
        return LineTransitions.refusalBeforeRead(role, target).isEmpty()
                && LineTransitions.moveStatus(Optional.of(order), line.itemId(), target,
                Optional.of(order.order().version()), AT) instanceof Decision.Write<LineChangeOutcome>;
    }

    private static List<Set<LineStatus>> nextOfEachLine(OrderAggregate order, Role role) {
        return order.items().stream().map(line -> LineTransitions.next(order.order(), line, role)).toList();
    }

    /** {@code root} with four lines, one in each line status (PENDING first), its counts theirs. */
    private static OrderAggregate withALineInEachStatus(Order root) {
        List<OrderLine> lines = Arrays.stream(LineStatus.values()).map(status -> new OrderLine(root.orderId(),
                root.customerId(), "i-" + status, "SKU-1", Optional.of("Mug"), 1, 50, status, AT, AT, 0)).toList();
        return new OrderAggregate(root.withLines(root.total(), LineStatuses.of(lines), AT), lines, List.of());
    }
}
