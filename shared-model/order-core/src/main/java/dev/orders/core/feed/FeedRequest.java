package dev.orders.core.feed;

import dev.orders.core.time.Timestamps;
import dev.orders.core.validation.ValidationException;
import java.time.Instant;
import java.util.Optional;

/**
 * A page request for a newest-first listing: at most {@code limit} items, created at or after
 * {@code from} (inclusive) and before {@code to} (exclusive), after the position of {@code cursor}.
 */
public record FeedRequest(int limit, Optional<Instant> from, Optional<Instant> to, Optional<String> cursor) {
    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;

    public FeedRequest {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new ValidationException("limit", "must be between 1 and " + MAX_LIMIT);
        }
        from.ifPresent(bound -> sortable("from", bound));
        to.ifPresent(bound -> sortable("to", bound));
        if (from.isPresent() && to.isPresent() && !from.get().isBefore(to.get())) {
            throw new ValidationException("to", "must be after from");
        }
    }

    /** A bound becomes text in a sort key condition, which compares as time only within the sortable years. */
    private static void sortable(String field, Instant bound) {
        if (!Timestamps.sortable(bound)) {
            throw new ValidationException(field, "must be from " + Timestamps.EARLIEST + " to " + Timestamps.LATEST);
        }
    }

    public static FeedRequest first(int limit) {
        return new FeedRequest(limit, Optional.empty(), Optional.empty(), Optional.empty());
    }

    public FeedRequest next(String nextCursor) {
        return new FeedRequest(limit, from, to, Optional.of(nextCursor));
    }
}
