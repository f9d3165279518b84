package dev.orders.core.payment;

import dev.orders.core.order.Order;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderLimits;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.OrderStep;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.order.RowChange;
import dev.orders.core.order.UnknownOrderRows;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Refunds of a payment that arrived before its capture (issues that {@link PaymentIssue#awaitsCaptureOf await} it),
 * recorded once the capture is taken, in the order they were recorded, as if they had come after it: on the order it
 * paid, or on the issue that holds it. Each is one more event of the order and one row, so a capture records only
 * as many as its transaction holds; {@link #followUp} records the others, as many as fit in each step.
 */
public final class EarlyRefunds {
    private EarlyRefunds() {
    }

    /** What records more early refunds: a step of the order, or rows in the partition of an order id that names none. */
    public sealed interface FollowUp {
        /** The actions of the transaction that writes it. */
        int actions();

        record OnOrder(OrderStep step) implements FollowUp {
            @Override
            public int actions() {
                return step.actions();
            }
        }

        record WithoutOrder(UnknownOrderRows rows) implements FollowUp {
            @Override
            public int actions() {
                return rows.actions();
            }
        }
    }

    /**
     * The issue holding a capture after early refunds recorded on it, with their events (of an order) and rows: the
     * settling of each refund's own issue.
     */
    record OnIssue(PaymentIssue holder, List<OrderChange> changes, List<RowChange> rows) {
        OnIssue {
            changes = List.copyOf(changes);
            rows = List.copyOf(rows);
        }
    }

    /**
     * The next step that records early refunds of a payment taken already (the order's, then each issue's that holds
     * one), as many as one transaction holds; empty when none is left that the payment takes. Run until empty, it
     * records every one of them once, whichever event or delivery runs it.
     */
    public static Optional<FollowUp> followUp(PaymentRecords records, Instant at) {
        Optional<Order> order = records.order();
        if (order.isPresent() && order.get().paymentId().isPresent()) {
            String paymentId = order.get().paymentId().get();
            Optional<OrderStep> step = ontoOrder(order.get(), records.lines(), Optional.empty(), paymentId,
                    records.refundsAwaitingCaptureOf(paymentId), next -> OrderLimits.fits(next.actions()), at);
            if (step.isPresent()) {
                return Optional.of(new FollowUp.OnOrder(step.get()));
            }
        }
        for (PaymentIssue holder : records.issues()) {
            Optional<String> held = holder.payment().filter(p -> p.direction() == PaymentIssue.Direction.CAPTURE)
                    .map(PaymentIssue.Payment::paymentId);
            if (held.isEmpty()) {
                continue;
            }
            OnIssue taken = ontoIssue(holder, records.refundsAwaitingCaptureOf(held.get()), order.isPresent(),
                    next -> OrderLimits.fits(followUpOnIssue(order, holder, next, at).actions()));
            if (!taken.rows().isEmpty()) {
                return Optional.of(followUpOnIssue(order, holder, taken, at));
            }
        }
        return Optional.empty();
    }

    /** Whether {@code event} is a capture whose payment has early refunds: its processing may leave follow-ups. */
    public static boolean mayFollow(PaymentEvent event, PaymentRecords records) {
        return event.type() == PaymentEventType.PAYMENT_SUCCEEDED
                && !records.refundsAwaitingCaptureOf(event.paymentId().orElseThrow()).isEmpty();
    }

    /**
     * {@code step} (empty: none yet, of {@code current}, whose lines are {@code lines}) with the early refunds of the
     * order's payment {@code paymentId} that it takes, in order, each while the step with it {@code fits}; the one that
     * refunds all that was captured gives back the stock of the lines not yet shipped, its rows counted with it.
     */
    static Optional<OrderStep> ontoOrder(Order current, List<OrderLine> lines, Optional<OrderStep> step,
                                         String paymentId, List<PaymentIssue> awaiting, Predicate<OrderStep> fits,
                                         Instant at) {
        for (PaymentIssue early : awaiting) {
            Order now = step.map(OrderStep::after).orElse(current);
            if (!takes(now.currency(), now.refundable(), early)) {
                continue;
            }
            OrderRefund refund = OrderRefund.of(now, lines, now.refunds().plusRefund(early.amount()), early.currency(),
                    early.eventId(), paymentId, at);
            OrderStep next = step.map(refund::following).orElseGet(() -> refund.step(current))
                    .with(new RowChange.IssueRefunded(early, early.recordedAgainstCapture()));
            if (!fits.test(next)) {
                break;
            }
            step = Optional.of(next);
        }
        return step;
    }

    /**
     * The early refunds of the payment {@code holder} holds that it takes, in order, recorded on it (with an event
     * each where {@code onOrder}), each while what records them {@code fits}.
     */
    static OnIssue ontoIssue(PaymentIssue holder, List<PaymentIssue> awaiting, boolean onOrder, Predicate<OnIssue> fits) {
        OnIssue taken = new OnIssue(holder, List.of(), List.of());
        String paymentId = holder.payment().orElseThrow().paymentId();
        for (PaymentIssue early : awaiting) {
            PaymentIssue now = taken.holder();
            if (!takes(now.currency(), now.refundable(), early)) {
                continue;
            }
            PaymentIssue after = now.refunded(now.refunds().plusRefund(early.amount()));
            List<OrderChange> changes = new ArrayList<>(taken.changes());
            if (onOrder) {
                changes.add(new OrderChange.PaymentIssueRefunded(early.eventId(), holder.eventId(), paymentId,
                        early.amount(), early.currency(), after.refundedAmount()));
            }
            List<RowChange> rows = new ArrayList<>(taken.rows());
            rows.add(new RowChange.IssueRefunded(early, early.recordedAgainstCapture()));
            OnIssue next = new OnIssue(after, changes, rows);
            if (!fits.test(next)) {
                break;
            }
            taken = next;
        }
        return taken;
    }

    /** Whether money held in {@code currency}, {@code refundable} of it left, takes the early refund {@code early}. */
    private static boolean takes(String currency, long refundable, PaymentIssue early) {
        return early.currency().equals(currency) && early.amount() <= refundable;
    }

    /** What records {@code taken} on {@code holder}, an issue recorded before: its refunded amount moves too. */
    private static FollowUp followUpOnIssue(Optional<Order> order, PaymentIssue holder, OnIssue taken, Instant at) {
        List<RowChange> rows = new ArrayList<>(List.of(new RowChange.IssueRefunded(holder, taken.holder())));
        rows.addAll(taken.rows());
        if (order.isEmpty()) {
            return new FollowUp.WithoutOrder(new UnknownOrderRows(holder.orderId(), rows));
        }
        Order current = order.get();
        return new FollowUp.OnOrder(new OrderStep(current, current.recorded(taken.changes().size(), at),
                taken.changes(), rows));
    }
}
