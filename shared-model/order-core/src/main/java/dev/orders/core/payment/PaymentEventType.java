package dev.orders.core.payment;

import java.util.Arrays;
import java.util.Optional;

/** The payment provider's event types this service acts on, by their wire names. */
public enum PaymentEventType {
    PAYMENT_SUCCEEDED("payment.succeeded"),
    PAYMENT_FAILED("payment.failed"),
    REFUND_SUCCEEDED("refund.succeeded"),
    /**
     * The payment's refunds so far, in all: a running total the provider keeps (Stripe's {@code charge.refunded}),
     * which counts only what the refunds already counted do not.
     */
    REFUNDED_IN_ALL("payment.refunded"),
    /** A refund the provider told of failed or was cancelled: its amount went back to the shop. */
    REFUND_FAILED("refund.failed"),
    /** The customer disputed the payment with their bank: its amount is withdrawn while the dispute lasts. */
    DISPUTE_OPENED("dispute.opened"),
    /** The dispute closed in the shop's favour: the amount withdrawn is returned. */
    DISPUTE_WON("dispute.won"),
    /** The dispute closed in the customer's favour: the amount withdrawn is taken back for good. */
    DISPUTE_LOST("dispute.lost");

    private final String wireName;

    PaymentEventType(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /**
     * A capture, a refund (or its failure) or a dispute: money the provider moved, so the event must name the
     * provider's payment.
     */
    public boolean movesMoney() {
        return this != PAYMENT_FAILED;
    }

    /** The closing of a dispute, won or lost. */
    public boolean closesADispute() {
        return this == DISPUTE_WON || this == DISPUTE_LOST;
    }

    /** Empty for a type this service does not know: such events are acknowledged, not refused. */
    public static Optional<PaymentEventType> of(String wireName) {
        return Arrays.stream(values()).filter(type -> type.wireName.equals(wireName)).findFirst();
    }
}
