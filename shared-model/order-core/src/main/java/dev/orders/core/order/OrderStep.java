package dev.orders.core.order;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * One change of an order, decided by the core: the root as read and after it, the changes its events
 * record (one version each, in order), and the rows beside the root it writes. The store commits all of
 * it or nothing, on the condition that the root is still {@code before} and each row as decided.
 */
public record OrderStep(Order before, Order after, List<OrderChange> changes, List<RowChange> rows) {
    public OrderStep {
        changes = List.copyOf(changes);
        rows = List.copyOf(rows);
        if (changes.isEmpty()) {
            throw new IllegalArgumentException("a change of order " + before.orderId() + " without an event");
        }
        if (after.version() != before.version() + changes.size()) {
            throw new IllegalArgumentException("order " + before.orderId() + " moves from version " + before.version()
                    + " to " + after.version() + " with " + changes.size() + " events");
        }
        if (!after.orderId().equals(before.orderId()) || !after.customerId().equals(before.customerId())) {
            throw new IllegalArgumentException("a step of order " + before.orderId() + " ends on another order");
        }
    }

    /** A step of the root alone, recorded by one event. */
    public static OrderStep of(Order before, Order after, OrderChange change) {
        return new OrderStep(before, after, List.of(change), List.of());
    }

    /** This step, also recording {@code next} (a change that follows from it, such as the order following its lines). */
    public OrderStep then(Order afterNext, OrderChange next) {
        List<OrderChange> all = new ArrayList<>(changes);
        all.add(next);
        return new OrderStep(before, afterNext, all, rows);
    }

    /** This step, also writing {@code row}. */
    public OrderStep with(RowChange row) {
        List<RowChange> all = new ArrayList<>(rows);
        all.add(row);
        return new OrderStep(before, after, changes, all);
    }

    /**
     * The actions of the transaction that writes this step: the root's update, its payment-window row where the status
     * moves into or out of one with a window, and one per event and per row.
     */
    public int actions() {
        int window = before.status().hasPaymentWindow() != after.status().hasPaymentWindow() ? 1 : 0;
        return 1 + window + changes.size() + rows.size();
    }

    /** The events of this step, made by {@code by}: versions after {@code before}, at {@code after}'s time. */
    public List<OrderEvent> events(String by) {
        return IntStream.range(0, changes.size()).mapToObj(i -> new OrderEvent(before.orderId(), before.customerId(),
                before.version() + 1 + i, after.updatedAt(), by, changes.get(i))).toList();
    }

    /** The last event of this step: the one a step of one change records. */
    public OrderEvent lastEvent(String by) {
        List<OrderEvent> events = events(by);
        return events.get(events.size() - 1);
    }
}
