package dev.orders.core.order;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * How long an order may await payment (the template's {@code PaymentWindowMinutes}) before the system closes it:
 * the move {@link OrderStatus.Move#EXPIRE} by {@link Role#SYSTEM}, decided on the order as read like every other
 * move (still awaiting payment at the version read), releasing the stock its lines reserved as a cancellation does.
 * The window counts from when the order started to await payment, so a new length applies to every order waiting.
 */
public record PaymentWindow(Duration length) {
    /** Who closes an order whose window ended, as its log records it ({@code by}). */
    public static final String ACTOR = "system:payment-window";
    /** The shortest window: the sweep runs once a minute. */
    public static final Duration SHORTEST = Duration.ofMinutes(1);

    public PaymentWindow {
        if (length == null || length.compareTo(SHORTEST) < 0 || length.toSecondsPart() != 0 || length.toNanosPart() != 0) {
            throw new IllegalArgumentException("a payment window is a whole number of minutes, at least 1: " + length);
        }
    }

    public static PaymentWindow ofMinutes(long minutes) {
        return new PaymentWindow(Duration.ofMinutes(minutes));
    }

    /** Orders awaiting payment since before this instant have been waiting longer than the window at {@code now}. */
    public Instant cutoff(Instant now) {
        return now.minus(length);
    }

    /**
     * The system's request to close the order {@code awaiting} names, if its window has ended at {@code now}
     * (empty: not yet); the order as read then decides, as for every move.
     */
    public Optional<StatusChangeRequest> expiry(AwaitingPayment awaiting, Instant now) {
        if (awaiting.since().plus(length).isAfter(now)) {
            return Optional.empty();
        }
        return Optional.of(new StatusChangeRequest(Optional.empty(), awaiting.orderId(), OrderStatus.EXPIRED,
                Role.SYSTEM, Optional.empty(), ACTOR, Optional.of(reason())));
    }

    /** Why the system closed the order, as its event records it: {@code unpaid after 30 minutes}. */
    public String reason() {
        long minutes = length.toMinutes();
        return "unpaid after " + minutes + (minutes == 1 ? " minute" : " minutes");
    }
}
