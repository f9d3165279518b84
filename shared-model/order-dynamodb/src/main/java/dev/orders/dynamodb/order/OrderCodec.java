package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.n;
import static dev.orders.dynamodb.table.Attrs.s;
import static dev.orders.dynamodb.table.Attrs.time;

import dev.orders.core.order.LineStatus;
import dev.orders.core.order.LineStatuses;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderSummary;
import dev.orders.core.order.RefundTally;
import dev.orders.dynamodb.keys.IndexAttributes;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.table.Attrs;
import dev.orders.dynamodb.table.CorruptItemException;
import dev.orders.dynamodb.table.EntityType;
import dev.orders.dynamodb.table.ItemReader;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Items of an order's partition: the root (with its feed keys), the lines, the events of its log
 * ({@link PaymentIssueCodec} has its payment issues).
 */
public final class OrderCodec {
    /** Also the attribute of the records (idempotency, payment events) that point at an order. */
    public static final String ORDER_ID = "orderId";
    static final String CUSTOMER_ID = "customerId";
    static final String STATUS = "status";
    static final String VERSION = "version";
    static final String TOTAL = "total";
    static final String CURRENCY = "currency";
    static final String ITEM_COUNT = "itemCount";
    static final String CAPTURED_AMOUNT = "capturedAmount";
    static final String REFUNDED_AMOUNT = "refundedAmount";
    static final String ITEMIZED_REFUNDED_AMOUNT = "itemizedRefundedAmount";
    static final String PAYMENT_ID = "paymentId";
    /** The status an order on hold was held from; absent on every other order. */
    static final String HELD_FROM = "heldFrom";
    static final String LINE_STATUSES = "lineStatuses";
    static final String CREATED_AT = "createdAt";
    static final String UPDATED_AT = "updatedAt";
    static final String ITEM_ID = "itemId";
    static final String SKU = "sku";
    static final String NAME = "name";
    static final String QUANTITY = "quantity";
    static final String UNIT_PRICE = "unitPrice";
    static final String LINE_TOTAL = "lineTotal";
    static final String ITEM_STATUS = "itemStatus";
    /** The units of stock a line reserved; absent on a line that reserved none (its product untracked then). */
    static final String RESERVED = "reserved";
    static final String TYPE = "type";
    static final String AT = "at";
    static final String BY = "by";
    static final String DATA = "data";
    static final String CORRELATION_ID = "correlationId";

    private OrderCodec() {
    }

    static Map<String, AttributeValue> rootKey(String orderId) {
        return Map.of(Keys.PK, s(Keys.orderPk(orderId)), Keys.SK, s(Keys.ROOT_SK));
    }

    static Map<String, AttributeValue> itemKey(String orderId, String itemId) {
        return Map.of(Keys.PK, s(Keys.orderPk(orderId)), Keys.SK, s(Keys.itemSk(itemId)));
    }

    static Map<String, AttributeValue> eventKey(String orderId, long version) {
        return Map.of(Keys.PK, s(Keys.orderPk(orderId)), Keys.SK, s(Keys.eventSk(version)));
    }

    /** The root item with its three feed keys; public for bulk loading (benchmarks). */
    public static Map<String, AttributeValue> encodeRoot(Order order, int statusShards) {
        Map<String, AttributeValue> item = new HashMap<>(rootKey(order.orderId()));
        item.put(EntityType.ATTRIBUTE, s(EntityType.ORDER));
        item.putAll(rootAttributes(order));
        item.putAll(IndexAttributes.ofOrder(order, statusShards));
        return item;
    }

