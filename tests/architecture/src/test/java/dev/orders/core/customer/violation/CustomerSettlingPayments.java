package dev.orders.core.customer.violation;

import dev.orders.core.payment.PaymentEvent;

/** A deliberate violation for ArchitectureRulesViolationTest: a customer feature using the payments' events. */
public final class CustomerSettlingPayments {
    public String settle(PaymentEvent event) {
        return event.toString();
    }
}
