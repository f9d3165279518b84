package dev.orders.functions.customerprofile;

import dev.orders.http.support.FunctionJarContract;

/** The deployable jar (minimised by the shade plugin) serves every route; it lacks no class it refers to. */
class CustomerProfileJarIT extends FunctionJarContract {
    CustomerProfileJarIT() {
        super("customer-profile", CustomerProfileFunction.class);
    }
}
