package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.s;

import dev.orders.application.port.PaymentIssueStore;
import dev.orders.core.feed.CursorCodec;
import dev.orders.core.feed.ListingOrder;
import dev.orders.core.feed.Page;
import dev.orders.core.order.OpenPaymentIssue;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.table.CorruptItemException;
import dev.orders.dynamodb.table.KeysetPager;
import dev.orders.dynamodb.table.OrdersTable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The open payment issues of every order, for administrators: one Query of the open-issues partition of
 * the StatusFeed index, newest or oldest first. Issues are recorded and resolved as steps of their order
 * ({@link DynamoDbOrderStore}).
 */
public record PaymentIssues(OrdersTable table, CursorCodec cursors) implements PaymentIssueStore {
    /** Open issues of every order in {@code order}; the index is eventually consistent, like the feeds. */
    @Override
    public Page<OpenPaymentIssue> open(ListingOrder order, int limit, Optional<String> cursor) {
        KeysetPager.Listing listing = new KeysetPager.Listing(CursorCodec.scope(List.of("payment-issues",
                order.wireName())), row -> row.get(Keys.GSI2SK).s(), order);
        KeysetPager.Partition openIssues = new KeysetPager.Partition(query -> query.indexName(Keys.STATUS_FEED_INDEX)
                .keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", Keys.GSI2PK))
                .expressionAttributeValues(Map.of(":pk", s(Keys.OPEN_PAYMENT_ISSUES_PK))),
                PaymentIssues::startAfter);
        Page<Map<String, AttributeValue>> page = new KeysetPager(table, cursors)
                .page(listing, openIssues, limit, cursor);
        return new Page<>(page.items().stream().map(PaymentIssueCodec::decodeOpen).toList(), page.nextCursor());
    }

    /** The full key to start after: the index's key in the cursor, the table's key derived from it. */
    private static Map<String, AttributeValue> startAfter(String position) {
        Keys.IssueRef ref;
        try {
            ref = Keys.issueOfOpenIssueSk(position);
        } catch (IllegalArgumentException e) {
            throw new CorruptItemException("a payment issues cursor holds " + position);
        }
        return Map.of(Keys.GSI2PK, s(Keys.OPEN_PAYMENT_ISSUES_PK), Keys.GSI2SK, s(position),
                Keys.PK, s(Keys.orderPk(ref.orderId())), Keys.SK, s(Keys.issueSk(ref.eventId())));
    }
}
