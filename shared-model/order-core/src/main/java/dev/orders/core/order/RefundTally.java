package dev.orders.core.order;

/**
 * What the service counts of one payment's refunds: {@code refunded} in all, and of that what was told refund by
 * refund ({@code itemized}: each refund event of the provider, each refund an administrator records). A provider may
 * also tell of a payment's refunds as a running total (Stripe's {@code charge.refunded}), beside or instead of the
 * refunds one by one; counting the larger of the two keeps each refund counted once, whichever of its events arrive,
 * in whatever order.
 */
public record RefundTally(long refunded, long itemized) {
    public RefundTally {
        if (itemized < 0 || itemized > refunded) {
            throw new IllegalArgumentException(itemized + " of " + refunded + " refunded told refund by refund");
        }
    }

    /** Nothing refunded yet. */
    public static final RefundTally NONE = new RefundTally(0, 0);

    /** After one more refund of {@code amount}, told by itself: counted where the running total has not yet. */
    public RefundTally plusRefund(long amount) {
        long told = itemized + amount;
        return new RefundTally(Math.max(refunded, told), told);
    }

    /** After one more refund, told by itself, of all that is left of {@code captured}. */
    public RefundTally plusRefundOfRest(long captured) {
        return new RefundTally(captured, itemized + captured - refunded);
    }

    /** After the provider's running total of the payment's refunds, {@code total}: what it adds is counted. */
    public RefundTally withTotal(long total) {
        return new RefundTally(Math.max(refunded, total), itemized);
    }

    /** What this tally counts that {@code before} did not. */
    public long addedTo(RefundTally before) {
        return refunded - before.refunded;
    }
}
