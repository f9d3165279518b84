package dev.orders.dynamodb.feed;

import static dev.orders.dynamodb.table.Attrs.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.feed.FeedRequest;
import dev.orders.core.feed.InvalidCursorException;
import dev.orders.core.feed.Page;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderSummary;
import dev.orders.core.order.Role;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

@ExtendWith(DynamoDbExtension.class)
class OrderFeedsTest {
    /** What every index holds of a root, besides the table's and the index's keys. */
    private static final Set<String> SUMMARY_ATTRIBUTES = Set.of("entityType", "orderId", "customerId", "status",
            "total", "currency", "itemCount", "createdAt");

    @Test
    void customerTimelinePagesNewestFirstWithoutDuplicatesOrGaps(TestTable table) {
        Fixture fx = new Fixture(table);
        List<String> mine = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            mine.add(0, fx.createOrder("c-1", "o-" + i, 100).order().orderId());
            fx.createOrder("c-2", "other-" + i, 100);
        }

        List<Page<OrderSummary>> pages = drain(request -> fx.feeds.customerTimeline("c-1", request), FeedRequest.first(3));

        assertEquals(mine, ids(pages));
        assertEquals(List.of(3, 3, 1), pages.stream().map(p -> p.items().size()).toList());
        assertTrue(pages.stream().flatMap(p -> p.items().stream()).allMatch(o -> o.customerId().equals("c-1")));
    }

    @Test
    void aFullLastPageHasNoCursorToAnEmptyPage(TestTable table) {
        Fixture fx = new Fixture(table);
        for (int i = 0; i < 4; i++) {
            fx.createOrder("c-1", "o-" + i, 100);
        }
        List<Page<OrderSummary>> pages = drain(request -> fx.feeds.customerTimeline("c-1", request), FeedRequest.first(2));
        assertEquals(List.of(2, 2), pages.stream().map(p -> p.items().size()).toList());
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 4})
    void statusFeedListsOneStatusAcrossCustomersTheSameForAnyShardCount(int shards, TestTable table) {
        Fixture fx = new Fixture(table, shards);
        List<String> paid = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String orderId = "o-" + i;
            fx.createOrder("c-" + (i % 3), orderId, 100);
            if (i % 4 != 0) {
                move(fx, "c-" + (i % 3), orderId, OrderStatus.PAID);
                paid.add(0, orderId);
            }
        }

        List<Page<OrderSummary>> pages = drain(request -> fx.feeds.statusFeed(OrderStatus.PAID, request), FeedRequest.first(2));

        assertEquals(paid, ids(pages));
        assertTrue(pages.stream().flatMap(p -> p.items().stream()).allMatch(o -> o.status() == OrderStatus.PAID));
        assertEquals(List.of("o-8", "o-4", "o-0"),
                ids(drain(request -> fx.feeds.statusFeed(OrderStatus.CREATED, request), FeedRequest.first(5))));
    }

    @ParameterizedTest(name = "{0} shard(s)")
    @ValueSource(ints = {1, 3})
    void recentOrdersMergeEveryStatusNewestFirstBehindOneCursor(int shards, TestTable table) {
        Fixture fx = new Fixture(table, shards);
        List<String> all = new ArrayList<>();
        OrderStatus[] targets = {OrderStatus.PAID, OrderStatus.CANCELLED, OrderStatus.AWAITING_PAYMENT};
        for (int i = 0; i < 10; i++) {
            String orderId = "o-" + i;
            fx.createOrder("c-" + (i % 2), orderId, 100);
            if (i % 4 != 3) {
                move(fx, "c-" + (i % 2), orderId, targets[i % 3]);
            }
            all.add(0, orderId);
        }

        List<Page<OrderSummary>> pages = drain(fx.feeds::recentOrders, FeedRequest.first(3));

        assertEquals(all, ids(pages));
        List<OrderSummary> listed = pages.stream().flatMap(p -> p.items().stream()).toList();
        assertEquals(listed.stream().sorted(Comparator.comparing(OrderSummary::createdAt).reversed()).toList(), listed);
    }

    @Test
    void customerStatusFeedListsOneCustomersOrdersInOneStatus(TestTable table) {
        Fixture fx = new Fixture(table);
        fx.createOrder("c-1", "a", 100);
        fx.createOrder("c-1", "b", 100);
        fx.createOrder("c-2", "c", 100);
        fx.createOrder("c-1", "d", 100);
        move(fx, "c-1", "a", OrderStatus.CANCELLED);
        move(fx, "c-2", "c", OrderStatus.CANCELLED);
        move(fx, "c-1", "d", OrderStatus.CANCELLED);

        assertEquals(List.of("d", "a"), ids(drain(
                request -> fx.feeds.customerStatusFeed("c-1", OrderStatus.CANCELLED, request), FeedRequest.first(1))));
        assertEquals(List.of("b"), ids(drain(
                request -> fx.feeds.customerStatusFeed("c-1", OrderStatus.CREATED, request), FeedRequest.first(10))));
    }

    @Test
    void dateRangeIncludesFromAndExcludesTo(TestTable table) {
        Fixture fx = new Fixture(table);
        List<Instant> created = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            created.add(fx.createOrder("c-1", "o-" + i, 100).order().createdAt());
        }
        FeedRequest range = new FeedRequest(10, Optional.of(created.get(1)), Optional.of(created.get(3)), Optional.empty());

        assertEquals(List.of("o-2", "o-1"), ids(drain(request -> fx.feeds.customerTimeline("c-1", request), range)));
        assertEquals(List.of("o-2", "o-1"), ids(drain(request -> fx.feeds.statusFeed(OrderStatus.CREATED, request), range)));
        FeedRequest fromOnly = new FeedRequest(10, Optional.of(created.get(3)), Optional.empty(), Optional.empty());
        assertEquals(List.of("o-4", "o-3"), ids(drain(request -> fx.feeds.customerTimeline("c-1", request), fromOnly)));
        FeedRequest toOnly = new FeedRequest(1, Optional.empty(), Optional.of(created.get(2)), Optional.empty());
        assertEquals(List.of("o-1", "o-0"), ids(drain(request -> fx.feeds.customerTimeline("c-1", request), toOnly)));
    }

    @Test
    void aCursorOnlyWorksForTheQueryThatIssuedIt(TestTable table) {
        Fixture fx = new Fixture(table);
        for (int i = 0; i < 3; i++) {
            fx.createOrder("c-1", "o-" + i, 100);
            fx.createOrder("c-2", "p-" + i, 100);
        }
        String cursor = fx.feeds.customerTimeline("c-1", FeedRequest.first(1)).nextCursor().orElseThrow();

        assertThrows(InvalidCursorException.class,
                () -> fx.feeds.customerTimeline("c-2", FeedRequest.first(1).next(cursor)));
        assertThrows(InvalidCursorException.class,
                () -> fx.feeds.statusFeed(OrderStatus.CREATED, FeedRequest.first(1).next(cursor)));
        assertThrows(InvalidCursorException.class, () -> fx.feeds.customerTimeline("c-1",
                new FeedRequest(1, Optional.of(Instant.EPOCH), Optional.empty(), Optional.of(cursor))));
        assertThrows(InvalidCursorException.class,
                () -> fx.feeds.customerTimeline("c-1", FeedRequest.first(1).next(cursor.substring(1))));
        assertEquals(1, fx.feeds.customerTimeline("c-1", FeedRequest.first(1).next(cursor)).items().size());
    }

    @Test
    void customersOfIdentityProvidersPageTheirOwnOrdersWithCursorsOfTheirOwn(TestTable table) {
        Fixture fx = new Fixture(table);
        String auth0 = "auth0|5f7c8ec7c33c6c004bbafe82";
        String nested = auth0 + "|x";
        for (int i = 0; i < 3; i++) {
            fx.createOrder(auth0, "o-" + i, 100);
            fx.createOrder(nested, "p-" + i, 100);
        }

        assertEquals(List.of("o-2", "o-1", "o-0"), ids(drain(request -> fx.feeds.customerTimeline(auth0, request),
                FeedRequest.first(1))));
        String cursor = fx.feeds.customerStatusFeed(auth0, OrderStatus.CREATED, FeedRequest.first(1)).nextCursor()
                .orElseThrow();
        assertThrows(InvalidCursorException.class, () -> fx.feeds.customerStatusFeed(nested, OrderStatus.CREATED,
                FeedRequest.first(1).next(cursor)));
        assertThrows(InvalidCursorException.class,
                () -> fx.feeds.customerTimeline(auth0, FeedRequest.first(1).next(cursor)));
    }

    @Test
    void anEntryOfEveryIndexIsTheSummaryWithoutVersionOrUpdatedAt(TestTable table) {
        Fixture fx = new Fixture(table);
        Order created = fx.createOrder("c-1", "o-1", 100, 250).order();
        move(fx, "c-1", "o-1", OrderStatus.CANCELLED);
        OrderSummary cancelled = new OrderSummary("o-1", "c-1", OrderStatus.CANCELLED, 350, "EUR", 2,
                created.createdAt());

        assertEquals(List.of(cancelled), fx.feeds.customerTimeline("c-1", FeedRequest.first(10)).items());
        assertEquals(List.of(cancelled), fx.feeds.statusFeed(OrderStatus.CANCELLED, FeedRequest.first(10)).items());
        assertEquals(List.of(cancelled),
                fx.feeds.customerStatusFeed("c-1", OrderStatus.CANCELLED, FeedRequest.first(10)).items());
        // The root has both; the indexes project neither, so a change that moves only them rewrites no entry.
        assertTrue(rootItem(fx, "o-1").keySet().containsAll(Set.of("version", "updatedAt")));
        assertEquals(entryAttributes(Keys.GSI1PK, Keys.GSI1SK), indexEntry(fx, Keys.CUSTOMER_TIMELINE_INDEX,
                Keys.GSI1PK, Keys.customerTimelinePk("c-1")).keySet());
        assertEquals(entryAttributes(Keys.GSI2PK, Keys.GSI2SK), indexEntry(fx, Keys.STATUS_FEED_INDEX, Keys.GSI2PK,
                Keys.statusFeedPk("CANCELLED", Keys.statusShard("o-1", fx.table.statusShards()))).keySet());
        assertEquals(entryAttributes(Keys.GSI3PK, Keys.GSI3SK), indexEntry(fx, Keys.CUSTOMER_STATUS_FEED_INDEX,
                Keys.GSI3PK, Keys.customerStatusFeedPk("c-1", "CANCELLED")).keySet());
    }

    @Test
    void feedRequestsAreValidated() {
        assertThrows(dev.orders.core.validation.ValidationException.class, () -> FeedRequest.first(0));
        assertThrows(dev.orders.core.validation.ValidationException.class, () -> FeedRequest.first(101));
        Instant t = Instant.parse("2026-01-01T00:00:00Z");
        assertThrows(dev.orders.core.validation.ValidationException.class,
                () -> new FeedRequest(10, Optional.of(t), Optional.of(t), Optional.empty()));
    }

    private static Set<String> entryAttributes(String indexPk, String indexSk) {
        Set<String> attributes = new HashSet<>(SUMMARY_ATTRIBUTES);
        attributes.addAll(List.of(Keys.PK, Keys.SK, indexPk, indexSk));
        return attributes;
    }

    /** The one entry of an index partition, as DynamoDB stores it. */
    private static Map<String, AttributeValue> indexEntry(Fixture fx, String index, String pkAttribute,
                                                          String partition) {
        List<Map<String, AttributeValue>> entries = fx.testTable.client().query(query -> query
                .tableName(fx.testTable.tableName()).indexName(index)
                .keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", pkAttribute))
                .expressionAttributeValues(Map.of(":pk", s(partition)))).items();
        assertEquals(1, entries.size(), index + " " + partition);
        return entries.get(0);
    }

    private static Map<String, AttributeValue> rootItem(Fixture fx, String orderId) {
        return fx.testTable.client().getItem(get -> get.tableName(fx.testTable.tableName()).consistentRead(true)
                .key(Map.of(Keys.PK, s(Keys.orderPk(orderId)), Keys.SK, s(Keys.ROOT_SK)))).item();
    }

    private static void move(Fixture fx, String customerId, String orderId, OrderStatus target) {
        fx.changeOrderStatus.change(new StatusChangeRequest(Optional.of(customerId), orderId, target, Role.ADMINISTRATOR, Optional.empty(),
                "ops", Optional.of("feed test")));
    }

    private static List<Page<OrderSummary>> drain(Function<FeedRequest, Page<OrderSummary>> feed, FeedRequest first) {
        List<Page<OrderSummary>> pages = new ArrayList<>();
        FeedRequest request = first;
        while (true) {
            Page<OrderSummary> page = feed.apply(request);
            pages.add(page);
            if (page.nextCursor().isEmpty() || pages.size() > 100) {
                return pages;
            }
            request = request.next(page.nextCursor().get());
        }
    }

    private static List<String> ids(List<Page<OrderSummary>> pages) {
        return pages.stream().flatMap(p -> p.items().stream()).map(OrderSummary::orderId).toList();
    }
}
