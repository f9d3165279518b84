package dev.orders.dynamodb.feed;

import static dev.orders.dynamodb.table.Attrs.s;

import dev.orders.application.query.OrderFeedQueries;
import dev.orders.core.feed.CursorCodec;
import dev.orders.core.feed.FeedRequest;
import dev.orders.core.feed.Page;
import dev.orders.core.order.Ids;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderSummary;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.order.OrderCodec;
import dev.orders.dynamodb.table.OrdersTable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The three order feeds, newest first, over the sparse GSIs. A feed reads one index partition, or
 * several (status shards; all statuses) merged by sort key; either way one cursor carries the position.
 * Each partition is read with one Query per page, starting after the cursor's position (keyset).
 * Entries are {@link OrderSummary summaries}: the indexes project no version or updatedAt.
 */
public record OrderFeeds(OrdersTable table, CursorCodec cursors) implements OrderFeedQueries {
    /** One customer's orders (GSI1). */
    @Override
    public Page<OrderSummary> customerTimeline(String customerId, FeedRequest request) {
        Ids.customerId(customerId);
        return read(new Feed(Keys.CUSTOMER_TIMELINE_INDEX, Keys.GSI1PK, Keys.GSI1SK,
                List.of(Keys.customerTimelinePk(customerId)), List.of("timeline", customerId)), request);
    }

    /** One customer's orders in one status (GSI3). */
    @Override
    public Page<OrderSummary> customerStatusFeed(String customerId, OrderStatus status, FeedRequest request) {
        Ids.customerId(customerId);
        return read(new Feed(Keys.CUSTOMER_STATUS_FEED_INDEX, Keys.GSI3PK, Keys.GSI3SK,
                List.of(Keys.customerStatusFeedPk(customerId, status.name())),
                List.of("customer-status", customerId, status.name())), request);
    }

    /** All customers' orders in one status (GSI2, fanned out over its shards). */
    @Override
    public Page<OrderSummary> statusFeed(OrderStatus status, FeedRequest request) {
        return read(new Feed(Keys.STATUS_FEED_INDEX, Keys.GSI2PK, Keys.GSI2SK, statusPartitions(status),
                List.of("status", status.name())), request);
    }

    /** The most recent orders in any status (GSI2, fanned out over every status and shard). */
    @Override
    public Page<OrderSummary> recentOrders(FeedRequest request) {
        List<String> partitions = new ArrayList<>();
        for (OrderStatus status : OrderStatus.values()) {
            partitions.addAll(statusPartitions(status));
        }
        return read(new Feed(Keys.STATUS_FEED_INDEX, Keys.GSI2PK, Keys.GSI2SK, partitions, List.of("recent")), request);
    }

    private List<String> statusPartitions(OrderStatus status) {
        return IntStream.range(0, table.statusShards())
                .mapToObj(shard -> Keys.statusFeedPk(status.name(), shard)).toList();
    }

    /** {@code query}: which feed, for whom; with the time range, the scope its cursors are bound to. */
    private record Feed(String index, String pkAttribute, String skAttribute, List<String> partitions,
                        List<String> query) {
        String scope(FeedRequest request) {
            List<String> parts = new ArrayList<>(query);
            parts.add(request.from().map(Keys::feedBound).orElse(""));
            parts.add(request.to().map(Keys::feedBound).orElse(""));
            return CursorCodec.scope(parts);
        }
    }

    /** What one partition gave: rows newest first, and whether it has nothing more in range. */
    private record PartitionRead(List<Map<String, AttributeValue>> rows, boolean exhausted) {
    }

    private Page<OrderSummary> read(Feed feed, FeedRequest request) {
        String scope = feed.scope(request);
        Optional<String> after = request.cursor().map(cursor -> cursors.decode(scope, cursor));
        List<PartitionRead> reads = feed.partitions().stream()
                .map(partition -> readPartition(feed, partition, request, after)).toList();

        Comparator<Map<String, AttributeValue>> newestFirst =
                Comparator.comparing((Map<String, AttributeValue> row) -> row.get(feed.skAttribute()).s()).reversed();
        List<Map<String, AttributeValue>> merged = reads.stream().flatMap(r -> r.rows().stream())
                .sorted(newestFirst).toList();
        // A partition that stopped early may hold rows older than its last one; only rows at or above
        // the highest such stop are certainly in order.
        Optional<String> safeDownTo = reads.stream().filter(r -> !r.exhausted() && !r.rows().isEmpty())
                .map(r -> r.rows().get(r.rows().size() - 1).get(feed.skAttribute()).s())
                .max(Comparator.naturalOrder());
        List<Map<String, AttributeValue>> safe = safeDownTo
                .map(bound -> merged.stream().filter(row -> row.get(feed.skAttribute()).s().compareTo(bound) >= 0)
                        .toList())
                .orElse(merged);
        List<Map<String, AttributeValue>> page = safe.subList(0, Math.min(request.limit(), safe.size()));
        boolean more = page.size() < merged.size() || reads.stream().anyMatch(r -> !r.exhausted());
        Optional<String> next = more && !page.isEmpty()
                ? Optional.of(cursors.encode(scope, page.get(page.size() - 1).get(feed.skAttribute()).s()))
                : Optional.empty();
        return new Page<>(page.stream().map(OrderCodec::decodeSummary).toList(), next);
    }

    private PartitionRead readPartition(Feed feed, String partition, FeedRequest request, Optional<String> after) {
        Map<String, String> names = new HashMap<>(Map.of("#pk", feed.pkAttribute()));
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":pk", s(partition)));
        String condition = keyCondition(feed, request, names, values);
        QueryResponse response = table.query(query -> {
            query.indexName(feed.index())
                    .keyConditionExpression(condition)
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(values)
                    .scanIndexForward(false)
                    .limit(request.limit() + 1);
            after.ifPresent(position -> query.exclusiveStartKey(startAfter(feed, partition, position)));
        });
        return new PartitionRead(response.items(), !response.hasLastEvaluatedKey()
                || response.lastEvaluatedKey().isEmpty());
    }

    /** The partition condition with the request's time range; fills in its names and values. */
    private static String keyCondition(Feed feed, FeedRequest request, Map<String, String> names,
                                       Map<String, AttributeValue> values) {
        Optional<String> from = request.from().map(Keys::feedBound);
        Optional<String> to = request.to().map(Keys::feedBound);
        if (from.isEmpty() && to.isEmpty()) {
            return "#pk = :pk";
        }
        names.put("#sk", feed.skAttribute());
        from.ifPresent(bound -> values.put(":from", s(bound)));
        to.ifPresent(bound -> values.put(":to", s(bound)));
        // A bare time bound sorts before every key of its millisecond: BETWEEN excludes "to" itself.
        return "#pk = :pk" + (from.isPresent() && to.isPresent() ? " AND #sk BETWEEN :from AND :to"
                : from.isPresent() ? " AND #sk >= :from" : " AND #sk < :to");
    }

    /** The index key of the position; the table key is derived from the order id it ends with. */
    private static Map<String, AttributeValue> startAfter(Feed feed, String partition, String position) {
        String orderId = Keys.orderIdOfFeedSk(position);
        return Map.of(feed.pkAttribute(), s(partition), feed.skAttribute(), s(position),
                Keys.PK, s(Keys.orderPk(orderId)), Keys.SK, s(Keys.ROOT_SK));
    }
}
