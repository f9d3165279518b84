package dev.orders.core.order;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * How many of an order's lines are in each status, kept on the order's root by every line change. The
 * order follows its lines from this count ({@link #orderStatusFrom}): it is read with the
 * root's version in one item, so a decision from it holds exactly when the root is still that version,
 * which a Query of the lines alone would not promise against a concurrent transaction.
 */
public record LineStatuses(Map<LineStatus, Integer> counts) {
    public LineStatuses {
        Map<LineStatus, Integer> all = new EnumMap<>(LineStatus.class);
        for (LineStatus status : LineStatus.values()) {
            int count = counts.getOrDefault(status, 0);
            if (count < 0) {
                throw new IllegalArgumentException("a negative count of " + status + " lines");
            }
            all.put(status, count);
        }
        counts = Map.copyOf(all);
    }

    /** The count of {@code lines} by their statuses. */
    public static LineStatuses of(List<OrderLine> lines) {
        Map<LineStatus, Integer> counts = new EnumMap<>(LineStatus.class);
        lines.forEach(line -> counts.merge(line.itemStatus(), 1, Integer::sum));
        return new LineStatuses(counts);
    }

    /** {@code count} new lines, all PENDING. */
    public static LineStatuses pending(int count) {
        return new LineStatuses(Map.of(LineStatus.PENDING, count));
    }

    public int count(LineStatus status) {
        return counts.get(status);
    }

    /** Every line, whatever its status: the order's item count. */
    public int total() {
        return counts.values().stream().mapToInt(Integer::intValue).sum();
    }

    /**
     * The status an order in {@code current} takes from these lines: FULFILLED when every line is SHIPPED or CANCELLED
     * and one was shipped, PARTIALLY_FULFILLED when some are shipped, IN_FULFILLMENT once one is picked; only while in
     * fulfillment. {@code current} when the lines do not move it (no move of the lines leads there: the lifecycle never
     * moves backwards; an order whose lines were all cancelled stays as it is, to be refunded).
     */
    public OrderStatus orderStatusFrom(OrderStatus current) {
        if (!current.isInFulfillment()) {
            return current;
        }
        boolean shipped = count(LineStatus.SHIPPED) > 0;
        boolean done = count(LineStatus.PENDING) == 0 && count(LineStatus.PICKED) == 0;
        boolean started = shipped || count(LineStatus.PICKED) > 0;
        OrderStatus follows = shipped && done ? OrderStatus.FULFILLED : shipped ? OrderStatus.PARTIALLY_FULFILLED
                : started ? OrderStatus.IN_FULFILLMENT : current;
        boolean linesMoveIt = Arrays.stream(OrderStatus.Move.values())
                .anyMatch(move -> move.by().lines() && move.isFrom(current) && move.targets().contains(follows));
        return linesMoveIt ? follows : current;
    }

    public LineStatuses added() {
        return with(LineStatus.PENDING, 1);
    }

    public LineStatuses removed(LineStatus status) {
        return with(status, -1);
    }

    public LineStatuses moved(LineStatus from, LineStatus to) {
        return with(from, -1).with(to, 1);
    }

    private LineStatuses with(LineStatus status, int delta) {
        Map<LineStatus, Integer> next = new EnumMap<>(counts);
        next.merge(status, delta, Integer::sum);
        return new LineStatuses(next);
    }
}
