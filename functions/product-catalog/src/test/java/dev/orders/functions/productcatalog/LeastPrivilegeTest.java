package dev.orders.functions.productcatalog;

import dev.orders.http.support.ApiFunctionPolicyTest;

/** ProductCatalogFunction's Policies in template.yaml grant exactly what this module's tests called (run after them). */
class LeastPrivilegeTest extends ApiFunctionPolicyTest {
    LeastPrivilegeTest() {
        super(ProductCatalogFunction.class);
    }
}
