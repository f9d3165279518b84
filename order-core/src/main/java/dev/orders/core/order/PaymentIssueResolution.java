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
        actor = Check.text("resolvedBy", actor, 200);
        note = Check.text("note", note, PaymentIssue.MAX_NOTE_LENGTH);
    }

    /** Refused before anything is read when the role may not resolve payment issues. */
    public Optional<PaymentIssueResolutionOutcome> refusalBeforeRead() {
        return role.mayResolvePaymentIssues() ? Optional.empty()
                : Optional.of(new PaymentIssueResolutionOutcome.Forbidden(role));
    }

    /** The resolution of {@code issue}, open on {@code current}, at {@code at}: an event of the order. */
    public OrderStep step(Order current, PaymentIssue issue, Instant at) {
        if (!issue.isOpen()) {
            throw new IllegalArgumentException("the payment issue " + eventId + " is resolved already");
        }
        return new OrderStep(current.next(current.status(), current.capturedAmount(), current.refundedAmount(), at),
                new OrderChange.PaymentIssueResolved(eventId, issue.kind(), note));
    }
}
