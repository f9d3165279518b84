package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.s;

import dev.orders.application.port.PaymentWindowStore;
import dev.orders.core.order.AwaitingPayment;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.table.OrdersTable;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The orders awaiting payment, from the payment-window partitions of the StatusFeed index: one Query of a shard per
 * page, {@code GSI2SK < <the bound>}, oldest first, keyset-paged from the last entry read. Only orders awaiting
 * payment have an entry, so no read is spent on an order created long ago but checked out just now.
 */
public record PaymentWindows(OrdersTable table) implements PaymentWindowStore {
    @Override
    public int shards() {
        return table.statusShards();
    }

    @Override
    public Page awaitingSince(int shard, Instant before, Optional<AwaitingPayment> after, int limit) {
        String pk = Keys.paymentWindowPk(shard);
        QueryResponse response = table.query(query -> {
            query.indexName(Keys.STATUS_FEED_INDEX)
                    .keyConditionExpression("#pk = :pk AND #sk < :before")
                    .expressionAttributeNames(Map.of("#pk", Keys.GSI2PK, "#sk", Keys.GSI2SK))
                    .expressionAttributeValues(Map.of(":pk", s(pk), ":before", s(Keys.feedBound(before))))
                    .scanIndexForward(true).limit(limit);
            after.ifPresent(last -> query.exclusiveStartKey(Map.of(Keys.GSI2PK, s(pk),
                    Keys.GSI2SK, s(Keys.paymentWindowSk(last.since(), last.orderId())),
                    Keys.PK, s(Keys.orderPk(last.orderId())), Keys.SK, s(Keys.PAYMENT_WINDOW_SK))));
        });
        boolean more = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty();
        return new Page(response.items().stream().map(PaymentWindowCodec::decodeEntry).toList(), more);
    }
}
