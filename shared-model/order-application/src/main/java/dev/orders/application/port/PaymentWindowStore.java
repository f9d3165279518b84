package dev.orders.application.port;

import dev.orders.core.order.AwaitingPayment;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The orders awaiting payment, by shard and oldest first: what the payment window's sweep reads, one Query per
 * page, never a scan. Eventually consistent: an entry may name an order that has moved on, which the order as read
 * then tells.
 */
public interface PaymentWindowStore {
    /** The shards the entries are spread over; each is read apart. */
    int shards();

    /**
     * Up to {@code limit} orders of {@code shard} awaiting payment since before {@code before}, oldest first,
     * starting after {@code after} (the last of the page before).
     */
    Page awaitingSince(int shard, Instant before, Optional<AwaitingPayment> after, int limit);

    /** A page of entries; {@code more} when the shard may hold more before the bound. */
    record Page(List<AwaitingPayment> entries, boolean more) {
        public Page {
            entries = List.copyOf(entries);
        }
    }
}
