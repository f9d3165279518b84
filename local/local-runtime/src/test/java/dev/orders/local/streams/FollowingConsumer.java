package dev.orders.local.streams;

import dev.orders.application.port.OrderReadStore;
import dev.orders.core.feed.Page;
import dev.orders.core.order.OrderEvent;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A consumer of the order events written exactly as docs/EVENTS.md tells consumers to be ("Delivery"):
 * it applies an order's version n + 1 after n, drops a version not above the last it applied, and on a gap
 * reads the missing versions from the order's history (newest first, paged until version n + 1), applies
 * them in order, then the event. "Applying" an event here is noting its id.
 */
final class FollowingConsumer {
    private static final int HISTORY_PAGE = 2;

    private final OrderReadStore orders;
    private final Map<String, Long> lastApplied = new HashMap<>();
    private final List<String> received = new ArrayList<>();
    private final List<String> applied = new ArrayList<>();
    private final List<String> dropped = new ArrayList<>();

    FollowingConsumer(OrderReadStore orders) {
        this.orders = orders;
    }

    /** An event as the bus delivers it to a rule's target. */
    @SuppressWarnings("unchecked")
    synchronized void receive(Map<String, Object> event) {
        Map<String, Object> metadata = (Map<String, Object>) ((Map<String, Object>) event.get("detail")).get("metadata");
        String orderId = (String) metadata.get("orderId");
        long version = ((Number) metadata.get("version")).longValue();
        received.add(metadata.get("eventId").toString());
        long last = lastApplied.getOrDefault(orderId, 0L);
        if (version <= last) {
            dropped.add(metadata.get("eventId").toString());
            return;
        }
        if (version > last + 1) {
            missing((String) metadata.get("customerId"), orderId, last + 1, version - 1)
                    .forEach(missing -> apply(orderId, missing.version()));
        }
        apply(orderId, version);
    }

    private void apply(String orderId, long version) {
        applied.add(orderId + ":" + version);
        lastApplied.put(orderId, version);
    }

    /** Versions {@code from} to {@code to} of the order's history, oldest first. */
    private List<OrderEvent> missing(String customerId, String orderId, long from, long to) {
        List<OrderEvent> events = new ArrayList<>();
        Optional<String> cursor = Optional.empty();
        boolean reachedFrom = false;
        while (!reachedFrom) {
            Page<OrderEvent> page = orders.history(customerId, orderId, HISTORY_PAGE, cursor).orElseThrow();
            for (OrderEvent event : page.items()) {
                if (event.version() >= from && event.version() <= to) {
                    events.add(event);
                }
                reachedFrom |= event.version() <= from;
            }
            cursor = page.nextCursor();
            reachedFrom |= cursor.isEmpty();
        }
        events.sort(Comparator.comparingLong(OrderEvent::version));
        return events;
    }

    /** The ids of the events the bus delivered, in the order delivered. */
    synchronized List<String> received() {
        return List.copyOf(received);
    }

    /** The ids of the events applied, in the order applied. */
    synchronized List<String> applied() {
        return List.copyOf(applied);
    }

    /** The ids of the events dropped as repeats, in the order received. */
    synchronized List<String> dropped() {
        return List.copyOf(dropped);
    }
}
