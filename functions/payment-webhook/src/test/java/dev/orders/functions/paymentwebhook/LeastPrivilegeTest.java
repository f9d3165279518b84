package dev.orders.functions.paymentwebhook;

import dev.orders.http.support.ApiFunctionPolicyTest;

/** PaymentWebhookFunction's Policies in template.yaml grant exactly what this module's tests called (run after them). */
class LeastPrivilegeTest extends ApiFunctionPolicyTest {
    LeastPrivilegeTest() {
        super(PaymentWebhookFunction.class);
    }
}
