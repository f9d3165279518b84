package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.n;
import static dev.orders.dynamodb.table.Attrs.s;
import static dev.orders.dynamodb.table.Attrs.time;

import dev.orders.core.order.Ids;
import dev.orders.core.order.ItemStatus;
import dev.orders.core.order.NewItem;
import dev.orders.core.order.NewOrder;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderCreation;
import dev.orders.core.order.OrderItem;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.StatusChange;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.time.Timestamps;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.processed.ProcessedRecord;
import dev.orders.dynamodb.processed.ProcessedRecords;
import dev.orders.dynamodb.table.Cancellation;
import dev.orders.dynamodb.table.CorruptItemException;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.dynamodb.table.Transaction;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes of whole orders: creation, and status changes with their history row. Each is one
 * transaction; a processed record (an idempotency key, a payment event) may join it, and then the
 * write happens once for all deliveries of that request: the {@code ...Once} methods answer empty
 * when the record was already there.
 */
public record OrderWrites(OrdersTable table, OrderReads reads, ProcessedRecords records, Clock clock) {
    private static final String ROOT = "root";
    private static final String HISTORY = "history";

    /** Writes the root, its first history row (version 1, CREATED) and every line: all or nothing. */
    public OrderCreation create(String orderId, NewOrder newOrder, String actor) {
        return create(orderId, newItemIds(newOrder), newOrder, actor, Optional.empty()).orElseThrow();
    }

    /** As {@link #create(String, NewOrder, String)}, with the line ids chosen by the caller (seed data). */
    public OrderCreation create(String orderId, List<String> itemIds, NewOrder newOrder, String actor) {
        return create(orderId, itemIds, newOrder, actor, Optional.empty()).orElseThrow();
    }

    /** Creates the order together with {@code record}; empty when a live record holds its key. */
    public Optional<OrderCreation> createOnce(String orderId, NewOrder newOrder, String actor, ProcessedRecord record) {
        return create(orderId, newItemIds(newOrder), newOrder, actor, Optional.of(record));
    }

    private Optional<OrderCreation> create(String orderId, List<String> itemIds, NewOrder newOrder, String actor,
                                           Optional<ProcessedRecord> record) {
        Ids.orderId(orderId);
        if (itemIds.size() != newOrder.items().size()) {
            throw new IllegalArgumentException("one line id per line is needed");
        }
        Instant now = now();
        List<OrderItem> lines = new ArrayList<>();
        for (int i = 0; i < itemIds.size(); i++) {
            NewItem item = newOrder.items().get(i);
            lines.add(new OrderItem(orderId, newOrder.customerId(), Ids.itemId(itemIds.get(i)), item.sku(),
                    Optional.of(item.name()), item.quantity(), item.unitPrice(), ItemStatus.PENDING, now, now));
        }
        Order root = new Order(orderId, newOrder.customerId(), OrderStatus.CREATED, 1, newOrder.total(),
                newOrder.currency(), lines.size(), now, now);
        StatusChange created = new StatusChange(orderId, newOrder.customerId(), 1, Optional.empty(),
                OrderStatus.CREATED, now, actor, Optional.empty(), Optional.empty());

        Transaction transaction = table.transaction()
                .putNew(ROOT, OrderCodec.encodeRoot(root, table.statusShards()))
                .putNew(HISTORY, OrderCodec.encodeChange(created));
        lines.forEach(line -> transaction.putNew("line " + line.itemId(), OrderCodec.encodeItem(line)));
        record.ifPresent(r -> records.addTo(transaction, r));
        Optional<Cancellation> cancelled = transaction.commit();
        if (cancelled.isEmpty()) {
            return Optional.of(new OrderCreation.Created(new OrderAggregate(root, lines)));
        }
        if (record.isPresent() && cancelled.get().failed(ProcessedRecords.ACTION)) {
            return Optional.empty();
        }
        return Optional.of(new OrderCreation.OrderIdTaken(orderId));
    }

