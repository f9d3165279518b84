package dev.orders.core.order;

import dev.orders.core.money.Money;
import java.time.Instant;
import java.util.Optional;

/**
 * One order line with its own status. Quantity and price never change once written.
 *
 * @param reserved the units of its product's stock it reserved when it was added: its quantity where the stock
 *                 was tracked, else 0. Only what a line reserved is ever released or sold, so a product stocked
 *                 after the line was ordered never gets back units it never gave.
 */
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
        Instant updatedAt,
        long reserved) {

    public OrderLine {
        if (reserved != 0 && reserved != quantity) {
            throw new IllegalArgumentException("line " + itemId + " of " + quantity + " units reserved " + reserved);
        }
    }

    public long lineTotal() {
        return Money.lineTotal(quantity, unitPrice);
    }

    /** This line reserving its units, its product's stock being tracked. */
    public OrderLine reserving() {
        return new OrderLine(orderId, customerId, itemId, sku, name, quantity, unitPrice, itemStatus, createdAt,
                updatedAt, quantity);
    }

    /** This line in {@code status} since {@code at}. */
    public OrderLine moved(LineStatus status, Instant at) {
        return new OrderLine(orderId, customerId, itemId, sku, name, quantity, unitPrice, status, createdAt, at,
                reserved);
    }
}
