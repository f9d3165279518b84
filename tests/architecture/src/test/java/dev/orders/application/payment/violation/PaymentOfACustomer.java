package dev.orders.application.payment.violation;

import dev.orders.application.customer.violation.CustomerOfAPayment;

/** A deliberate violation for ArchitectureRulesViolationTest: the payments' and the customer's use cases in a cycle. */
public final class PaymentOfACustomer {
    public CustomerOfAPayment customer() {
        return new CustomerOfAPayment();
    }
}