    /**
     * A status change as a client asks for it: refused before any read if the role may not make it;
     * otherwise read the root, then write on the condition that its version and status are still the
     * ones read (and the ones the client expected, if it said).
     */
    public StatusChangeOutcome changeStatus(StatusChangeRequest request) {
        Optional<StatusChangeOutcome> forbidden = request.forbidden();
        if (forbidden.isPresent()) {
            return forbidden.get();
        }
        Optional<Order> found = request.customerId()
                .map(customerId -> reads.findHeader(customerId, request.orderId()))
                .orElseGet(() -> reads.findHeaderById(request.orderId()));
        if (found.isEmpty()) {
            return new StatusChangeOutcome.OrderNotFound();
        }
        return request.refusalFrom(found.get()).orElseGet(() ->
                changeStatusFrom(found.get(), request.target(), request.actor(), request.reason()));
    }

    /**
     * Moves {@code current} to {@code target}: the root's status, version and status-feed keys, and a
     * new history row, in one transaction conditioned on the version and status that were read, so a
     * racing writer can neither lose an update nor slip an illegal move through.
     */
    public StatusChangeOutcome changeStatusFrom(Order current, OrderStatus target, String actor,
                                                Optional<String> reason) {
        return changeStatus(current, target, actor, reason, Optional.empty(), Optional.empty()).orElseThrow();
    }

    /** As {@link #changeStatusFrom}, caused by the event {@code eventId}, recorded as processed by {@code record}. */
    public Optional<StatusChangeOutcome> changeStatusOnce(Order current, OrderStatus target, String actor,
                                                          String reason, String eventId, ProcessedRecord record) {
        return changeStatus(current, target, actor, Optional.of(reason), Optional.of(eventId), Optional.of(record));
    }

    private Optional<StatusChangeOutcome> changeStatus(Order current, OrderStatus target, String actor,
                                                       Optional<String> reason, Optional<String> eventId,
                                                       Optional<ProcessedRecord> record) {
        if (!current.status().canMoveTo(target)) {
            return Optional.of(new StatusChangeOutcome.IllegalTransition(current.status(), target));
        }
        Instant now = now();
        long next = current.version() + 1;
        Order moved = new Order(current.orderId(), current.customerId(), target, next, current.total(),
                current.currency(), current.itemCount(), current.createdAt(), now);
        StatusChange change = new StatusChange(current.orderId(), current.customerId(), next,
                Optional.of(current.status()), target, now, actor, reason, eventId);
        Transaction transaction = table.transaction()
                .update(ROOT, OrderCodec.rootKey(current.orderId()),
                        "SET #status = :to, #version = :next, #updated = :now, #gsi2pk = :gsi2pk, #gsi3pk = :gsi3pk",
                        "#customer = :customer AND #version = :expected AND #status = :from",
                        Map.of("#status", OrderCodec.STATUS, "#version", OrderCodec.VERSION,
                                "#updated", OrderCodec.UPDATED_AT, "#gsi2pk", Keys.GSI2PK, "#gsi3pk", Keys.GSI3PK,
                                "#customer", OrderCodec.CUSTOMER_ID),
                        Map.of(":to", s(target), ":next", n(next), ":now", time(now),
                                ":gsi2pk", s(OrderCodec.statusFeedPk(current.orderId(), target, table.statusShards())),
                                ":gsi3pk", s(Keys.customerStatusFeedPk(current.customerId(), target.name())),
                                ":customer", s(current.customerId()), ":expected", n(current.version()),
                                ":from", s(current.status())))
                .putNew(HISTORY, OrderCodec.encodeChange(change));
        record.ifPresent(r -> records.addTo(transaction, r));
        Optional<Cancellation> cancelled = transaction.commit();
        if (cancelled.isEmpty()) {
            return Optional.of(new StatusChangeOutcome.Changed(moved, change));
        }
        if (record.isPresent() && cancelled.get().failed(ProcessedRecords.ACTION)) {
            return Optional.empty();
        }
        if (!cancelled.get().failed(ROOT)) {
            throw new CorruptItemException("history row " + next + " of order " + current.orderId()
                    + " exists before its version");
        }
        return Optional.of(cancelled.get().oldItem(ROOT).map(OrderCodec::decodeRoot)
                .filter(order -> order.customerId().equals(current.customerId()))
                .<StatusChangeOutcome>map(order -> new StatusChangeOutcome.StaleVersion(order.version()))
                .orElseGet(StatusChangeOutcome.OrderNotFound::new));
    }

    private static List<String> newItemIds(NewOrder newOrder) {
        return newOrder.items().stream().map(item -> Ids.newItemId()).toList();
    }

    private Instant now() {
        return Timestamps.truncate(clock.instant());
    }
}
