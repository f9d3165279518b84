package dev.orders.dynamodb.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.feed.CursorCodec;
import dev.orders.core.feed.ListingOrder;
import dev.orders.core.feed.Page;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/** The requests the pager sends and the pages and cursors it makes of the answers (no engine: answers are given). */
class KeysetPagerTest {
    private final List<QueryRequest> asked = new ArrayList<>();
    private final Deque<QueryResponse> answers = new ArrayDeque<>();
    private final CursorCodec cursors = new CursorCodec("pager test secret 0123456789".getBytes(StandardCharsets.UTF_8));
    private final KeysetPager pager = new KeysetPager(new OrdersTable(new DynamoDbClient() {
        @Override
        public String serviceName() {
            return SERVICE_NAME;
        }

        @Override
        public void close() {
        }

        @Override
        public QueryResponse query(QueryRequest request) {
            asked.add(request);
            return answers.remove();
        }
    }, "orders"), cursors);
    private final KeysetPager.Listing listing = new KeysetPager.Listing("scope", row -> row.get("pos").s());

    private static KeysetPager.Partition partition(String pk) {
        return new KeysetPager.Partition(query -> query.keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", "PK"))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(pk))),
                position -> Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(position)));
    }

    private static Map<String, AttributeValue> row(String position) {
        return Map.of("pos", AttributeValue.fromS(position));
    }

    private void answer(boolean more, String... positions) {
        answers.add(QueryResponse.builder().items(Stream.of(positions).map(KeysetPagerTest::row).toList())
                .lastEvaluatedKey(more ? row(positions[positions.length - 1]) : Map.of()).build());
    }

    private static List<String> positions(Page<Map<String, AttributeValue>> page) {
        return page.items().stream().map(row -> row.get("pos").s()).toList();
    }

    @Test
    void aPageReadsOneRowMoreThanItKeepsAndContinuesAfterTheLastItKept() {
        answer(true, "p9", "p8", "p7");
        Page<Map<String, AttributeValue>> first = pager.page(listing, partition("A"), 2, Optional.empty());
        assertEquals(List.of("p9", "p8"), positions(first));
        assertEquals("p8", cursors.decode("scope", first.nextCursor().orElseThrow()));
        QueryRequest request = asked.get(0);
        assertEquals(3, request.limit());
        assertFalse(request.scanIndexForward());
        assertEquals("orders", request.tableName());
        assertEquals("#pk = :pk", request.keyConditionExpression());
        assertFalse(request.hasExclusiveStartKey());

        answer(false, "p7");
        Page<Map<String, AttributeValue>> last = pager.page(listing, partition("A"), 2, first.nextCursor());
        assertEquals(List.of("p7"), positions(last));
        assertEquals(Optional.empty(), last.nextCursor());
        assertEquals(Map.of("PK", AttributeValue.fromS("A"), "SK", AttributeValue.fromS("p8")),
                asked.get(1).exclusiveStartKey());
    }

    /** Oldest first: the Query reads forward, and merged partitions keep what is certainly in order from the low end. */
    @Test
    void anOldestFirstListingReadsForwardAndMergesFromTheOldest() {
        KeysetPager.Listing queue = new KeysetPager.Listing("scope", row -> row.get("pos").s(), ListingOrder.OLDEST_FIRST);
        answer(true, "p1", "p2");
        answer(false, "p5");
        Page<Map<String, AttributeValue>> first = pager.merged(queue, List.of(partition("A"), partition("B")), 3,
                Optional.empty());
        assertEquals(List.of("p1", "p2"), positions(first));
        assertTrue(asked.get(0).scanIndexForward());

        answer(false, "p3");
        assertEquals(List.of("p3"), positions(pager.page(queue, partition("A"), 3, first.nextCursor())));
        assertEquals(AttributeValue.fromS("p2"), asked.get(2).exclusiveStartKey().get("SK"));
    }

    @Test
    void aFullPageWithNothingBeyondItHasNoCursor() {
        answer(false, "p9", "p8");
        assertEquals(Optional.empty(), pager.page(listing, partition("A"), 2, Optional.empty()).nextCursor());
    }

    /** A's rows below p8 are not read yet, so B's p5 waits for the next page rather than skip them. */
    @Test
    void mergedPartitionsKeepOnlyRowsCertainlyInOrderAndOneCursorContinuesAll() {
        answer(true, "p9", "p8");
        answer(false, "p5");
        Page<Map<String, AttributeValue>> first = pager.merged(listing, List.of(partition("A"), partition("B")), 3,
                Optional.empty());
        assertEquals(List.of("p9", "p8"), positions(first));
        assertEquals("p8", cursors.decode("scope", first.nextCursor().orElseThrow()));
        assertEquals(List.of(4, 4), asked.stream().map(QueryRequest::limit).toList());

        answer(false, "p7");
        answer(false, "p5");
        Page<Map<String, AttributeValue>> last = pager.merged(listing, List.of(partition("A"), partition("B")), 3,
                first.nextCursor());
        assertEquals(List.of("p7", "p5"), positions(last));
        assertEquals(Optional.empty(), last.nextCursor());
        assertEquals(AttributeValue.fromS("B"), asked.get(3).exclusiveStartKey().get("PK"));
        assertEquals(AttributeValue.fromS("p8"), asked.get(3).exclusiveStartKey().get("SK"));
    }

    @Test
    void anEmptyListingHasNoCursor() {
        answer(false);
        Page<Map<String, AttributeValue>> page = pager.merged(listing, List.of(partition("A")), 3, Optional.empty());
        assertEquals(List.of(), page.items());
        assertEquals(Optional.empty(), page.nextCursor());
    }
}
