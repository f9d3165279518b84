package dev.orders.core.product;

import java.time.Instant;

/**
 * A product of the catalogue: what an order line takes its name and unit price from when it is added.
 * Lines keep what they took, so a later change of the product never changes an order.
 *
 * @param unitPrice minor units of {@code currency}
 * @param active    whether it may be ordered; an inactive product stays readable
 */
public record Product(String sku, String name, long unitPrice, String currency, boolean active, Instant createdAt,
                      Instant updatedAt) {
}
