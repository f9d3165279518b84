package dev.orders.functions.productcatalog;

import dev.orders.http.support.FunctionJarContract;

/** The deployable jar (minimised by the shade plugin) serves every route; it lacks no class it refers to. */
class ProductCatalogJarIT extends FunctionJarContract {
    ProductCatalogJarIT() {
        super("product-catalog", ProductCatalogFunction.class);
    }
}
