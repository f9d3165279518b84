package dev.orders.dynamodb.table;

import dev.orders.core.feed.CursorCodec;
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
 * Keyset paging, newest first: each partition is read with one Query of up to limit + 1 rows, starting
 * after the position the cursor holds; the page keeps at most limit rows, and the cursor the last one's
 * position, encrypted and bound to the listing's scope ({@link CursorCodec}).
 */
public record KeysetPager(OrdersTable table, CursorCodec cursors) {
    /**
     * A listing: the scope its cursors are bound to (which query, for whom), and a row's position, what a
     * cursor holds of it; positions must sort as the index's sort key does.
     */
    public record Listing(String scope, Function<Map<String, AttributeValue>, String> position) {
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
        List<Map<String, AttributeValue>> rows = read(partition, limit, after(listing, cursor)).items();
        List<Map<String, AttributeValue>> page = rows.subList(0, Math.min(limit, rows.size()));
        return new Page<>(page, rows.size() > limit ? next(listing, page) : Optional.empty());
    }

    /**
     * A page of a listing of several partitions (one cursor for all), their rows merged by position,
     * newest first; a cursor when any partition may hold more.
     */
    public Page<Map<String, AttributeValue>> merged(Listing listing, List<Partition> partitions, int limit,
                                                    Optional<String> cursor) {
        Optional<String> after = after(listing, cursor);
        List<PartitionRead> reads = partitions.stream().map(partition -> {
            QueryResponse response = read(partition, limit, after);
            return new PartitionRead(response.items(), !response.hasLastEvaluatedKey()
                    || response.lastEvaluatedKey().isEmpty());
        }).toList();
        Comparator<Map<String, AttributeValue>> newestFirst = Comparator.comparing(listing.position()).reversed();
        List<Map<String, AttributeValue>> merged = reads.stream().flatMap(r -> r.rows().stream())
                .sorted(newestFirst).toList();
        // A partition that stopped early may hold rows older than its last one; only rows at or above
        // the highest such stop are certainly in order.
        Optional<String> safeDownTo = reads.stream().filter(r -> !r.exhausted() && !r.rows().isEmpty())
                .map(r -> listing.position().apply(r.rows().get(r.rows().size() - 1)))
                .max(Comparator.naturalOrder());
        List<Map<String, AttributeValue>> safe = safeDownTo
                .map(bound -> merged.stream().filter(row -> listing.position().apply(row).compareTo(bound) >= 0)
                        .toList())
                .orElse(merged);
        List<Map<String, AttributeValue>> page = safe.subList(0, Math.min(limit, safe.size()));
        boolean more = page.size() < merged.size() || reads.stream().anyMatch(r -> !r.exhausted());
        return new Page<>(page, more && !page.isEmpty() ? next(listing, page) : Optional.empty());
    }

    /** What one partition gave: rows newest first, and whether it has nothing more in range. */
    private record PartitionRead(List<Map<String, AttributeValue>> rows, boolean exhausted) {
    }

    private Optional<String> after(Listing listing, Optional<String> cursor) {
        return cursor.map(c -> cursors.decode(listing.scope(), c));
    }

    private QueryResponse read(Partition partition, int limit, Optional<String> after) {
        return table.query(query -> {
            partition.query().accept(query);
            query.scanIndexForward(false).limit(limit + 1);
            after.ifPresent(position -> query.exclusiveStartKey(partition.startAfter().apply(position)));
        });
    }

    private Optional<String> next(Listing listing, List<Map<String, AttributeValue>> page) {
        return Optional.of(cursors.encode(listing.scope(), listing.position().apply(page.get(page.size() - 1))));
    }
}
