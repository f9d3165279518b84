package dev.orders.core.order;

/**
 * Why the order could not take money the payment provider moved. The provider is told 200 all the same
 * (it holds the money, and retrying would not change that); the order records the issue for a person.
 */
public enum PaymentIssueKind {
    /** A capture of another amount or currency than the order's total. */
    AMOUNT_MISMATCH,
    /** A capture for an order that was cancelled. */
    CAPTURE_AFTER_CANCEL,
    /** A capture for an order the system closed after its payment window ended unpaid. */
    CAPTURE_AFTER_EXPIRY,
    /** A capture for an order an administrator holds for review: a person decides, as the review does. */
    CAPTURE_ON_HOLD,
    /** A capture for an order without lines: there is nothing to pay for (its total is 0). */
    EMPTY_ORDER,
    /** A second capture (another provider event) for an order already paid. */
    DUPLICATE_CAPTURE,
    /** A refund above what was captured and not yet refunded (of the order's payment, or of an issue's). */
    OVER_REFUND,
    /** A refund of a payment that is neither the order's nor one recorded in an issue of it. */
    UNMATCHED_REFUND,
    /**
     * A payment's refunds in all (the provider's running total) of a payment that is neither the order's nor one
     * recorded in an issue of it: no capture takes a total, so a person compares it with the provider's records.
     */
    UNMATCHED_REFUND_TOTAL,
    /**
     * A refund the order or an issue counted that failed or was cancelled at the provider: its amount went back to
     * the shop, not the customer, and a person decides (refund again, or record it).
     */
    REFUND_FAILED,
    /** A capture or refund naming an order that does not exist. */
    UNKNOWN_ORDER,
    /**
     * A dispute of the order's payment (a chargeback): its amount is withdrawn while the dispute lasts, and the
     * dispute's closing, won or lost, resolves the issue saying which.
     */
    DISPUTE
}
