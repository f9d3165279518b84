package dev.orders.application.customer.violation;

import dev.orders.application.query.violation.QueryOfACustomer;

/** The customer's side of the cycle of {@link QueryOfACustomer}. */
public final class CustomerOfAQuery {
    public QueryOfACustomer query() {
        return new QueryOfACustomer();
    }
}
