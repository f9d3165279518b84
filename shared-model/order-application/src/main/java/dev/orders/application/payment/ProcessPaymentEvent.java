package dev.orders.application.payment;

import dev.orders.application.Round;
import dev.orders.application.Rounds;
import dev.orders.application.port.OrderStore;
import dev.orders.application.port.ProcessedRequest;
import dev.orders.core.order.OrderStep;
import dev.orders.core.payment.EarlyRefunds;
import dev.orders.core.payment.PaymentDecision;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.core.payment.PaymentEventOutcome;
import dev.orders.core.payment.PaymentRecords;
import dev.orders.core.time.Timestamps;
import java.time.Clock;
import java.util.Optional;

/**
 * Applies payment events exactly once. Each event gets a processed record: in the same transaction as
 * the order's change when the event changes the order (a capture, a refund, a failed attempt, a payment
 * issue), alone when it is only acknowledged. Of any number of deliveries of one event, even concurrent
 * ones, exactly one writes the record, so the order changes once and has one event for it. Refunds that arrived
 * before their capture and did not fit in its transaction are recorded by follow-up steps before the capture is
 * answered; a delivery that finds some left (the one before it died midway) records them before deciding its own
 * event, so none is stranded and every later event of the order comes after them.
 */
public record ProcessPaymentEvent(OrderStore store, Clock clock, String actor) {
    /** Actor of the events the neutral webhook writes. */
    public static final String ACTOR = "webhook:payments";
    /** Actor of the events Stripe's webhook writes. */
    public static final String STRIPE_ACTOR = "webhook:stripe";

    public PaymentEventOutcome process(PaymentEvent event) {
        return Rounds.untilDecided("payment event " + event.id(), () -> attempt(event));
    }

    /**
     * {@code event} of a provider that names only the payment (a refund at Stripe): for the order that took the
     * payment; where none did, for the payment's own id, as money for no order, recorded and never dropped.
     */
    public PaymentEventOutcome processForItsPayment(PaymentEvent event) {
        return process(store.findOrderOfPayment(event.paymentId().orElseThrow()).map(event::forOrder).orElse(event));
    }

    /** One read-decide-write round; raced when what it read changed before the write. */
    private Round<PaymentEventOutcome> attempt(PaymentEvent event) {
        EarlyRefundFollowUps followUps = new EarlyRefundFollowUps(store, clock, actor);
        PaymentRecords records = followUps.settle(event.orderId());
        Round<PaymentEventOutcome> round = decideAndWrite(event, records);
        if (round instanceof Round.Decided<PaymentEventOutcome> && EarlyRefunds.mayFollow(event, records)) {
            followUps.settle(event.orderId());
        }
        return round;
    }

    private Round<PaymentEventOutcome> decideAndWrite(PaymentEvent event, PaymentRecords records) {
        PaymentDecision decision = PaymentDecision.decide(event, records, actor, Timestamps.truncate(clock.instant()));
        if (decision instanceof PaymentDecision.Acknowledge acknowledge) {
            boolean first = store.recordAlone(new ProcessedRequest.PaymentEventHandled(event, acknowledge.outcome()));
            return Round.decided(PaymentEventOutcome.of(event.id(), first ? acknowledge.outcome() : PaymentOutcome.DUPLICATE));
        }
        if (decision instanceof PaymentDecision.RecordWithoutOrder without) {
            OrderStore.Commit commit = store.commitWithoutOrder(without.rows(),
                    Optional.of(new ProcessedRequest.PaymentEventHandled(event, without.outcome())));
            return answer(commit, new PaymentEventOutcome(event.id(), without.outcome(), without.issue()), event);
        }
        if (decision instanceof PaymentDecision.RecordIssue issue) {
            OrderStore.Commit commit = commit(issue.step(), event, PaymentOutcome.PAYMENT_ISSUE);
            return answer(commit, new PaymentEventOutcome(event.id(), PaymentOutcome.PAYMENT_ISSUE,
                    Optional.of(issue.issue().kind())), event);
        }
        OrderStore.Commit commit = commit(((PaymentDecision.Apply) decision).step(), event, PaymentOutcome.APPLIED);
        return answer(commit, PaymentEventOutcome.of(event.id(), PaymentOutcome.APPLIED), event);
    }

    /**
     * The outcome once committed; a duplicate where the processed record was there already. Anything else
     * changed since the read (the order, or an issue row: the next round finds this event's issue, or its
     * processed record, if that is what stood in the way).
     */
    private static Round<PaymentEventOutcome> answer(OrderStore.Commit commit, PaymentEventOutcome committed, PaymentEvent event) {
        if (commit instanceof OrderStore.Commit.Committed) {
            return Round.decided(committed);
        }
        if (commit instanceof OrderStore.Commit.AlreadyProcessed) {
            return Round.decided(PaymentEventOutcome.of(event.id(), PaymentOutcome.DUPLICATE));
        }
        return Round.raced();
    }

    private OrderStore.Commit commit(OrderStep step, PaymentEvent event, PaymentOutcome outcome) {
        return store.commit(step, actor, Optional.of(new ProcessedRequest.PaymentEventHandled(event, outcome)));
    }
}
