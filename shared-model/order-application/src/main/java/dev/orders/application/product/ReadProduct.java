package dev.orders.application.product;

import dev.orders.application.port.ProductStore;
import dev.orders.core.product.Product;
import java.util.Optional;

/** Any caller reads a product of the catalogue, consistently. */
public record ReadProduct(ProductStore store) {
    public Optional<Product> read(String sku) {
        return store.find(sku);
    }
}
