package dev.orders.core.order;

import dev.orders.core.order.OrderStatus.Move;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Orders as the lifecycle's moves make them, for tests: from a new order, every move of the table the order is open
 * to ({@link Move#isOpenTo}), applied as its effect writes it, breadth first; a move the order makes by following its
 * lines ships them first. A test asks here for an order in a status rather than building one by status name, so an
 * order on hold records where it was held from, a paid one what was captured, and a new status or move reaches every
 * test that walks them.
 */
public final class LifecycleOrders {
    private static final Instant AT = Instant.EPOCH;

    private LifecycleOrders() {
    }

    /** A new order {@code o-1} of customer {@code c-1}: CREATED at version 1, {@code total} EUR in {@code lines} lines. */
    public static Order created(int lines, long total) {
        return new Order("o-1", "c-1", OrderStatus.CREATED, 1, total, "EUR", 0, 0, LineStatuses.pending(lines), AT, AT);
    }

    /**
     * Every order the moves make of {@code created}: the first one reached of each status, status held from, amount
     * captured and amount refunded.
     */
    public static List<Order> reachedFrom(Order created) {
        Map<List<Object>, Order> reached = new LinkedHashMap<>();
        reached.put(key(created), created);
        Deque<Order> next = new ArrayDeque<>(List.of(created));
        while (!next.isEmpty()) {
            Order order = next.poll();
            for (Move move : Move.values()) {
                after(order, move).filter(after -> reached.putIfAbsent(key(after), after) == null).ifPresent(next::add);
            }
        }
        return List.copyOf(reached.values());
    }

    /** The orders made of {@code created} that are in {@code status}. */
    public static Stream<Order> in(OrderStatus status, Order created) {
        return reachedFrom(created).stream().filter(order -> order.status() == status);
    }

    /** The first order made of {@code created} in {@code status} that {@code which} accepts. */
    public static Order first(OrderStatus status, Order created, Predicate<Order> which) {
        return in(status, created).filter(which).findFirst()
                .orElseThrow(() -> new AssertionError("no move makes such an order in " + status));
    }

    /** The first order made of {@code created} in {@code status}. */
    public static Order first(OrderStatus status, Order created) {
        return first(status, created, order -> true);
    }

    /** {@code order} after {@code move}, when the order is open to it; one its lines make ships them first. */
    private static Optional<Order> after(Order order, Move move) {
        if (!move.isOpenTo(order)) {
            return Optional.empty();
        }
        OrderStatus to = move.to(order);
        Optional<Order> before = move.by().roles().isEmpty() ? shippedToward(order, to) : Optional.of(order);
        return before.map(ready -> move.writes().step(ready, to, Optional.of("the lifecycle's walk"), List.of(), AT)
                .after());
    }

    /** {@code order} with one line shipped, or all, whichever its lines then lead it to {@code to} by; else empty. */
    private static Optional<Order> shippedToward(Order order, OrderStatus to) {
        LineStatuses lines = order.lines();
        Stream<LineStatuses> oneShipped = lines.count(LineStatus.PENDING) > 0
                ? Stream.of(lines.moved(LineStatus.PENDING, LineStatus.SHIPPED)) : Stream.empty();
        return Stream.concat(oneShipped, Stream.of(new LineStatuses(Map.of(LineStatus.SHIPPED, lines.total()))))
                .filter(shipped -> shipped.orderStatusFrom(order.status()) == to).findFirst()
                .map(shipped -> order.withLines(order.total(), shipped, AT));
    }

    private static List<Object> key(Order order) {
        return List.of(order.status(), order.heldFrom(), order.capturedAmount(), order.refundedAmount());
    }
}
