package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.n;
import static dev.orders.dynamodb.table.Attrs.s;
import static dev.orders.dynamodb.table.Attrs.time;

import dev.orders.core.order.LineStatuses;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderStatus;
import dev.orders.dynamodb.keys.IndexAttributes;
import dev.orders.dynamodb.table.Transaction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The part every change of an order puts in its transaction: the root set to the new values on the
 * condition that it is still the version that was read (every change moves it, so whatever was
 * decided from that read still holds), and one new event row per version. The root's action is
 * {@value #ROOT}; a cancellation's old root there is the order as it is now.
 */
final class RootChange {
    static final String ROOT = "root";

    private final Order read;
    private final List<String> assignments = new ArrayList<>();
    private final List<String> conditions = new ArrayList<>(
            List.of("#customer = :customer", "#version = :read", "#status = :readStatus"));
    private final Map<String, String> names = new HashMap<>();
    private final Map<String, AttributeValue> values = new HashMap<>();
    private final List<OrderEvent> events = new ArrayList<>();

    private RootChange(Order read) {
        this.read = read;
    }

    /** A change of {@code read} at {@code now}; each {@link #event} moves the version by one. */
    static RootChange of(Order read, Instant now) {
        return new RootChange(read).set(OrderCodec.UPDATED_AT, time(now));
    }

    private RootChange set(String attribute, AttributeValue value) {
        String placeholder = "a" + assignments.size();
        names.put("#" + placeholder, attribute);
        values.put(":" + placeholder, value);
        assignments.add("#" + placeholder + " = :" + placeholder);
        return this;
    }

    /**
     * The lines' new counts by status, and the item count when it moves: the feeds project the item
     * count, so setting it to the same value would only risk rewriting their entries.
     */
    private RootChange lines(LineStatuses lines) {
        set(OrderCodec.LINE_STATUSES, OrderCodec.lineStatuses(lines));
        return lines.total() == read.itemCount() ? this : set(OrderCodec.ITEM_COUNT, n(lines.total()));
    }

    /** The new status, and the status feeds' keys with it. */
    private RootChange status(OrderStatus to, int statusShards) {
        set(OrderCodec.STATUS, s(to));
        IndexAttributes.ofStatusChange(read, to, statusShards).forEach(this::set);
        return this;
    }

    /** The status, total, line counts, amounts and payment of {@code after} that differ from the root as read: a step's change of the root. */
    RootChange to(Order after, int statusShards) {
        if (after.total() != read.total()) {
            set(OrderCodec.TOTAL, n(after.total()));
        }
        if (!after.lines().equals(read.lines())) {
            lines(after.lines());
        }
        if (after.status() != read.status()) {
            status(after.status(), statusShards);
        }
        if (after.capturedAmount() != read.capturedAmount()) {
            set(OrderCodec.CAPTURED_AMOUNT, n(after.capturedAmount()));
        }
        if (after.refundedAmount() != read.refundedAmount()) {
            set(OrderCodec.REFUNDED_AMOUNT, n(after.refundedAmount()));
        }
        if (after.paymentId().isPresent() && !after.paymentId().equals(read.paymentId())) {
            set(OrderCodec.PAYMENT_ID, s(after.paymentId().get()));
        }
        return this;
    }

    /**
     * The root's total and currency must be {@code amount} and {@code currency}: a capture pays exactly
     * the total it was compared with, whatever else the version condition covers.
     */
    RootChange requireTotal(long amount, String currency) {
        conditions.add("#total = :total AND #currency = :currency");
        names.put("#total", OrderCodec.TOTAL);
        names.put("#currency", OrderCodec.CURRENCY);
        values.put(":total", n(amount));
        values.put(":currency", s(currency));
        return this;
    }

    /** The next version's event; its version must be the one after the last event added. */
    RootChange event(OrderEvent event) {
        long expected = read.version() + events.size() + 1;
        if (event.version() != expected) {
            throw new IllegalArgumentException("event " + event.version() + " of order " + read.orderId()
                    + " is not version " + expected);
        }
        events.add(event);
        return this;
    }

    /** The version the root gets: that of the last event added. */
    private long version() {
        return read.version() + events.size();
    }

    /** Adds the root's update and the event rows to {@code transaction}. */
    Transaction addTo(Transaction transaction) {
        if (events.isEmpty()) {
            throw new IllegalStateException("a change of order " + read.orderId() + " without an event");
        }
        Map<String, String> allNames = new HashMap<>(names);
        allNames.put("#version", OrderCodec.VERSION);
        allNames.put("#customer", OrderCodec.CUSTOMER_ID);
        allNames.put("#status", OrderCodec.STATUS);
        Map<String, AttributeValue> allValues = new HashMap<>(values);
        allValues.put(":version", n(version()));
        allValues.put(":read", n(read.version()));
        allValues.put(":customer", s(read.customerId()));
        allValues.put(":readStatus", s(read.status()));
        transaction.update(ROOT, OrderCodec.rootKey(read.orderId()),
                "SET #version = :version, " + String.join(", ", assignments),
                String.join(" AND ", conditions), allNames, allValues);
        String correlationId = OrderCodec.eventId(read.orderId(), events.get(0).version());
        events.forEach(event -> transaction.putNew("event " + event.version(),
                OrderCodec.encodeEvent(event, correlationId)));
        return transaction;
    }
}
