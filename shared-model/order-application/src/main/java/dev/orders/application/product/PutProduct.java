package dev.orders.application.product;

import dev.orders.application.port.ProductStore;
import dev.orders.core.product.ProductDetails;
import dev.orders.core.product.ProductUpsert;

/** An administrator puts a product in the catalogue; lines already ordered keep the name and price they took. */
public record PutProduct(ProductStore store) {
    public ProductUpsert put(ProductDetails details) {
        return store.upsert(details);
    }
}
