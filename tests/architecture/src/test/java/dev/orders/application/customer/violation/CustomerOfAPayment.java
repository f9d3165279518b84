package dev.orders.application.customer.violation;

import dev.orders.application.payment.violation.PaymentOfACustomer;

/** The customer's side of the cycle of {@link PaymentOfACustomer}. */
public final class CustomerOfAPayment {
    public PaymentOfACustomer payment() {
        return new PaymentOfACustomer();
    }
}
