package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.n;
import static dev.orders.dynamodb.table.Attrs.s;
import static dev.orders.dynamodb.table.Attrs.time;

import dev.orders.core.order.Ids;
import dev.orders.core.order.ItemChangeOutcome;
import dev.orders.core.order.ItemRequest;
import dev.orders.core.order.ItemStatus;
import dev.orders.core.order.NewItem;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderItem;
import dev.orders.core.order.OrderLimits;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.Pricing;
import dev.orders.core.order.Role;
import dev.orders.core.product.Product;
import dev.orders.core.time.Timestamps;
import dev.orders.dynamodb.processed.ProcessedRecord;
import dev.orders.dynamodb.processed.ProcessedRecords;
import dev.orders.dynamodb.product.ProductCatalog;
import dev.orders.dynamodb.table.Cancellation;
import dev.orders.dynamodb.table.CorruptItemException;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.dynamodb.table.Transaction;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Writes of order lines, each one transaction of the line and its root. The three that must know
 * something first read it with one GetItem and condition their transaction on it: an added line its
 * product, a removed or re-statused line itself. An addition may carry a processed record (an
 * idempotency key) in its transaction.
 */
public record OrderLines(OrdersTable table, OrderReads reads, ProductCatalog products, ProcessedRecords records,
                         Clock clock) {
    private static final String ROOT = "root";
    private static final String LINE = "line";

    /** A line priced from the catalogue, with the currency of its product. */
    public record PricedLine(NewItem item, String currency) {
    }

    /**
     * Adds a line priced from the catalogue as it is now, and raises the root's total and item count in
     * one transaction, while the order is open and in the product's currency.
     */
    public ItemChangeOutcome addItem(String customerId, String orderId, ItemRequest request) {
        Pricing<PricedLine> pricing = price(request);
        if (pricing instanceof Pricing.Priced<PricedLine> priced) {
            return add(newLine(customerId, orderId, priced.value().item()), priced.value().currency(),
                    Optional.empty()).orElseThrow();
        }
        return new ItemChangeOutcome.NotPriceable(((Pricing.Refused<PricedLine>) pricing).refusal());
    }

    /** The line priced from its product as it is now (one GetItem); refused if it is absent or not for sale. */
    public Pricing<PricedLine> price(ItemRequest request) {
        Optional<Product> product = products.find(request.sku());
        Pricing<NewItem> pricing = request.price(product);
        if (pricing instanceof Pricing.Priced<NewItem> priced) {
            return new Pricing.Priced<>(new PricedLine(priced.value(), product.orElseThrow().currency()));
        }
        return new Pricing.Refused<>(((Pricing.Refused<NewItem>) pricing).refusal());
    }

    /** Adds {@code line} (made by {@link #newLine}) together with {@code record}; empty when a live record holds its key. */
    public Optional<ItemChangeOutcome> addItemOnce(OrderItem line, String currency, ProcessedRecord record) {
        return add(line, currency, Optional.of(record));
    }

    /** The line {@code newItem} becomes in the order: a new id, PENDING, created now. Nothing is written. */
    public OrderItem newLine(String customerId, String orderId, NewItem newItem) {
        Ids.orderId(orderId);
        Instant now = now();
        return new OrderItem(orderId, customerId, Ids.newItemId(), newItem.sku(), Optional.of(newItem.name()),
                newItem.quantity(), newItem.unitPrice(), ItemStatus.PENDING, now, now);
    }

    private Optional<ItemChangeOutcome> add(OrderItem line, String currency, Optional<ProcessedRecord> record) {
        Map<String, AttributeValue> values = new HashMap<>();
        String open = openOrderCondition(line.customerId(), values);
        values.put(":amount", n(line.lineTotal()));
        values.put(":one", n(1));
        values.put(":now", time(line.createdAt()));
        values.put(":max", n(OrderLimits.MAX_ITEMS_PER_ORDER));
        values.put(":currency", s(currency));
        Map<String, String> names = new HashMap<>(openOrderNames());
        names.put("#currency", OrderCodec.CURRENCY);
        Transaction transaction = table.transaction()
                .update(ROOT, OrderCodec.rootKey(line.orderId()),
                        "SET #total = #total + :amount, #count = #count + :one, #updated = :now",
                        open + " AND #count < :max AND #currency = :currency", names, values)
                .putNew(LINE, OrderCodec.encodeItem(line));
        record.ifPresent(r -> records.addTo(transaction, r));
        Optional<Cancellation> cancelled = transaction.commit();
        if (cancelled.isEmpty()) {
            return Optional.of(new ItemChangeOutcome.Added(line));
        }
        if (record.isPresent() && cancelled.get().failed(ProcessedRecords.ACTION)) {
            return Optional.empty();
        }
        if (!cancelled.get().failed(ROOT)) {
            throw new CorruptItemException("line " + line.itemId() + " of order " + line.orderId() + " already exists");
        }
        Optional<Map<String, AttributeValue>> root = cancelled.get().oldItem(ROOT);
        return Optional.of(whyClosed(root, line.customerId()).or(() -> inOtherCurrency(root, currency))
                .orElseGet(() -> new ItemChangeOutcome.TooManyItems(OrderLimits.MAX_ITEMS_PER_ORDER)));
    }

    /** The refusal of a line in {@code currency} added to an order in another; empty when it is the same. */
    private static Optional<ItemChangeOutcome> inOtherCurrency(Optional<Map<String, AttributeValue>> oldRoot,
                                                               String currency) {
        return oldRoot.map(OrderCodec::decodeRoot).map(Order::currency).filter(other -> !other.equals(currency))
                .map(other -> new ItemChangeOutcome.NotPriceable(ItemRequest.currencyMismatch(currency, other)));
    }

    /**
     * Removes a line and lowers the root's total by the amount read, in one transaction conditioned on
     * that amount, while the order is open. Two racing removals of one line lower the total once.
     */
    public ItemChangeOutcome removeItem(String customerId, String orderId, String itemId) {
        Optional<OrderItem> found = reads.findItem(customerId, orderId, itemId);
        if (found.isEmpty()) {
            return new ItemChangeOutcome.ItemNotFound();
        }
        OrderItem line = found.get();
        Map<String, AttributeValue> values = new HashMap<>();
        String open = openOrderCondition(customerId, values);
        values.put(":amount", n(line.lineTotal()));
        values.put(":one", n(1));
        values.put(":now", time(now()));
        Optional<Cancellation> cancelled = table.transaction()
                .update(ROOT, OrderCodec.rootKey(orderId),
                        "SET #total = #total - :amount, #count = #count - :one, #updated = :now",
                        open, openOrderNames(), values)
                .delete(LINE, OrderCodec.itemKey(orderId, itemId), "#lineTotal = :amount",
                        Map.of("#lineTotal", OrderCodec.LINE_TOTAL), Map.of(":amount", n(line.lineTotal())))
                .commit();
        if (cancelled.isEmpty()) {
            return new ItemChangeOutcome.Removed(line);
        }
        if (cancelled.get().failed(ROOT)) {
            return whyClosed(cancelled.get().oldItem(ROOT), customerId)
                    .orElseThrow(() -> new CorruptItemException("order " + orderId + " refused a line removal"));
        }
        return new ItemChangeOutcome.ItemNotFound();
    }

    /**
     * Moves a line's status, if the role may: the line is updated on condition of the status read, and
     * the root is checked in the same transaction to be in fulfilment (PAID, IN_FULFILLMENT,
     * PARTIALLY_FULFILLED).
     */
    public ItemChangeOutcome changeItemStatus(Role role, String customerId, String orderId, String itemId,
                                              ItemStatus target) {
        if (!role.mayChangeLineStatuses()) {
            return new ItemChangeOutcome.Forbidden(role, target);
        }
        Optional<OrderItem> found = reads.findItem(customerId, orderId, itemId);
        if (found.isEmpty()) {
            return new ItemChangeOutcome.ItemNotFound();
        }
        OrderItem line = found.get();
        if (!line.itemStatus().canMoveTo(target)) {
            return new ItemChangeOutcome.IllegalItemTransition(line.itemStatus(), target);
        }
        Instant now = now();
        Map<String, AttributeValue> rootValues = new HashMap<>(Map.of(":customer", s(customerId)));
        String inFulfillment = statusIn(OrderStatus.inFulfillment(), rootValues);
        Optional<Cancellation> cancelled = table.transaction()
                .update(LINE, OrderCodec.itemKey(orderId, itemId), "SET #itemStatus = :to, #updated = :now",
                        "#itemStatus = :from",
                        Map.of("#itemStatus", OrderCodec.ITEM_STATUS, "#updated", OrderCodec.UPDATED_AT),
                        Map.of(":to", s(target), ":from", s(line.itemStatus()), ":now", time(now)))
                .check(ROOT, OrderCodec.rootKey(orderId), "#customer = :customer AND #status IN " + inFulfillment,
                        Map.of("#customer", OrderCodec.CUSTOMER_ID, "#status", OrderCodec.STATUS), rootValues)
                .commit();
        if (cancelled.isEmpty()) {
            return new ItemChangeOutcome.StatusChanged(new OrderItem(line.orderId(), line.customerId(),
                    line.itemId(), line.sku(), line.name(), line.quantity(), line.unitPrice(), target,
                    line.createdAt(), now));
        }
        if (cancelled.get().failed(ROOT)) {
            return cancelled.get().oldItem(ROOT).map(OrderCodec::decodeRoot)
                    .filter(order -> order.customerId().equals(customerId))
                    .<ItemChangeOutcome>map(order -> new ItemChangeOutcome.OrderNotInFulfillment(order.status()))
                    .orElseGet(ItemChangeOutcome.OrderNotFound::new);
        }
        return cancelled.get().oldItem(LINE).map(OrderCodec::decodeItem)
                .<ItemChangeOutcome>map(current -> new ItemChangeOutcome.IllegalItemTransition(current.itemStatus(), target))
                .orElseGet(ItemChangeOutcome.ItemNotFound::new);
    }

    private static Map<String, String> openOrderNames() {
        return Map.of("#customer", OrderCodec.CUSTOMER_ID, "#status", OrderCodec.STATUS,
                "#total", OrderCodec.TOTAL, "#count", OrderCodec.ITEM_COUNT, "#updated", OrderCodec.UPDATED_AT);
    }

    /** The condition that the root is the customer's and open for line changes; fills in its values. */
    private static String openOrderCondition(String customerId, Map<String, AttributeValue> values) {
        values.put(":customer", s(customerId));
        return "#customer = :customer AND #status IN " + statusIn(OrderStatus.openForItemChanges(), values);
    }

    /** Why an open-order condition failed: not found, or not open; empty when it was open after all. */
    private static Optional<ItemChangeOutcome> whyClosed(Optional<Map<String, AttributeValue>> oldRoot,
                                                        String customerId) {
        Optional<Order> root = oldRoot.map(OrderCodec::decodeRoot).filter(o -> o.customerId().equals(customerId));
        if (root.isEmpty()) {
            return Optional.of(new ItemChangeOutcome.OrderNotFound());
        }
        if (!root.get().status().isOpenForItemChanges()) {
            return Optional.of(new ItemChangeOutcome.OrderNotOpen(root.get().status()));
        }
        return Optional.empty();
    }

    /** "(:status0, :status1, ...)" for an IN condition, with the statuses added to {@code values}. */
    private static String statusIn(Collection<OrderStatus> statuses, Map<String, AttributeValue> values) {
        List<String> placeholders = new ArrayList<>();
        for (OrderStatus status : statuses) {
            String placeholder = ":status" + placeholders.size();
            values.put(placeholder, s(status));
            placeholders.add(placeholder);
        }
        return "(" + String.join(", ", placeholders) + ")";
    }

    private Instant now() {
        return Timestamps.truncate(clock.instant());
    }
}
