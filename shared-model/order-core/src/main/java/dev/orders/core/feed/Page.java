package dev.orders.core.feed;

import java.util.List;
import java.util.Optional;

/** One page of a newest-first listing; {@code nextCursor} is present only when more items exist. */
public record Page<T>(List<T> items, Optional<String> nextCursor) {
    public Page {
        items = List.copyOf(items);
    }
}
