package dev.orders.application.query.violation;

import dev.orders.application.customer.violation.CustomerOfAQuery;

/** A deliberate violation for ArchitectureRulesViolationTest: the reads and the customer's use cases in a cycle. */
public final class QueryOfACustomer {
    public CustomerOfAQuery customer() {
        return new CustomerOfAQuery();
    }
}
