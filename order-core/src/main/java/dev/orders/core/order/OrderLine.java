package dev.orders.core.order;

import dev.orders.core.money.Money;
import java.time.Instant;
import java.util.Optional;

/** One order line with its own status. Quantity and price never change once written. */
public record OrderLine(
        String orderId,
        String customerId,
        String itemId,
        String sku,
        Optional<String> name,
        long quantity,
        long unitPrice,
        LineStatus itemStatus,
        Instant createdAt,
        Instant updatedAt) {

    public long lineTotal() {
        return Money.lineTotal(quantity, unitPrice);
    }
}
