package dev.orders.dynamodb.table;

import dev.orders.core.feed.CursorCodec;
import dev.orders.core.feed.ListingOrder;
import dev.orders.core.feed.Page;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Keyset paging, newest or oldest first as the listing says: each partition is read with one Query of up to limit + 1 rows, starting
 * after the position the cursor holds; the page keeps at most limit rows, and the cursor the last one's
 * position, encrypted and bound to the listing's scope ({@link CursorCodec}).
 */
public record KeysetPager(OrdersTable table, CursorCodec cursors) {
    /**
     * A listing: the scope its cursors are bound to (which query, for whom), a row's position, what a cursor holds
     * of it (positions must sort as the index's sort key does), and which end comes first.
     */
    public record Listing(String scope, Function<Map<String, AttributeValue>, String> position, ListingOrder order) {
        /** A listing newest first, as every feed is. */
        public Listing(String scope, Function<Map<String, AttributeValue>, String> position) {
            this(scope, position, ListingOrder.NEWEST_FIRST);
        }

        private Comparator<Map<String, AttributeValue>> firstToLast() {
            Comparator<Map<String, AttributeValue>> ascending = Comparator.comparing(position);
            return order == ListingOrder.OLDEST_FIRST ? ascending : ascending.reversed();
        }
    }

    /**
     * One partition of a listing: {@code query} sets all of its Query but the order, Limit and start key;
     * {@code startAfter} is the full key (table and index) of a position.
     */
    public record Partition(Consumer<QueryRequest.Builder> query,
                            Function<String, Map<String, AttributeValue>> startAfter) {
    }

    /** A page of a listing of one partition; a cursor only when a row was read beyond it. */
    public Page<Map<String, AttributeValue>> page(Listing listing, Partition partition, int limit,
                                                  Optional<String> cursor) {
        List<Map<String, AttributeValue>> rows = read(listing, partition, limit, after(listing, cursor)).items();
        List<Map<String, AttributeValue>> page = rows.subList(0, Math.min(limit, rows.size()));
        return new Page<>(page, rows.size() > limit ? next(listing, page) : Optional.empty());
    }

    /**
     * A page of a listing of several partitions (one cursor for all), their rows merged by position in the
     * listing's order; a cursor when any partition may hold more.
     */
    public Page<Map<String, AttributeValue>> merged(Listing listing, List<Partition> partitions, int limit,
                                                    Optional<String> cursor) {
        Optional<String> after = after(listing, cursor);
        List<PartitionRead> reads = partitions.stream().map(partition -> {
            QueryResponse response = read(listing, partition, limit, after);
            return new PartitionRead(response.items(), !response.hasLastEvaluatedKey()
                    || response.lastEvaluatedKey().isEmpty());
        }).toList();
        Comparator<Map<String, AttributeValue>> firstToLast = listing.firstToLast();
        List<Map<String, AttributeValue>> merged = reads.stream().flatMap(r -> r.rows().stream())
                .sorted(firstToLast).toList();
        // A partition that stopped early may hold rows that come after its last one; only rows up to the
        // earliest such stop are certainly in order.
        Optional<Map<String, AttributeValue>> safeUpTo = reads.stream().filter(r -> !r.exhausted() && !r.rows().isEmpty())
                .map(r -> r.rows().get(r.rows().size() - 1))
                .min(firstToLast);
        List<Map<String, AttributeValue>> safe = safeUpTo
                .map(bound -> merged.stream().filter(row -> firstToLast.compare(row, bound) <= 0).toList())
                .orElse(merged);
        List<Map<String, AttributeValue>> page = safe.subList(0, Math.min(limit, safe.size()));
        boolean more = page.size() < merged.size() || reads.stream().anyMatch(r -> !r.exhausted());
        return new Page<>(page, more && !page.isEmpty() ? next(listing, page) : Optional.empty());
    }

    /** What one partition gave: rows in the listing's order, and whether it has nothing more in range. */
    private record PartitionRead(List<Map<String, AttributeValue>> rows, boolean exhausted) {
    }

    private Optional<String> after(Listing listing, Optional<String> cursor) {
        return cursor.map(c -> cursors.decode(listing.scope(), c));
    }

    private QueryResponse read(Listing listing, Partition partition, int limit, Optional<String> after) {
        return table.query(query -> {
            partition.query().accept(query);
            query.scanIndexForward(listing.order() == ListingOrder.OLDEST_FIRST).limit(limit + 1);
            after.ifPresent(position -> query.exclusiveStartKey(partition.startAfter().apply(position)));
        });
    }

    private Optional<String> next(Listing listing, List<Map<String, AttributeValue>> page) {
        return Optional.of(cursors.encode(listing.scope(), listing.position().apply(page.get(page.size() - 1))));
    }
}
