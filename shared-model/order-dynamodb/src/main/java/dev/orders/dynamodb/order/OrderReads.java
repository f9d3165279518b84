package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.s;

import dev.orders.application.port.OrderReadStore;
import dev.orders.core.feed.CursorCodec;
import dev.orders.core.feed.Page;
import dev.orders.core.order.Ids;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.payment.PaymentRecords;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.table.KeysetPager;
import dev.orders.dynamodb.table.OrdersTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Reads of orders, their lines and their event logs; each is one GetItem or one Query of the
 * order's own partition, strongly consistent. Reads by customer return nothing for another
 * customer's order, exactly as for a missing one.
 */
public record OrderReads(OrdersTable table, CursorCodec cursors) implements OrderReadStore {
    /** For callers that know only the order id (payment webhooks, support tools). */
    public Optional<Order> findRootById(String orderId) {
        Ids.orderId(orderId);
        return table.getItem(OrderCodec.rootKey(orderId)).map(OrderCodec::decodeRoot);
    }

    @Override
    public Optional<OrderAggregate> findAggregate(String customerId, String orderId) {
        return findAggregateById(orderId).filter(aggregate -> aggregate.order().customerId().equals(customerId));
    }

    /** Root, lines and payment issues in one Query ({@link #readRows}). */
    @Override
    public Optional<OrderAggregate> findAggregateById(String orderId) {
        Rows rows = readRows(orderId);
        return rows.root().map(root -> new OrderAggregate(root, rows.lines(), rows.issues()));
    }

    /** The root, if any, its lines and the payment issues of the order's partition, in one Query ({@link #readRows}). */
    public PaymentRecords findPayments(String orderId) {
        Rows rows = readRows(orderId);
        return new PaymentRecords(rows.root(), rows.lines(), rows.issues());
    }

    /** What the range ISSUE#.. to ROOT of an order's partition holds; issues without a root where the id names no order. */
    private record Rows(Optional<Order> root, List<OrderLine> lines, List<PaymentIssue> issues) {
    }

    /**
     * The range ISSUE#.. to ROOT of the order's own partition in one Query, followed over its pages (issues
     * are not capped like lines).
     */
    private Rows readRows(String orderId) {
        Ids.orderId(orderId);
        Order root = null;
        List<OrderLine> lines = new ArrayList<>();
        List<PaymentIssue> issues = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> after = start;
            QueryResponse response = table.query(b -> b
                    .keyConditionExpression("#pk = :pk AND #sk BETWEEN :first AND :last")
                    .expressionAttributeNames(Map.of("#pk", Keys.PK, "#sk", Keys.SK))
                    .expressionAttributeValues(Map.of(":pk", s(Keys.orderPk(orderId)),
                            ":first", s(Keys.ISSUE_PREFIX), ":last", s(Keys.ROOT_SK)))
                    .consistentRead(true)
                    .exclusiveStartKey(after));
            for (Map<String, AttributeValue> row : response.items()) {
                String sk = row.get(Keys.SK).s();
                if (Keys.ROOT_SK.equals(sk)) {
                    root = OrderCodec.decodeRoot(row);
                } else if (sk.startsWith(Keys.ISSUE_PREFIX)) {
                    issues.add(PaymentIssueCodec.decode(row));
                } else {
                    lines.add(OrderCodec.decodeItem(row));
                }
            }
            start = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                    ? response.lastEvaluatedKey() : null;
        } while (start != null);
        return new Rows(Optional.ofNullable(root), lines, issues);
    }

    @Override
    public Optional<OrderLine> findLine(String customerId, String orderId, String itemId) {
        Ids.orderId(orderId);
        Ids.itemId(itemId);
        return table.getItem(OrderCodec.itemKey(orderId, itemId)).map(OrderCodec::decodeItem)
                .filter(item -> item.customerId().equals(customerId));
    }

    /** The order's events newest first; empty when the order does not exist or is someone else's. */
    @Override
    public Optional<Page<OrderEvent>> history(String customerId, String orderId, int limit,
                                                Optional<String> cursor) {
        return history(Optional.of(customerId), orderId, limit, cursor);
    }

    @Override
    public Optional<Page<OrderEvent>> historyById(String orderId, int limit, Optional<String> cursor) {
        return history(Optional.empty(), orderId, limit, cursor);
    }

    /**
     * The log's page, of {@code customerId}'s order only if given. The cursor is bound to the reading (by
     * customer or by id alone), so neither reading's cursor pages the other.
     */
    private Optional<Page<OrderEvent>> history(Optional<String> customerId, String orderId, int limit,
                                               Optional<String> cursor) {
        Ids.orderId(orderId);
        String scope = CursorCodec.scope(customerId.map(customer -> List.of("history", customer, orderId))
                .orElseGet(() -> List.of("history-by-id", orderId)));
        KeysetPager.Listing listing = new KeysetPager.Listing(scope, row -> Long.toString(OrderCodec.eventVersion(row)));
        KeysetPager.Partition log = new KeysetPager.Partition(b -> b
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
                .expressionAttributeNames(Map.of("#pk", Keys.PK, "#sk", Keys.SK))
                .expressionAttributeValues(Map.of(":pk", s(Keys.orderPk(orderId)), ":prefix", s(Keys.EVENT_PREFIX)))
                .consistentRead(true),
                version -> OrderCodec.eventKey(orderId, Long.parseLong(version)));
        Page<Map<String, AttributeValue>> page = new KeysetPager(table, cursors).page(listing, log, limit, cursor);
        List<OrderEvent> events = page.items().stream().map(OrderCodec::decodeEvent).toList();
        if (customerId.isPresent() && events.stream().anyMatch(event -> !event.customerId().equals(customerId.get()))
                || events.isEmpty() && cursor.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Page<>(events, page.nextCursor()));
    }
}
