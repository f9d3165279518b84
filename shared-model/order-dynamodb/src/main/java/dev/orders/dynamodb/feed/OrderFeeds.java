package dev.orders.dynamodb.feed;

import static dev.orders.dynamodb.table.Attrs.s;

import dev.orders.application.port.OrderFeedStore;
import dev.orders.core.feed.CursorCodec;
import dev.orders.core.feed.FeedRequest;
import dev.orders.core.feed.Page;
import dev.orders.core.order.Ids;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderSummary;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.order.OrderCodec;
import dev.orders.dynamodb.table.KeysetPager;
import dev.orders.dynamodb.table.OrdersTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The three order feeds, newest first, over the sparse GSIs. A feed reads one index partition, or
 * several (status shards; all statuses) merged by sort key; either way one cursor carries the position.
 * Each partition is read with one Query per page, starting after the cursor's position ({@link KeysetPager}).
 * Entries are {@link OrderSummary summaries}: the indexes project no version or updatedAt.
 */
public record OrderFeeds(OrdersTable table, CursorCodec cursors) implements OrderFeedStore {
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

    private Page<OrderSummary> read(Feed feed, FeedRequest request) {
        KeysetPager.Listing listing = new KeysetPager.Listing(feed.scope(request),
                row -> row.get(feed.skAttribute()).s());
        List<KeysetPager.Partition> partitions = feed.partitions().stream()
                .map(partition -> partition(feed, partition, request)).toList();
        Page<Map<String, AttributeValue>> page = new KeysetPager(table, cursors)
                .merged(listing, partitions, request.limit(), request.cursor());
        return new Page<>(page.items().stream().map(OrderCodec::decodeSummary).toList(), page.nextCursor());
    }

    private static KeysetPager.Partition partition(Feed feed, String partition, FeedRequest request) {
        Map<String, String> names = new HashMap<>(Map.of("#pk", feed.pkAttribute()));
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":pk", s(partition)));
        String condition = keyCondition(feed, request, names, values);
        return new KeysetPager.Partition(query -> query.indexName(feed.index())
                .keyConditionExpression(condition)
                .expressionAttributeNames(names)
                .expressionAttributeValues(values),
                position -> startAfter(feed, partition, position));
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
