package dev.orders.core.order;

import dev.orders.core.validation.Check;
import java.time.Instant;
import java.util.List;
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
     * the order, with its event, and the issue resolved on the condition that it is still open. The issue of
     * an order id that names no order is resolved alone, while no order has that id.
     */
    public Decision<PaymentIssueResolutionOutcome> decide(Optional<Order> order, Optional<PaymentIssue> issue,
                                                          Instant at) {
        if (issue.isEmpty()) {
            return new Decision.Refused<>(new PaymentIssueResolutionOutcome.NotFound());
        }
        if (!issue.get().isOpen()) {
            return new Decision.Refused<>(new PaymentIssueResolutionOutcome.AlreadyResolved(issue.get()));
        }
        PaymentIssue resolved = issue.get().resolved(new PaymentIssue.Resolution(at, actor, note));
        if (order.isEmpty()) {
            return new Decision.WriteWithoutOrder<>(rowsWithoutOrder(resolved),
                    new PaymentIssueResolutionOutcome.Resolved(resolved, Optional.empty()));
        }
        OrderStep step = stepOf(order.get(), resolved, at);
        return new Decision.Write<>(step,
                new PaymentIssueResolutionOutcome.Resolved(resolved, Optional.of(step.lastEvent(actor))));
    }

    /**
     * The step that records the resolution of {@code resolved}, an issue of {@code current}: one version of the order
     * with its event, and the issue's row resolved on the condition that it is still open. By a person, or by the
     * provider for a dispute's closing.
     */
    public static OrderStep stepOf(Order current, PaymentIssue resolved, Instant at) {
        PaymentIssue.Resolution resolution = resolved.resolution().orElseThrow();
        return OrderStep.of(current, current.recorded(1, at), new OrderChange.PaymentIssueResolved(resolved.eventId(),
                resolved.kind(), resolution.note())).with(new RowChange.IssueResolved(resolved));
    }

    /** The resolution of {@code resolved}, an issue of an order id that names no order: its row alone. */
    public static UnknownOrderRows rowsWithoutOrder(PaymentIssue resolved) {
        return new UnknownOrderRows(resolved.orderId(), List.of(new RowChange.IssueResolved(resolved)));
    }
}
