package dev.orders.core.product;

/** Outcome of putting a product: the product as written, and whether it was new. */
public record ProductUpsert(Product product, boolean created) {
}