    /** The root's own attributes, without its key, type and index attributes: what a change of the root compares. */
    static Map<String, AttributeValue> rootAttributes(Order order) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(ORDER_ID, s(order.orderId()));
        item.put(CUSTOMER_ID, s(order.customerId()));
        item.put(STATUS, s(order.status()));
        item.put(VERSION, n(order.version()));
        item.put(TOTAL, n(order.total()));
        item.put(CURRENCY, s(order.currency()));
        item.put(CAPTURED_AMOUNT, n(order.capturedAmount()));
        item.put(REFUNDED_AMOUNT, n(order.refundedAmount()));
        itemizedAttribute(order.refunds()).ifPresent(itemized -> item.put(ITEMIZED_REFUNDED_AMOUNT, itemized));
        order.paymentId().ifPresent(paymentId -> item.put(PAYMENT_ID, s(paymentId)));
        order.heldFrom().ifPresent(status -> item.put(HELD_FROM, s(status)));
        item.put(ITEM_COUNT, n(order.itemCount()));
        item.put(LINE_STATUSES, lineStatuses(order.lines()));
        item.put(CREATED_AT, time(order.createdAt()));
        item.put(UPDATED_AT, time(order.updatedAt()));
        return item;
    }

    /** The count of lines per status as a map attribute, {PENDING: n, PICKED: n, ...}. */
    static AttributeValue lineStatuses(LineStatuses lines) {
        Map<String, AttributeValue> counts = new HashMap<>();
        lines.counts().forEach((status, count) -> counts.put(status.name(), n(count)));
        return AttributeValue.fromM(counts);
    }

    private static LineStatuses decodeLineStatuses(ItemReader r) {
        Map<LineStatus, Integer> counts = new EnumMap<>(LineStatus.class);
        r.document(LINE_STATUSES).forEach((status, count) -> counts.put(LineStatus.valueOf(status), ((Long) count).intValue()));
        LineStatuses lines = new LineStatuses(counts);
        if (lines.total() != r.number(ITEM_COUNT)) {
            throw new CorruptItemException("order " + r.string(ORDER_ID) + " counts " + lines.total()
                    + " lines by status but has " + r.number(ITEM_COUNT));
        }
        return lines;
    }

    static Order decodeRoot(Map<String, AttributeValue> item) {
        ItemReader r = ItemReader.of(item, EntityType.ORDER);
        try {
            long refunded = r.number(REFUNDED_AMOUNT);
            return new Order(r.string(ORDER_ID), r.string(CUSTOMER_ID), r.enumValue(STATUS, OrderStatus.class),
                    r.number(VERSION), r.number(TOTAL), r.string(CURRENCY), r.number(CAPTURED_AMOUNT), refunded,
                    itemizedRefunded(r, refunded), decodeLineStatuses(r), r.time(CREATED_AT), r.time(UPDATED_AT),
                    r.optionalString(PAYMENT_ID), r.optionalEnum(HELD_FROM, OrderStatus.class));
        } catch (IllegalArgumentException e) {
            throw new CorruptItemException(e.getMessage());
        }
    }

    /**
     * What of the refunds was told refund by refund, kept only where a running total counted more: absent, all of
     * {@code refundedAmount} was (as on every row written before running totals were counted).
     */
    static Optional<AttributeValue> itemizedAttribute(RefundTally refunds) {
        return refunds.itemized() == refunds.refunded() ? Optional.empty() : Optional.of(n(refunds.itemized()));
    }

    static long itemizedRefunded(ItemReader r, long refunded) {
        return r.optionalNumber(ITEMIZED_REFUNDED_AMOUNT).orElse(refunded);
    }

    /** A feed entry: what the indexes project of a root (template.yaml), so no version or updatedAt. */
    public static OrderSummary decodeSummary(Map<String, AttributeValue> item) {
        ItemReader r = ItemReader.of(item, EntityType.ORDER);
        return new OrderSummary(r.string(ORDER_ID), r.string(CUSTOMER_ID), r.enumValue(STATUS, OrderStatus.class),
                r.number(TOTAL), r.string(CURRENCY), (int) r.number(ITEM_COUNT), r.time(CREATED_AT));
    }

    static Map<String, AttributeValue> encodeItem(OrderLine line) {
        Map<String, AttributeValue> item = new HashMap<>(itemKey(line.orderId(), line.itemId()));
        item.put(EntityType.ATTRIBUTE, s(EntityType.ORDER_ITEM));
        item.put(ORDER_ID, s(line.orderId()));
        item.put(CUSTOMER_ID, s(line.customerId()));
        item.put(ITEM_ID, s(line.itemId()));
        item.put(SKU, s(line.sku()));
        line.name().ifPresent(name -> item.put(NAME, s(name)));
        item.put(QUANTITY, n(line.quantity()));
        item.put(UNIT_PRICE, n(line.unitPrice()));
        item.put(LINE_TOTAL, n(line.lineTotal()));
        item.put(ITEM_STATUS, s(line.itemStatus()));
        if (line.reserved() > 0) {
            item.put(RESERVED, n(line.reserved()));
        }
        item.put(CREATED_AT, time(line.createdAt()));
        item.put(UPDATED_AT, time(line.updatedAt()));
        return item;
    }

    static OrderLine decodeItem(Map<String, AttributeValue> item) {
        ItemReader r = ItemReader.of(item, EntityType.ORDER_ITEM);
        return new OrderLine(r.string(ORDER_ID), r.string(CUSTOMER_ID), r.string(ITEM_ID), r.string(SKU),
                r.optionalString(NAME), r.number(QUANTITY), r.number(UNIT_PRICE),
                r.enumValue(ITEM_STATUS, LineStatus.class), r.time(CREATED_AT), r.time(UPDATED_AT),
                r.optionalNumber(RESERVED).orElse(0));
    }

    /**
     * An event row of the order's log (docs/EVENTS.md): no GSI attributes, so it stays out of every
     * feed; its data in the shape {@link OrderChange#data()} gives it. {@code correlationId} is shared by
     * the events one change writes together: the id of the first of them.
     */
    static Map<String, AttributeValue> encodeEvent(OrderEvent event, String correlationId) {
        Map<String, AttributeValue> item = new HashMap<>(eventKey(event.orderId(), event.version()));
        item.put(EntityType.ATTRIBUTE, s(EntityType.ORDER_EVENT));
        item.put(ORDER_ID, s(event.orderId()));
        item.put(CUSTOMER_ID, s(event.customerId()));
        item.put(VERSION, n(event.version()));
        item.put(TYPE, s(event.type()));
        item.put(AT, time(event.at()));
        item.put(BY, s(event.by()));
        item.put(DATA, Attrs.document(event.change().data()));
        item.put(CORRELATION_ID, s(correlationId));
        return item;
    }

    /** The id every consumer knows an event by: {@code <orderId>:<version>}, the same on every delivery. */
    public static String eventId(String orderId, long version) {
        return orderId + ":" + version;
    }

    /** The id shared by the events of one change (see {@link #encodeEvent}), as the row holds it. */
    public static String correlationId(Map<String, AttributeValue> eventRow) {
        return ItemReader.of(eventRow, EntityType.ORDER_EVENT).string(CORRELATION_ID);
    }

    /** An event row's version, what a history cursor holds of it. */
    static long eventVersion(Map<String, AttributeValue> eventRow) {
        return ItemReader.of(eventRow, EntityType.ORDER_EVENT).number(VERSION);
    }

    /** An event row as the table holds it, or as the table's stream carries its new image. */
    public static OrderEvent decodeEvent(Map<String, AttributeValue> item) {
        ItemReader r = ItemReader.of(item, EntityType.ORDER_EVENT);
        OrderChange change;
        try {
            change = OrderChange.of(r.string(TYPE), r.document(DATA));
        } catch (IllegalArgumentException e) {
            throw new CorruptItemException("event " + r.number(VERSION) + " of order " + r.string(ORDER_ID)
                    + ": " + e.getMessage());
        }
        return new OrderEvent(r.string(ORDER_ID), r.string(CUSTOMER_ID), r.number(VERSION), r.time(AT), r.string(BY),
                change);
    }
}
