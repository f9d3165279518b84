package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.n;
import static dev.orders.dynamodb.table.Attrs.s;
import static dev.orders.dynamodb.table.Attrs.time;

import dev.orders.core.order.Ids;
import dev.orders.core.order.ItemChangeOutcome;
import dev.orders.core.order.ItemRequest;
import dev.orders.core.order.ItemStatus;
import dev.orders.core.order.LineDetails;
import dev.orders.core.order.LineRules;
import dev.orders.core.order.LineStatuses;
import dev.orders.core.order.NewItem;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderItem;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.Pricing;
import dev.orders.core.order.Role;
import dev.orders.core.product.Product;
import dev.orders.core.time.Timestamps;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.processed.ProcessedRecord;
import dev.orders.dynamodb.processed.ProcessedRecords;
import dev.orders.dynamodb.product.ProductCatalog;
import dev.orders.dynamodb.table.Cancellation;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.dynamodb.table.Rounds;
import dev.orders.dynamodb.table.Transaction;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Writes of order lines. Each reads once what it decides on (an addition its product and the order's
 * root with one BatchGetItem, a removal or a line status the whole order with one Query), then
 * writes the line, the root and the change's event in one transaction on the condition that the root
 * is still the version read. Line changes commute: one that finds the order changed meanwhile decides
 * again on the order as it is now, a bounded number of rounds, unless the client named the version it
 * expected. An addition may carry a processed record (an idempotency key) in its transaction.
 */
