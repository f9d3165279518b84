package dev.orders.model.order;

import static dev.orders.model.dynamo.Attrs.n;
import static dev.orders.model.dynamo.Attrs.s;
import static dev.orders.model.dynamo.Attrs.time;

import dev.orders.model.dynamo.Cancellation;
import dev.orders.model.dynamo.CorruptItemException;
import dev.orders.model.dynamo.OrdersTable;
import dev.orders.model.feed.CursorCodec;
import dev.orders.model.feed.Page;
import dev.orders.model.keys.Keys;
import dev.orders.model.keys.Timestamps;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Access patterns of orders, their lines and their status history. Each is one GetItem, one Query or
 * one TransactWriteItems; the two that must know a line's amount first (remove, re-status) read it
 * with one GetItem and then condition their transaction on what they read.
 *
 * <p>Every transaction carries a client request token, so an SDK retry of a transaction that did
 * commit is answered as a success rather than failing its own conditions.
 */
public final class OrderRepository {
    private final OrdersTable table;
    private final Clock clock;
    private final CursorCodec cursors;

    public OrderRepository(OrdersTable table, Clock clock, CursorCodec cursors) {
        this.table = table;
        this.clock = clock;
        this.cursors = cursors;
    }

    // ---- create -------------------------------------------------------------------------------

    /**
     * Writes the root, its first history row (version 1, CREATED) and every line in one transaction
     * of conditional puts: all or nothing. {@code extraWrites} join the same transaction (an
     * idempotency record, for instance).
     */
    public OrderCreation create(String orderId, NewOrder newOrder, String actor, List<TransactWriteItem> extraWrites) {
        List<String> itemIds = newOrder.items().stream().map(item -> Ids.newItemId()).toList();
        return create(orderId, itemIds, newOrder, actor, extraWrites);
    }

    /** As {@link #create(String, NewOrder, String, List)}, with the line ids chosen by the caller (seed data). */
    public OrderCreation create(String orderId, List<String> itemIds, NewOrder newOrder, String actor,
                                List<TransactWriteItem> extraWrites) {
        Ids.orderId(orderId);
        if (itemIds.size() != newOrder.items().size()) {
            throw new IllegalArgumentException("one line id per line is needed");
        }
        Instant now = now();
        List<OrderItem> lines = new ArrayList<>();
        for (int i = 0; i < itemIds.size(); i++) {
            NewItem item = newOrder.items().get(i);
            lines.add(new OrderItem(orderId, newOrder.customerId(), Ids.itemId(itemIds.get(i)), item.sku(), item.name(),
                    item.quantity(), item.unitPrice(), ItemStatus.PENDING, now, now));
        }
        Order root = new Order(orderId, newOrder.customerId(), OrderStatus.CREATED, 1, newOrder.total(),
                newOrder.currency(), lines.size(), now, now);
        StatusChange created = new StatusChange(orderId, newOrder.customerId(), 1, Optional.empty(),
                OrderStatus.CREATED, now, actor, Optional.empty(), Optional.empty());

        List<TransactWriteItem> writes = new ArrayList<>();
        writes.add(table.putNew(OrderCodec.encodeRoot(root, table.statusShards())));
        writes.add(table.putNew(OrderCodec.encodeChange(created)));
        lines.forEach(line -> writes.add(table.putNew(OrderCodec.encodeItem(line))));
        writes.addAll(extraWrites);
        if (writes.size() > OrderLimits.TRANSACTION_ACTIONS) {
            throw new IllegalArgumentException("an order transaction of " + writes.size() + " actions exceeds "
                    + OrderLimits.TRANSACTION_ACTIONS);
        }
        try {
            transact(writes);
        } catch (TransactionCanceledException e) {
            Cancellation cancellation = Cancellation.of(e);
            int firstExtra = writes.size() - extraWrites.size();
            for (int i = firstExtra; i < writes.size(); i++) {
                if (cancellation.failed(i)) {
                    return new OrderCreation.ExtraWriteRefused(i - firstExtra);
                }
            }
            return new OrderCreation.OrderIdTaken(orderId);
        }
        return new OrderCreation.Created(new OrderAggregate(root, lines));
    }

    // ---- reads --------------------------------------------------------------------------------

    public Optional<Order> findHeader(String customerId, String orderId) {
        return findHeaderById(orderId).filter(order -> order.customerId().equals(customerId));
    }

    /** For callers that know only the order id (payment webhooks, support tools). */
    public Optional<Order> findHeaderById(String orderId) {
        Ids.orderId(orderId);
        return table.getItem(OrderCodec.rootKey(orderId)).map(OrderCodec::decodeRoot);
    }

    public Optional<OrderAggregate> findAggregate(String customerId, String orderId) {
        return findAggregateById(orderId).filter(aggregate -> aggregate.order().customerId().equals(customerId));
    }

