package dev.orders.core.payment;

import java.util.Arrays;
import java.util.Optional;

/** The payment provider's event types this service acts on, by their wire names. */
public enum PaymentEventType {
    PAYMENT_SUCCEEDED("payment.succeeded"),
    PAYMENT_FAILED("payment.failed"),
    REFUND_SUCCEEDED("refund.succeeded");

    private final String wireName;

    PaymentEventType(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** A capture or a refund: money the provider moved, so the event must name the provider's payment. */
    public boolean movesMoney() {
        return this != PAYMENT_FAILED;
    }

    /** Empty for a type this service does not know: such events are acknowledged, not refused. */
    public static Optional<PaymentEventType> of(String wireName) {
        return Arrays.stream(values()).filter(type -> type.wireName.equals(wireName)).findFirst();
    }
}
