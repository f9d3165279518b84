package dev.orders.application.port;

import dev.orders.core.order.OrderItem;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentOutcome;
import java.time.Duration;

/**
 * The record that one request was processed, written with the change it made (or alone), so that of any
 * number of deliveries of the request exactly one makes the change. It stays for {@link #retention()}.
 */
public sealed interface ProcessedRequest {
    /** How long a client's idempotency key is remembered. */
    Duration KEY_RETENTION = Duration.ofHours(24);
    /** Longer than any provider retries a delivery. */
    Duration PAYMENT_EVENT_RETENTION = Duration.ofDays(30);

    Duration retention();

    /** An order created under a client's key, for the request of {@code fingerprint}. */
    record OrderCreated(IdempotencyKey key, String fingerprint, String orderId) implements ProcessedRequest {
        @Override
        public Duration retention() {
            return KEY_RETENTION;
        }
    }

    /** A line added under a client's key, for the request of {@code fingerprint}; the answer needs the line. */
    record LineAdded(IdempotencyKey key, String fingerprint, OrderItem line) implements ProcessedRequest {
        @Override
        public Duration retention() {
            return KEY_RETENTION;
        }
    }

    /** A provider's payment event, and what became of it. */
    record PaymentEventHandled(PaymentEvent event, PaymentOutcome outcome) implements ProcessedRequest {
        @Override
        public Duration retention() {
            return PAYMENT_EVENT_RETENTION;
        }
    }
}
