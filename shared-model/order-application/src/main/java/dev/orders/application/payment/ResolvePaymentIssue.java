package dev.orders.application.payment;

import dev.orders.application.Round;
import dev.orders.application.Rounds;
import dev.orders.application.port.OrderStore;
import dev.orders.core.order.PaymentIssueResolution;
import dev.orders.core.order.PaymentIssueResolutionOutcome;
import dev.orders.core.time.Timestamps;
import java.time.Clock;
import java.util.Optional;

/**
 * An administrator resolves an open payment issue: reads the order's root and the issue together, lets
 * the core decide, and commits the resolution and its event on the condition that both are still as
 * read; someone who resolved it or changed the order first makes the next round read what they did.
 */
public record ResolvePaymentIssue(OrderStore store, Clock clock) {
    public PaymentIssueResolutionOutcome resolve(PaymentIssueResolution request) {
        Optional<PaymentIssueResolutionOutcome> refused = request.refusalBeforeRead();
        if (refused.isPresent()) {
            return refused.get();
        }
        return Rounds.untilDecided("resolution of payment issue " + request.eventId(), () -> {
            OrderStore.IssueContext read = store.findIssue(request.orderId(), request.eventId());
            return Round.write(store, request.decide(read.order(), read.issue(), Timestamps.truncate(clock.instant())),
                    request.actor());
        });
    }
}
