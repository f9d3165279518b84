package dev.orders.core.product;

import java.time.Instant;
import java.util.Optional;

/**
 * A product of the catalogue: what an order line takes its name and unit price from when it is added.
 * Lines keep what they took, so a later change of the product never changes an order.
 *
 * @param unitPrice minor units of {@code currency}
 * @param active    whether it may be ordered; an inactive product stays readable
 * @param stock     its units, if its stock is tracked; empty: not tracked, never out of stock
 */
public record Product(String sku, String name, long unitPrice, String currency, boolean active, Instant createdAt,
                      Instant updatedAt, Optional<Stock> stock) {
    /** A product whose stock is not tracked. */
    public Product(String sku, String name, long unitPrice, String currency, boolean active, Instant createdAt,
                   Instant updatedAt) {
        this(sku, name, unitPrice, currency, active, createdAt, updatedAt, Optional.empty());
    }
}
