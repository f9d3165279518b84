package dev.orders.core.product;

import java.util.Optional;

/** Outcome of setting a product's units on hand. Only {@link Set} wrote anything. */
public sealed interface StockOutcome {
    /** The product's stock as written. */
    record Set(String sku, Stock stock) implements StockOutcome {
    }

    record ProductNotFound() implements StockOutcome {
    }

    /** The expected version is not the stock's ({@code currentVersion}; empty: the product has no stock yet). */
    record StaleVersion(Optional<Long> currentVersion) implements StockOutcome {
    }

    /** Fewer units on hand than open orders have reserved: release or ship those first. */
    record BelowReserved(long reserved) implements StockOutcome {
    }
}
