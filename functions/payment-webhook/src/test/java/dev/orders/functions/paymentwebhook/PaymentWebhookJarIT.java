package dev.orders.functions.paymentwebhook;

import dev.orders.http.support.FunctionJarContract;

/**
 * The deployable jar (minimised by the shade plugin) answers every sample of events/payment-webhook/, signed at the
 * time of sending, on the table it names; it lacks no class it refers to.
 */
class PaymentWebhookJarIT extends FunctionJarContract {
    PaymentWebhookJarIT() {
        super("payment-webhook", PaymentWebhookFunction.class);
    }
}
