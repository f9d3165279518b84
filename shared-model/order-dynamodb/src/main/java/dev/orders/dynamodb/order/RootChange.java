package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.n;
import static dev.orders.dynamodb.table.Attrs.s;
import static dev.orders.dynamodb.table.Attrs.time;

import dev.orders.core.order.Order;
import dev.orders.core.order.OrderEvent;
import dev.orders.dynamodb.keys.IndexAttributes;
import dev.orders.dynamodb.table.Transaction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The part every change of an order puts in its transaction: the root set to the new values on the
 * condition that it is still the version that was read (every change moves it, so whatever was
 * decided from that read still holds), one new event row per version, and the order's payment-window row
 * where the status moves into or out of one with a payment window (read from the lifecycle, whichever move it is).
 * The root's action is {@value #ROOT}; a cancellation's old root there is the order as it is now.
 */
final class RootChange {
    static final String ROOT = "root";
    static final String PAYMENT_WINDOW = "payment window";

    /** Set by {@link #of} and {@link #addTo}, whatever else changes. */
    private static final Set<String> SET_APART = Set.of(OrderCodec.VERSION, OrderCodec.UPDATED_AT);

    private final Order read;
    private final List<String> assignments = new ArrayList<>();
    private final List<String> removals = new ArrayList<>();
    private final List<String> conditions = new ArrayList<>(
            List.of("#customer = :customer", "#version = :read", "#status = :readStatus"));
    private final Map<String, String> names = new HashMap<>();
    private final Map<String, AttributeValue> values = new HashMap<>();
    private final List<OrderEvent> events = new ArrayList<>();
    /** The payment-window row the change puts (moving into a status with a window), if any. */
    private Optional<Map<String, AttributeValue>> windowOpened = Optional.empty();
    /** Whether the change leaves a status with a payment window, deleting the row (absent on orders older than it). */
    private boolean windowClosed;

    private RootChange(Order read) {
        this.read = read;
    }

    /** A change of {@code read} at {@code now}; each {@link #event} moves the version by one. */
    static RootChange of(Order read, Instant now) {
        return new RootChange(read).set(OrderCodec.UPDATED_AT, time(now));
    }

    private void remove(String attribute) {
        String placeholder = "#r" + removals.size();
        names.put(placeholder, attribute);
        removals.add(placeholder);
    }

    private RootChange set(String attribute, AttributeValue value) {
        String placeholder = "a" + assignments.size();
        names.put("#" + placeholder, attribute);
        values.put(":" + placeholder, value);
        assignments.add("#" + placeholder + " = :" + placeholder);
        return this;
    }

    /**
     * The attributes of {@code after} that differ from the root as read (the status with its feeds' keys), and
     * those it no longer has: a step's change of the root, whatever fields the root has. Attributes left as they
     * are are not set, so a feed's entry is rewritten only when what it projects moves; the version and time are
     * set apart.
     */
    RootChange to(Order after, int statusShards) {
        Map<String, AttributeValue> was = OrderCodec.rootAttributes(read);
        Map<String, AttributeValue> now = OrderCodec.rootAttributes(after);
        new TreeMap<>(now).forEach((attribute, value) -> {
            if (!SET_APART.contains(attribute) && !value.equals(was.get(attribute))) {
                set(attribute, value);
            }
        });
        new TreeSet<>(was.keySet()).stream().filter(attribute -> !now.containsKey(attribute)).forEach(this::remove);
        if (after.status() != read.status()) {
            IndexAttributes.ofStatusChange(read, after.status(), statusShards).forEach(this::set);
        }
        boolean awaited = read.status().hasPaymentWindow();
        boolean awaits = after.status().hasPaymentWindow();
        if (awaits && !awaited) {
            windowOpened = Optional.of(PaymentWindowCodec.encode(after, statusShards));
        }
        windowClosed = awaited && !awaits;
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
                "SET #version = :version, " + String.join(", ", assignments)
                        + (removals.isEmpty() ? "" : " REMOVE " + String.join(", ", removals)),
                String.join(" AND ", conditions), allNames, allValues);
        String correlationId = OrderCodec.eventId(read.orderId(), events.get(0).version());
        events.forEach(event -> transaction.putNew("event " + event.version(),
                OrderCodec.encodeEvent(event, correlationId)));
        windowOpened.ifPresent(row -> transaction.putNew(PAYMENT_WINDOW, row));
        if (windowClosed) {
            transaction.deleteIfAny(PAYMENT_WINDOW, PaymentWindowCodec.key(read.orderId()));
        }
        return transaction;
    }
}
