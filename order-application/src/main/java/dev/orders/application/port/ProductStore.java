package dev.orders.application.port;

import dev.orders.core.product.Product;
import dev.orders.core.product.ProductDetails;
import dev.orders.core.product.ProductUpsert;
import java.util.Optional;

/** The product catalogue: what lines are priced from. */
public interface ProductStore {
    /** Creates or replaces a product; lines already ordered keep the name and price they took. */
    ProductUpsert upsert(ProductDetails details);

    /** One product, read consistently. */
    Optional<Product> find(String sku);
}
