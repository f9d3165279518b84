package dev.orders.functions.queryorders;

import dev.orders.http.support.FunctionJarContract;

/** The deployable jar (minimised by the shade plugin) serves every route; it lacks no class it refers to. */
class QueryOrdersJarIT extends FunctionJarContract {
    QueryOrdersJarIT() {
        super("query-orders", QueryOrdersFunction.class);
    }
}
