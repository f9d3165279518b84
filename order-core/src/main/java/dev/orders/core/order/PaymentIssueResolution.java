package dev.orders.core.order;

import dev.orders.core.validation.Check;
import java.time.Instant;
import java.util.Optional;

/** A request of {@code role} to resolve the payment issue of the provider's event {@code eventId} on an order. */
public record PaymentIssueResolution(String orderId, String eventId, Role role, String actor, String note) {
    public PaymentIssueResolution {
        orderId = Ids.orderId(orderId);
        eventId = Check.safeId("eventId", eventId);
        Check.required("role", role);
        actor = Actors.check("resolvedBy", actor);
        note = Check.text("note", note, PaymentIssue.MAX_NOTE_LENGTH);
    }

    /** Refused before anything is read when the role may not resolve payment issues. */
    public Optional<PaymentIssueResolutionOutcome> refusalBeforeRead() {
        return role.mayResolvePaymentIssues() ? Optional.empty()
                : Optional.of(new PaymentIssueResolutionOutcome.Forbidden(role));
    }

    /**
     * The resolution of the issue on the order as read (one read of both), at {@code at}: one version of
     * the order, with its event, and the issue resolved on the condition that it is still open.
     */
    public Decision<PaymentIssueResolutionOutcome> decide(Optional<Order> order, Optional<PaymentIssue> issue,
                                                          Instant at) {
        if (order.isEmpty() || issue.isEmpty()) {
            return new Decision.Refused<>(new PaymentIssueResolutionOutcome.NotFound());
        }
        if (!issue.get().isOpen()) {
            return new Decision.Refused<>(new PaymentIssueResolutionOutcome.AlreadyResolved(issue.get()));
        }
        Order current = order.get();
        PaymentIssue resolved = issue.get().resolved(new PaymentIssue.Resolution(at, actor, note));
        OrderStep step = OrderStep.of(current,
                current.next(current.status(), current.capturedAmount(), current.refundedAmount(), at),
                new OrderChange.PaymentIssueResolved(eventId, resolved.kind(), note))
                .with(new RowChange.IssueResolved(resolved));
        return new Decision.Write<>(step, new PaymentIssueResolutionOutcome.Resolved(resolved, step.lastEvent(actor)));
    }
}
