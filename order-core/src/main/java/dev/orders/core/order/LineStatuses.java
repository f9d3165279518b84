package dev.orders.core.order;

import java.util.EnumMap;
import java.util.Map;

/**
 * How many of an order's lines are in each status, kept on the order's root by every line change. The
 * order follows its lines from this count ({@link OrderStatus#followingLines}): it is read with the
 * root's version in one item, so a decision from it holds exactly when the root is still that version,
 * which a Query of the lines alone would not promise against a concurrent transaction.
 */
public record LineStatuses(Map<ItemStatus, Integer> counts) {
    public LineStatuses {
        Map<ItemStatus, Integer> all = new EnumMap<>(ItemStatus.class);
        for (ItemStatus status : ItemStatus.values()) {
            int count = counts.getOrDefault(status, 0);
            if (count < 0) {
                throw new IllegalArgumentException("a negative count of " + status + " lines");
            }
            all.put(status, count);
        }
        counts = Map.copyOf(all);
    }

    /** {@code count} new lines, all PENDING. */
    public static LineStatuses pending(int count) {
        return new LineStatuses(Map.of(ItemStatus.PENDING, count));
    }

    public int count(ItemStatus status) {
        return counts.get(status);
    }

    /** Every line, whatever its status: the order's item count. */
    public int total() {
        return counts.values().stream().mapToInt(Integer::intValue).sum();
    }

    public LineStatuses added() {
        return with(ItemStatus.PENDING, 1);
    }

    public LineStatuses removed(ItemStatus status) {
        return with(status, -1);
    }

    public LineStatuses moved(ItemStatus from, ItemStatus to) {
        return with(from, -1).with(to, 1);
    }

    private LineStatuses with(ItemStatus status, int delta) {
        Map<ItemStatus, Integer> next = new EnumMap<>(counts);
        next.merge(status, delta, Integer::sum);
        return new LineStatuses(next);
    }
}
