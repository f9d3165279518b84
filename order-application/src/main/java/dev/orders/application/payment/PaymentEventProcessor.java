package dev.orders.application.payment;

import dev.orders.application.Round;
import dev.orders.application.Rounds;
import dev.orders.application.port.OrderStore;
import dev.orders.application.port.ProcessedRequest;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderStep;
import dev.orders.core.payment.PaymentDecision;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.core.payment.PaymentReceipt;
import dev.orders.core.time.Timestamps;
import java.time.Clock;
import java.util.Optional;

/**
 * Applies payment events exactly once. Each event gets a processed record: in the same transaction as
 * the order's change when the event changes the order (a capture, a refund, a failed attempt, a payment
 * issue), alone when it is only acknowledged. Of any number of deliveries of one event, even concurrent
 * ones, exactly one writes the record, so the order changes once and has one event for it.
 */
public record PaymentEventProcessor(OrderStore store, Clock clock) {
    /** Actor of the events the webhook writes. */
    public static final String ACTOR = "webhook:payments";

    public PaymentReceipt process(PaymentEvent event) {
        return Rounds.untilDecided("payment event " + event.id(), () -> attempt(event));
    }

    /** One read-decide-write round; raced when the order changed between the read and the write. */
    private Round<PaymentReceipt> attempt(PaymentEvent event) {
        Optional<Order> order = store.findRoot(event.orderId());
        PaymentDecision decision = PaymentDecision.decide(event, order, Timestamps.truncate(clock.instant()));
        if (decision instanceof PaymentDecision.Acknowledge acknowledge) {
            boolean first = store.recordAlone(new ProcessedRequest.PaymentEventHandled(event, acknowledge.outcome()));
            return Round.decided(PaymentReceipt.of(event.id(), first ? acknowledge.outcome() : PaymentOutcome.DUPLICATE));
        }
        if (decision instanceof PaymentDecision.RecordIssue issue) {
            OrderStore.Commit commit = commit(issue.step(), event, PaymentOutcome.PAYMENT_ISSUE);
            if (commit instanceof OrderStore.Commit.Committed) {
                return Round.decided(new PaymentReceipt(event.id(), PaymentOutcome.PAYMENT_ISSUE,
                        Optional.of(issue.issue().kind())));
            }
            // The issue row outlives the processed record: either one says this event was recorded.
            return commit instanceof OrderStore.Commit.RootChanged ? Round.raced()
                    : Round.decided(PaymentReceipt.of(event.id(), PaymentOutcome.DUPLICATE));
        }
        OrderStore.Commit commit = commit(((PaymentDecision.Apply) decision).step(), event, PaymentOutcome.APPLIED);
        if (commit instanceof OrderStore.Commit.Committed) {
            return Round.decided(PaymentReceipt.of(event.id(), PaymentOutcome.APPLIED));
        }
        if (commit instanceof OrderStore.Commit.AlreadyProcessed) {
            return Round.decided(PaymentReceipt.of(event.id(), PaymentOutcome.DUPLICATE));
        }
        // The order moved since it was read: decide again on what it is now.
        return Round.raced();
    }

    private OrderStore.Commit commit(OrderStep step, PaymentEvent event, PaymentOutcome outcome) {
        return store.commit(step, ACTOR, Optional.of(new ProcessedRequest.PaymentEventHandled(event, outcome)));
    }
}