public record OrderLines(OrdersTable table, OrderReads reads, ProductCatalog products, ProcessedRecords records,
                         Clock clock) {
    private static final String LINE = "line";
    /** The reason of the status change an order makes by following its lines. */
    public static final String FOLLOWS_LINES = "follows its lines";

    /** A line priced from the catalogue, with the currency of its product and the order as read with it. */
    public record PricedLine(NewItem item, String currency, Optional<Order> order) {
    }

    /**
     * Adds a line priced from the catalogue as it is now, and raises the root's total and item count,
     * while the order is open, in the product's currency, and at {@code expectedVersion} if given.
     */
    public ItemChangeOutcome addItem(String customerId, String orderId, ItemRequest request,
                                     Optional<Long> expectedVersion, String actor) {
        Pricing<PricedLine> pricing = price(orderId, request);
        if (pricing instanceof Pricing.Priced<PricedLine> priced) {
            return add(newLine(customerId, orderId, priced.value().item()), priced.value(), expectedVersion, actor,
                    Optional.empty()).orElseThrow();
        }
        return new ItemChangeOutcome.NotPriceable(((Pricing.Refused<PricedLine>) pricing).refusal());
    }

    /**
     * The line priced from its product as it is now, read with the order's root in one BatchGetItem;
     * refused if the product is absent or not for sale.
     */
    public Pricing<PricedLine> price(String orderId, ItemRequest request) {
        Ids.orderId(orderId);
        Map<String, AttributeValue> productKey = products.key(request.sku());
        Optional<Product> product = Optional.empty();
        Optional<Order> order = Optional.empty();
        for (Map<String, AttributeValue> item : table.batchGetItems(List.of(productKey, OrderCodec.rootKey(orderId)))) {
            if (item.get(Keys.PK).equals(productKey.get(Keys.PK))) {
                product = Optional.of(products.decode(item));
            } else {
                order = Optional.of(OrderCodec.decodeRoot(item));
            }
        }
        Pricing<NewItem> pricing = request.price(product);
        if (pricing instanceof Pricing.Priced<NewItem> priced) {
            return new Pricing.Priced<>(new PricedLine(priced.value(), product.orElseThrow().currency(), order));
        }
        return new Pricing.Refused<>(((Pricing.Refused<NewItem>) pricing).refusal());
    }

    /** Adds {@code line} (made by {@link #newLine}) together with {@code record}; empty when a live record holds its key. */
    public Optional<ItemChangeOutcome> addItemOnce(OrderItem line, PricedLine priced, Optional<Long> expectedVersion,
                                                   String actor, ProcessedRecord record) {
        return add(line, priced, expectedVersion, actor, Optional.of(record));
    }

    /** The line {@code newItem} becomes in the order: a new id, PENDING, created now. Nothing is written. */
    public OrderItem newLine(String customerId, String orderId, NewItem newItem) {
        Ids.orderId(orderId);
        Instant now = now();
        return new OrderItem(orderId, customerId, Ids.newItemId(), newItem.sku(), Optional.of(newItem.name()),
                newItem.quantity(), newItem.unitPrice(), ItemStatus.PENDING, now, now);
    }

    /** Empty only when {@code record} was already there; a lost race decides again on the root it found. */
    private Optional<ItemChangeOutcome> add(OrderItem line, PricedLine priced, Optional<Long> expectedVersion,
                                            String actor, Optional<ProcessedRecord> record) {
        AtomicReference<Optional<Order>> read = new AtomicReference<>(priced.order());
        return Rounds.untilDecided("line addition to order " + line.orderId(), () -> {
            Optional<ItemChangeOutcome> refusal = LineRules.refuseAddition(read.get(), line.customerId(),
                    priced.currency(), expectedVersion);
            if (refusal.isPresent()) {
                return Optional.of(refusal);
            }
            Order order = read.get().orElseThrow();
            long total = order.total() + line.lineTotal();
            LineStatuses lines = order.lines().added();
            RootChange change = RootChange.of(order, line.createdAt())
                    .set(OrderCodec.TOTAL, n(total)).lines(lines)
                    .event(nextEvent(order, line.createdAt(), actor,
                            new OrderChange.OrderLineAdded(LineDetails.of(line), total, lines.total())));
            Transaction transaction = change.addTo(table.transaction()).putNew(LINE, OrderCodec.encodeItem(line));
            record.ifPresent(r -> records.addTo(transaction, r));
            Optional<Cancellation> cancelled = transaction.commit();
            if (cancelled.isEmpty()) {
                return Optional.of(Optional.of(new ItemChangeOutcome.Added(line, change.version())));
            }
            if (record.isPresent() && cancelled.get().failed(ProcessedRecords.ACTION)) {
                return Optional.of(Optional.empty());
            }
            RootChange.requireLostRace(cancelled.get(), order);
            read.set(cancelled.get().oldItem(RootChange.ROOT).map(OrderCodec::decodeRoot));
            return Optional.empty();
        });
    }

    /**
     * Removes a line and lowers the root's total and item count by it, while the order is open, and at
     * {@code expectedVersion} if given.
     */
    public ItemChangeOutcome removeItem(String customerId, String orderId, String itemId,
                                        Optional<Long> expectedVersion, String actor) {
        Ids.itemId(itemId);
        return Rounds.untilDecided("line removal from order " + orderId, () -> {
            Optional<OrderAggregate> read = reads.findAggregateById(orderId);
            Optional<ItemChangeOutcome> refusal = LineRules.refuseRemoval(read, customerId, itemId, expectedVersion);
            if (refusal.isPresent()) {
                return refusal;
            }
            Order order = read.get().order();
            OrderItem line = read.get().item(itemId).orElseThrow();
            Instant now = now();
            long total = order.total() - line.lineTotal();
            LineStatuses lines = order.lines().removed(line.itemStatus());
            RootChange change = RootChange.of(order, now)
                    .set(OrderCodec.TOTAL, n(total)).lines(lines)
                    .event(nextEvent(order, now, actor,
                            new OrderChange.OrderLineRemoved(LineDetails.of(line), total, lines.total())));
            Optional<Cancellation> cancelled = change.addTo(table.transaction())
                    .delete(LINE, OrderCodec.itemKey(orderId, itemId), "attribute_exists(#pk)",
                            Map.of("#pk", Keys.PK), Map.of())
                    .commit();
            if (cancelled.isEmpty()) {
                return Optional.of(new ItemChangeOutcome.Removed(line, change.version()));
            }
            RootChange.requireLostRace(cancelled.get(), order);
            return Optional.empty();
        });
    }

    /**
     * Moves a line's status, if the role may, while the order is in fulfilment (PAID, IN_FULFILLMENT,
     * PARTIALLY_FULFILLED), and at {@code expectedVersion} if given. The order follows its lines in the
     * same transaction ({@link OrderStatus#followingLines}): then the change is two events, the line's
     * and the order's.
     */
    public ItemChangeOutcome changeItemStatus(Role role, String customerId, String orderId, String itemId,
                                              ItemStatus target, Optional<Long> expectedVersion, String actor) {
        if (!role.mayChangeLineStatuses()) {
            return new ItemChangeOutcome.Forbidden(role, target);
        }
        Ids.itemId(itemId);
        return Rounds.untilDecided("line status change in order " + orderId, () -> {
            Optional<OrderAggregate> read = reads.findAggregateById(orderId);
            Optional<ItemChangeOutcome> refusal = LineRules.refuseStatus(read, customerId, itemId, target,
                    expectedVersion);
            if (refusal.isPresent()) {
                return refusal;
            }
            Order order = read.get().order();
            OrderItem line = read.get().item(itemId).orElseThrow();
            Instant now = now();
            // The counts are read with the root's version, the line's status is re-checked by its own condition.
            LineStatuses lines = order.lines().moved(line.itemStatus(), target);
            OrderStatus follows = order.status().followingLines(lines);
            RootChange change = RootChange.of(order, now).lines(lines).event(nextEvent(order, now, actor,
                    new OrderChange.OrderLineStatusChanged(itemId, line.sku(), line.itemStatus(), target)));
            if (follows != order.status()) {
                change.status(follows, table.statusShards()).event(new OrderEvent(orderId, customerId,
                        change.nextVersion(), now, actor, new OrderChange.OrderStatusChanged(order.status(), follows,
                        Optional.of(FOLLOWS_LINES), Optional.empty())));
            }
            Optional<Cancellation> cancelled = change.addTo(table.transaction())
                    .update(LINE, OrderCodec.itemKey(orderId, itemId), "SET #itemStatus = :to, #updated = :now",
                            "#itemStatus = :from",
                            Map.of("#itemStatus", OrderCodec.ITEM_STATUS, "#updated", OrderCodec.UPDATED_AT),
                            Map.of(":to", s(target), ":from", s(line.itemStatus()), ":now", time(now)))
                    .commit();
            if (cancelled.isEmpty()) {
                return Optional.of(new ItemChangeOutcome.StatusChanged(new OrderItem(orderId, customerId, itemId,
                        line.sku(), line.name(), line.quantity(), line.unitPrice(), target, line.createdAt(), now),
                        change.version()));
            }
            RootChange.requireLostRace(cancelled.get(), order);
            return Optional.empty();
        });
    }

    private static OrderEvent nextEvent(Order order, Instant at, String actor, OrderChange change) {
        return new OrderEvent(order.orderId(), order.customerId(), order.version() + 1, at, actor, change);
    }

    private Instant now() {
        return Timestamps.truncate(clock.instant());
    }
}
