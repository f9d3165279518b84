package dev.orders.application.payment;

import dev.orders.application.Round;
import dev.orders.application.Rounds;
import dev.orders.application.port.OrderStore;
import dev.orders.core.payment.EarlyRefunds;
import dev.orders.core.payment.PaymentRecords;
import dev.orders.core.time.Timestamps;
import java.time.Clock;
import java.util.Optional;

/**
 * Records the refunds that arrived before their capture and that the capture's own transaction could not hold
 * ({@link EarlyRefunds#followUp}), a step at a time, each conditioned on the order's version and on every refund's
 * row as read: of deliveries running them at once, each step commits once, and the others read again.
 */
record EarlyRefundFollowUps(OrderStore store, Clock clock, String actor) {
    /** Commits the follow-ups of order {@code orderId} until none is left; what its partition then holds. */
    PaymentRecords settle(String orderId) {
        while (true) {
            Optional<PaymentRecords> settled = Rounds.untilDecided("early refunds of order " + orderId,
                    () -> next(orderId));
            if (settled.isPresent()) {
                return settled.get();
            }
        }
    }

    /** One follow-up: the records once none is left, empty once one committed (each commits refunds: it ends). */
    private Round<Optional<PaymentRecords>> next(String orderId) {
        PaymentRecords records = store.findPayments(orderId);
        if (!records.linesAsCounted()) {
            // A line read as it was before a concurrent change: a refund that closes the order would release wrongly.
            return Round.raced();
        }
        Optional<EarlyRefunds.FollowUp> followUp = EarlyRefunds.followUp(records, Timestamps.truncate(clock.instant()));
        if (followUp.isEmpty()) {
            return Round.decided(Optional.of(records));
        }
        OrderStore.Commit commit = followUp.get() instanceof EarlyRefunds.FollowUp.OnOrder onOrder
                ? store.commit(onOrder.step(), actor, Optional.empty())
                : store.commitWithoutOrder(((EarlyRefunds.FollowUp.WithoutOrder) followUp.get()).rows(), Optional.empty());
        return commit instanceof OrderStore.Commit.Committed ? Round.decided(Optional.empty()) : Round.raced();
    }
}
