package dev.orders.application.port;

import dev.orders.core.product.Product;
import dev.orders.core.product.ProductDetails;
import dev.orders.core.product.ProductUpsert;
import dev.orders.core.product.Stock;
import java.util.Optional;

/** The product catalogue: what lines are priced from. */
public interface ProductStore {
    /** Creates or replaces a product; lines already ordered keep the name and price they took. */
    ProductUpsert upsert(ProductDetails details);

    /** One product with its stock, read consistently. */
    Optional<Product> find(String sku);

    /**
     * Writes {@code after} as the product's stock on the condition that it is still {@code before} (empty: not
     * tracked); false when another change of it came first (or the product is gone), and nothing was written.
     */
    boolean setStock(String sku, Optional<Stock> before, Stock after);
}