    /** Root and lines in one Query: the range ITEM#.. to ROOT of the order's own partition. */
    public Optional<OrderAggregate> findAggregateById(String orderId) {
        Ids.orderId(orderId);
        QueryResponse response = table.client().query(b -> b
                .tableName(table.tableName())
                .keyConditionExpression("#pk = :pk AND #sk BETWEEN :first AND :last")
                .expressionAttributeNames(Map.of("#pk", Keys.PK, "#sk", Keys.SK))
                .expressionAttributeValues(Map.of(":pk", s(Keys.orderPk(orderId)),
                        ":first", s(Keys.ITEM_PREFIX), ":last", s(Keys.ROOT_SK)))
                .consistentRead(true));
        if (response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()) {
            // Lines are capped far below 1 MB per order, so one page always holds the aggregate.
            throw new CorruptItemException("order " + orderId + " does not fit one query page");
        }
        Order root = null;
        List<OrderItem> lines = new ArrayList<>();
        for (Map<String, AttributeValue> row : response.items()) {
            if (Keys.ROOT_SK.equals(row.get(Keys.SK).s())) {
                root = OrderCodec.decodeRoot(row);
            } else {
                lines.add(OrderCodec.decodeItem(row));
            }
        }
        return root == null ? Optional.empty() : Optional.of(new OrderAggregate(root, lines));
    }

    /** The lines of an order, read with its root so that a missing order is not an empty one. */
    public Optional<List<OrderItem>> listItems(String customerId, String orderId) {
        return findAggregate(customerId, orderId).map(OrderAggregate::items);
    }

    public Optional<OrderItem> findItem(String customerId, String orderId, String itemId) {
        Ids.orderId(orderId);
        Ids.itemId(itemId);
        return table.getItem(OrderCodec.itemKey(orderId, itemId)).map(OrderCodec::decodeItem)
                .filter(item -> item.customerId().equals(customerId));
    }

    /** Status history newest first; empty when the order does not exist or is someone else's. */
    public Optional<Page<StatusChange>> history(String customerId, String orderId, int limit,
                                                Optional<String> cursor) {
        Ids.orderId(orderId);
        String scope = "history|" + customerId + "|" + orderId;
        Optional<Long> afterVersion = cursor.map(c -> Long.parseLong(cursors.decode(scope, c)));
        QueryResponse response = table.client().query(b -> {
            b.tableName(table.tableName())
                    .keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
                    .expressionAttributeNames(Map.of("#pk", Keys.PK, "#sk", Keys.SK))
                    .expressionAttributeValues(Map.of(":pk", s(Keys.orderPk(orderId)),
                            ":prefix", s(Keys.HISTORY_PREFIX)))
                    .scanIndexForward(false)
                    .consistentRead(true)
                    .limit(limit + 1);
            afterVersion.ifPresent(version -> b.exclusiveStartKey(OrderCodec.historyKey(orderId, version)));
        });
        List<StatusChange> changes = response.items().stream().map(OrderCodec::decodeChange).toList();
        if (changes.stream().anyMatch(change -> !change.customerId().equals(customerId))
                || changes.isEmpty() && afterVersion.isEmpty()) {
            return Optional.empty();
        }
        List<StatusChange> page = changes.subList(0, Math.min(limit, changes.size()));
        Optional<String> next = changes.size() > limit
                ? Optional.of(cursors.encode(scope, Long.toString(page.get(page.size() - 1).version())))
                : Optional.empty();
        return Optional.of(new Page<>(page, next));
    }

    // ---- status -------------------------------------------------------------------------------

    /**
     * Moves {@code current} to {@code target}: the root's status, version and status-feed keys, and a
     * new history row, in one transaction conditioned on the version and status that were read, so a
     * racing writer can neither lose an update nor slip an illegal move through.
     */
    public StatusChangeOutcome changeStatus(Order current, OrderStatus target, String actor,
                                            Optional<String> reason, Optional<String> eventId) {
        return changeStatus(current, target, actor, reason, eventId, List.of());
    }

