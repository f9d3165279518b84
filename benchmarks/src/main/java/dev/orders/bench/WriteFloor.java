package dev.orders.bench;

import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderStatus;
import dev.orders.dynamodb.order.OrderCodec;
import dev.orders.dynamodb.table.EntityType;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The write request units an order's life cannot avoid in this data model, derived from the order as stored (its
 * event rows, root and lines, read back once its life is over), not from the requests the service sent: each
 * version's event row, and the root once per change (the events of one request), written together, so
 * transactionally (2 units a KB); each line the log says was put, removed or moved (2 a KB, in the same transaction);
 * and the feed entries the reads need, every feed of docs/DATA-MODEL.md kept: the root's entry in each of the three
 * feeds put at creation (1 unit each), rewritten when a line changes the projected total and item count (1 each), and
 * on a status move, the two status feeds' keys moving (2 each: a delete and a put) and the timeline's projected status
 * (1); the payment window's entry put when the order starts to await payment and deleted when it stops (1 each), which
 * the sweep reads. Left out, as what the service's guarantees add: the idempotency key's and the webhook's records
 * (exactly once), the payment window's row that carries its entry, and the stock of the products the lines reserve.
 */
record WriteFloor(double events, double root, double lines, double feeds) {
    static final WriteFloor NONE = new WriteFloor(0, 0, 0, 0);
    private static final int TRANSACTIONAL = 2;
    private static final int KB = 1024;
    private static final int FEEDS = 3;
    /** A status move: StatusFeed's and CustomerStatusFeed's keys move (2 each), CustomerTimeline's status changes. */
    private static final int STATUS_MOVE = 2 + 2 + 1;

    double total() {
        return events + root + lines + feeds;
    }

    WriteFloor plus(WriteFloor other) {
        return new WriteFloor(events + other.events, root + other.root, lines + other.lines, feeds + other.feeds);
    }

    WriteFloor times(double factor) {
        return new WriteFloor(events * factor, root * factor, lines * factor, feeds * factor);
    }

    /** The floor of the order whose partition holds {@code items}. */
    static WriteFloor of(List<Map<String, AttributeValue>> items) {
        double events = 0;
        double lines = 0;
        double feeds = 0;
        Set<String> changes = new HashSet<>();
        long rootUnits = 0;
        long lineUnits = 1;
        for (Map<String, AttributeValue> item : items) {
            String type = item.get(EntityType.ATTRIBUTE).s();
            if (type.equals(EntityType.ORDER.name())) {
                rootUnits = units(item);
            } else if (type.equals(EntityType.ORDER_ITEM.name())) {
                lineUnits = Math.max(lineUnits, units(item));
            }
        }
        for (Map<String, AttributeValue> item : items) {
            if (!item.get(EntityType.ATTRIBUTE).s().equals(EntityType.ORDER_EVENT.name())) {
                continue;
            }
            events += TRANSACTIONAL * units(item);
            changes.add(OrderCodec.correlationId(item));
            OrderEvent event = OrderCodec.decodeEvent(item);
            Map<String, Object> data = event.change().data();
            switch (event.type()) {
                case "OrderCreated" -> {
                    lines += ((List<?>) data.get("lines")).size();
                    feeds += FEEDS;
                }
                case "OrderLineAdded", "OrderLineRemoved" -> {
                    lines += 1;
                    feeds += FEEDS;
                }
                case "OrderLineStatusChanged" -> lines += 1;
                default -> feeds += statusMove(data.get("from"), data.get("to"));
            }
        }
        return new WriteFloor(events, TRANSACTIONAL * rootUnits * changes.size(), TRANSACTIONAL * lineUnits * lines, feeds);
    }

    /** The feed entries a change of the order's status from {@code from} to {@code to} writes; none if it stays. */
    private static int statusMove(Object from, Object to) {
        if (from == null || to == null || from.equals(to)) {
            return 0;
        }
        return STATUS_MOVE + (awaitsPayment(to) ? 1 : 0) + (awaitsPayment(from) ? 1 : 0);
    }

    private static boolean awaitsPayment(Object status) {
        return OrderStatus.valueOf(status.toString()).hasPaymentWindow();
    }

    /** Write units of one write of {@code item}: 1 a KB of its size as DynamoDB counts it. */
    private static long units(Map<String, AttributeValue> item) {
        return Math.max(1, (size(item) + KB - 1) / KB);
    }

    /**
     * An item's size as DynamoDB's guide counts it ("Item sizes and formats"): each attribute's name and value, UTF-8;
     * a number 1 byte a pair of significant digits and 1 more; 3 bytes of a list or map and 1 an element.
     */
    private static long size(Map<String, AttributeValue> item) {
        long size = 0;
        for (Map.Entry<String, AttributeValue> attribute : item.entrySet()) {
            size += utf8(attribute.getKey()) + size(attribute.getValue());
        }
        return size;
    }

    private static long size(AttributeValue value) {
        if (value.s() != null) {
            return utf8(value.s());
        }
        if (value.n() != null) {
            String digits = value.n().replaceAll("[^0-9]", "").replaceAll("^0+", "").replaceAll("0+$", "");
            return (Math.max(1, digits.length()) + 1) / 2 + 1;
        }
        if (value.b() != null) {
            return value.b().asByteArray().length;
        }
        if (value.hasL()) {
            return 3 + value.l().stream().mapToLong(element -> size(element) + 1).sum();
        }
        if (value.hasM()) {
            return 3 + value.m().entrySet().stream().mapToLong(e -> utf8(e.getKey()) + size(e.getValue()) + 1).sum();
        }
        if (value.hasSs()) {
            return value.ss().stream().mapToLong(WriteFloor::utf8).sum();
        }
        return 1;
    }

    private static long utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