    /**
     * As {@link #changeStatus(Order, OrderStatus, String, Optional, Optional)}, with {@code extraWrites}
     * in the same transaction (a processed-event record, for instance): all commit or none.
     */
    public StatusChangeOutcome changeStatus(Order current, OrderStatus target, String actor, Optional<String> reason,
                                            Optional<String> eventId, List<TransactWriteItem> extraWrites) {
        if (!current.status().canMoveTo(target)) {
            return new StatusChangeOutcome.IllegalTransition(current.status(), target);
        }
        Instant now = now();
        long next = current.version() + 1;
        Order moved = new Order(current.orderId(), current.customerId(), target, next, current.total(),
                current.currency(), current.itemCount(), current.createdAt(), now);
        StatusChange change = new StatusChange(current.orderId(), current.customerId(), next,
                Optional.of(current.status()), target, now, actor, reason, eventId);
        TransactWriteItem updateRoot = TransactWriteItem.builder().update(u -> u
                .tableName(table.tableName())
                .key(OrderCodec.rootKey(current.orderId()))
                .updateExpression("SET #status = :to, #version = :next, #updated = :now,"
                        + " #gsi2pk = :gsi2pk, #gsi3pk = :gsi3pk")
                .conditionExpression("#customer = :customer AND #version = :expected AND #status = :from")
                .expressionAttributeNames(Map.of("#status", OrderCodec.STATUS, "#version", OrderCodec.VERSION,
                        "#updated", OrderCodec.UPDATED_AT, "#gsi2pk", Keys.GSI2PK, "#gsi3pk", Keys.GSI3PK,
                        "#customer", OrderCodec.CUSTOMER_ID))
                .expressionAttributeValues(Map.of(":to", s(target), ":next", n(next), ":now", time(now),
                        ":gsi2pk", s(OrderCodec.statusFeedPk(current.orderId(), target, table.statusShards())),
                        ":gsi3pk", s(Keys.customerStatusFeedPk(current.customerId(), target.name())),
                        ":customer", s(current.customerId()), ":expected", n(current.version()),
                        ":from", s(current.status())))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build();
        List<TransactWriteItem> writes = new ArrayList<>(List.of(updateRoot, table.putNew(OrderCodec.encodeChange(change))));
        writes.addAll(extraWrites);
        try {
            transact(writes);
        } catch (TransactionCanceledException e) {
            Cancellation cancellation = Cancellation.of(e);
            for (int i = 2; i < writes.size(); i++) {
                if (cancellation.failed(i)) {
                    return new StatusChangeOutcome.ExtraWriteRefused(i - 2);
                }
            }
            if (!cancellation.failed(0)) {
                throw new CorruptItemException("history row " + next + " of order " + current.orderId()
                        + " exists before its version");
            }
            return cancellation.oldItem(0).map(OrderCodec::decodeRoot)
                    .filter(order -> order.customerId().equals(current.customerId()))
                    .<StatusChangeOutcome>map(order -> new StatusChangeOutcome.StaleVersion(order.version()))
                    .orElseGet(StatusChangeOutcome.OrderNotFound::new);
        }
        return new StatusChangeOutcome.Changed(moved, change);
    }

    // ---- lines --------------------------------------------------------------------------------

    /** Adds a line and raises the root's total and item count in one transaction, while the order is open. */
    public ItemChangeOutcome addItem(String customerId, String orderId, NewItem newItem) {
        Ids.orderId(orderId);
        Instant now = now();
        OrderItem line = new OrderItem(orderId, customerId, Ids.newItemId(), newItem.sku(), newItem.name(),
                newItem.quantity(), newItem.unitPrice(), ItemStatus.PENDING, now, now);
        Map<String, AttributeValue> values = new HashMap<>();
        String open = openOrderCondition(customerId, values);
        values.put(":amount", n(line.lineTotal()));
        values.put(":one", n(1));
        values.put(":now", time(now));
        values.put(":max", n(OrderLimits.MAX_ITEMS_PER_ORDER));
        TransactWriteItem raiseTotal = TransactWriteItem.builder().update(u -> u
                .tableName(table.tableName())
                .key(OrderCodec.rootKey(orderId))
                .updateExpression("SET #total = #total + :amount, #count = #count + :one, #updated = :now")
                .conditionExpression(open + " AND #count < :max")
                .expressionAttributeNames(openOrderNames())
                .expressionAttributeValues(values)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build();
        try {
            transact(List.of(raiseTotal, table.putNew(OrderCodec.encodeItem(line))));
        } catch (TransactionCanceledException e) {
            Cancellation cancellation = Cancellation.of(e);
            if (!cancellation.failed(0)) {
                throw new CorruptItemException("line " + line.itemId() + " of order " + orderId + " already exists");
            }
            return whyClosed(cancellation.oldItem(0), customerId)
                    .orElseGet(() -> new ItemChangeOutcome.TooManyItems(OrderLimits.MAX_ITEMS_PER_ORDER));
        }
        return new ItemChangeOutcome.Added(line);
    }

    /**
     * Removes a line and lowers the root's total by the amount read, in one transaction conditioned on
     * that amount, while the order is open. Two racing removals of one line lower the total once.
     */
    public ItemChangeOutcome removeItem(String customerId, String orderId, String itemId) {
        Optional<OrderItem> found = findItem(customerId, orderId, itemId);
        if (found.isEmpty()) {
            return new ItemChangeOutcome.ItemNotFound();
        }
        OrderItem line = found.get();
        Map<String, AttributeValue> values = new HashMap<>();
        String open = openOrderCondition(customerId, values);
        values.put(":amount", n(line.lineTotal()));
        values.put(":one", n(1));
        values.put(":now", time(now()));
        TransactWriteItem lowerTotal = TransactWriteItem.builder().update(u -> u
                .tableName(table.tableName())
                .key(OrderCodec.rootKey(orderId))
                .updateExpression("SET #total = #total - :amount, #count = #count - :one, #updated = :now")
                .conditionExpression(open)
                .expressionAttributeNames(openOrderNames())
                .expressionAttributeValues(values)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build();
        TransactWriteItem deleteLine = TransactWriteItem.builder().delete(d -> d
                .tableName(table.tableName())
                .key(OrderCodec.itemKey(orderId, itemId))
                .conditionExpression("#lineTotal = :amount")
                .expressionAttributeNames(Map.of("#lineTotal", OrderCodec.LINE_TOTAL))
                .expressionAttributeValues(Map.of(":amount", n(line.lineTotal())))).build();
        try {
            transact(List.of(lowerTotal, deleteLine));
        } catch (TransactionCanceledException e) {
            Cancellation cancellation = Cancellation.of(e);
            if (cancellation.failed(0)) {
                return whyClosed(cancellation.oldItem(0), customerId)
                        .orElseThrow(() -> new CorruptItemException("order " + orderId + " refused a line removal"));
            }
            return new ItemChangeOutcome.ItemNotFound();
        }
        return new ItemChangeOutcome.Removed(line);
    }

    /**
     * Moves a line's status: the line is updated on condition of the status read, and the root is
     * checked in the same transaction to be in fulfilment (PAID, IN_FULFILLMENT, PARTIALLY_FULFILLED).
     */
    public ItemChangeOutcome changeItemStatus(String customerId, String orderId, String itemId, ItemStatus target) {
        Optional<OrderItem> found = findItem(customerId, orderId, itemId);
        if (found.isEmpty()) {
            return new ItemChangeOutcome.ItemNotFound();
        }
        OrderItem line = found.get();
        if (!line.itemStatus().canMoveTo(target)) {
            return new ItemChangeOutcome.IllegalItemTransition(line.itemStatus(), target);
        }
        Instant now = now();
        TransactWriteItem updateLine = TransactWriteItem.builder().update(u -> u
                .tableName(table.tableName())
                .key(OrderCodec.itemKey(orderId, itemId))
                .updateExpression("SET #itemStatus = :to, #updated = :now")
                .conditionExpression("#itemStatus = :from")
                .expressionAttributeNames(Map.of("#itemStatus", OrderCodec.ITEM_STATUS,
                        "#updated", OrderCodec.UPDATED_AT))
                .expressionAttributeValues(Map.of(":to", s(target), ":from", s(line.itemStatus()),
                        ":now", time(now)))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build();
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":customer", s(customerId)));
        String inFulfillment = statusIn(OrderStatus.inFulfillment(), values);
        TransactWriteItem checkRoot = TransactWriteItem.builder().conditionCheck(c -> c
                .tableName(table.tableName())
                .key(OrderCodec.rootKey(orderId))
                .conditionExpression("#customer = :customer AND #status IN " + inFulfillment)
                .expressionAttributeNames(Map.of("#customer", OrderCodec.CUSTOMER_ID, "#status", OrderCodec.STATUS))
                .expressionAttributeValues(values)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build();
        try {
            transact(List.of(updateLine, checkRoot));
        } catch (TransactionCanceledException e) {
            Cancellation cancellation = Cancellation.of(e);
            if (cancellation.failed(1)) {
                Optional<Order> root = cancellation.oldItem(1).map(OrderCodec::decodeRoot)
                        .filter(order -> order.customerId().equals(customerId));
                return root.<ItemChangeOutcome>map(order -> new ItemChangeOutcome.OrderNotInFulfillment(order.status()))
                        .orElseGet(ItemChangeOutcome.OrderNotFound::new);
            }
            return cancellation.oldItem(0).map(OrderCodec::decodeItem)
                    .<ItemChangeOutcome>map(current -> new ItemChangeOutcome.IllegalItemTransition(current.itemStatus(), target))
                    .orElseGet(ItemChangeOutcome.ItemNotFound::new);
        }
        return new ItemChangeOutcome.StatusChanged(new OrderItem(line.orderId(), line.customerId(), line.itemId(),
                line.sku(), line.name(), line.quantity(), line.unitPrice(), target, line.createdAt(), now));
    }

    // ---- helpers ------------------------------------------------------------------------------

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

    private void transact(List<TransactWriteItem> writes) {
        table.client().transactWriteItems(b -> b
                .transactItems(writes)
                .clientRequestToken(UUID.randomUUID().toString()));
    }

    private Instant now() {
        return Timestamps.truncate(clock.instant());
    }
}
