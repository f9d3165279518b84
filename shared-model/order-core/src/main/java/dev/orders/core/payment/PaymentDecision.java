package dev.orders.core.payment;

import dev.orders.core.order.Order;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderLimits;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderStep;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.order.PaymentIssueKind;
import dev.orders.core.order.PaymentIssueResolution;
import dev.orders.core.order.RefundTally;
import dev.orders.core.order.RowChange;
import dev.orders.core.order.UnknownOrderRows;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a payment event means for an order, decided in the pure core from the event and what the order's
 * partition holds. Money the provider moved is never dropped: what the order cannot take becomes a payment
 * issue, on the order or, where no order has the id, in that id's partition. A refund applies to the payment
 * it names: the order's own, or one an issue holds.
 */
public sealed interface PaymentDecision {
    /**
     * The actions of the write it makes, the provider event's processed record included: what must stay within one
     * transaction's limit (an acknowledgement is the record alone).
     */
    int actions();

    /** The order takes the event: one step, written only if the order is still as read. */
    record Apply(OrderStep step) implements PaymentDecision {
        @Override
        public int actions() {
            return step.actions() + 1;
        }
    }

    /** The order cannot take the money the event moved: the step records {@code issue} on it, with its event. */
    record RecordIssue(PaymentIssue issue, OrderStep step) implements PaymentDecision {
        @Override
        public int actions() {
            return step.actions() + 1;
        }
    }

    /**
     * No order has the event's id: {@code rows} record the money in that id's partition (a new issue, or a
     * refund of the payment an issue there holds), answered with {@code outcome} and the issue's kind if new.
     */
    record RecordWithoutOrder(UnknownOrderRows rows, PaymentOutcome outcome, Optional<PaymentIssueKind> issue)
            implements PaymentDecision {
        @Override
        public int actions() {
            return rows.actions() + 1;
        }
    }

    /** Nothing to change or record; the event is acknowledged with {@code outcome}. */
    record Acknowledge(PaymentOutcome outcome) implements PaymentDecision {
        @Override
        public int actions() {
            return 1;
        }
    }

    /** The decision for {@code event} on what its order's partition holds, at {@code at}, of the provider {@code actor}. */
    static PaymentDecision decide(PaymentEvent event, PaymentRecords records, String actor, Instant at) {
        Optional<Order> order = records.order();
        if (records.hasIssueOf(event.id())) {
            // Its issue is the record that it was processed, whatever became of the processed record.
            return new Acknowledge(PaymentOutcome.DUPLICATE);
        }
        if (event.type() == PaymentEventType.PAYMENT_FAILED) {
            return order.isEmpty() ? new Acknowledge(PaymentOutcome.ORDER_NOT_FOUND) : failure(event, order.get(), at);
        }
        if (event.type() == PaymentEventType.DISPUTE_OPENED) {
            return issue(PaymentIssueKind.DISPUTE, PaymentIssue.Direction.REFUND, event, records, at);
        }
        if (event.type().closesADispute()) {
            return disputeClosed(event, records, actor, at);
        }
        if (event.type() == PaymentEventType.REFUND_FAILED) {
            return refundFailed(event, records, at);
        }
        String paymentId = event.paymentId().orElseThrow();
        if (event.type() == PaymentEventType.PAYMENT_SUCCEEDED) {
            if (records.hasCaptureOf(paymentId)) {
                // Another event of a payment already taken: the same money, told again.
                return new Acknowledge(PaymentOutcome.DUPLICATE);
            }
            return order.isEmpty() ? issue(PaymentIssueKind.UNKNOWN_ORDER, PaymentIssue.Direction.CAPTURE, event, records, at)
                    : capture(event, records, at);
        }
        if (order.isPresent() && order.get().isPaidBy(paymentId)) {
            return refundOfOrder(event, records, at);
        }
        Optional<PaymentIssue> holder = records.issueHoldingCaptureOf(paymentId);
        if (holder.isPresent()) {
            return refundOfIssue(event, holder.get(), records, at);
        }
        PaymentIssueKind unmatched = event.type() == PaymentEventType.REFUNDED_IN_ALL
                ? PaymentIssueKind.UNMATCHED_REFUND_TOTAL
                : order.isEmpty() ? PaymentIssueKind.UNKNOWN_ORDER : PaymentIssueKind.UNMATCHED_REFUND;
        return issue(unmatched, PaymentIssue.Direction.REFUND, event, records, at);
    }

    /**
     * A dispute's closing resolves the open dispute issue of its payment, saying how it closed. A dispute lost of
     * which no issue is open (its opening never came, or a person resolved it) is money taken back: an issue of its
     * own. One won of which none is open returned money nobody was told was gone: nothing to record.
     */
    private static PaymentDecision disputeClosed(PaymentEvent event, PaymentRecords records, String actor, Instant at) {
        String paymentId = event.paymentId().orElseThrow();
        boolean won = event.type() == PaymentEventType.DISPUTE_WON;
        Optional<PaymentIssue> dispute = records.issues().stream().filter(issue -> issue.kind() == PaymentIssueKind.DISPUTE
                && issue.isOpen() && issue.payment().filter(payment -> payment.paymentId().equals(paymentId)).isPresent())
                .findFirst();
        if (dispute.isEmpty()) {
            return won ? new Acknowledge(PaymentOutcome.NOT_APPLICABLE)
                    : issue(PaymentIssueKind.DISPUTE, PaymentIssue.Direction.REFUND, event, records, at);
        }
        String note = (won ? "dispute won: " : "dispute lost: ") + event.amount() + " " + event.currency()
                + (won ? " returned" : " taken back") + " (" + event.id() + ")";
        PaymentIssue resolved = dispute.get().resolved(new PaymentIssue.Resolution(at, actor, note));
        if (records.order().isEmpty()) {
            return new RecordWithoutOrder(PaymentIssueResolution.rowsWithoutOrder(resolved), PaymentOutcome.APPLIED,
                    Optional.empty());
        }
        return new Apply(PaymentIssueResolution.stepOf(records.order().get(), resolved, at));
    }

    /**
     * A capture pays the order only where its status awaits payment (elsewhere it is that status's issue), only
     * if it has lines, and only for its exact total. Refunds of its payment that arrived before it are then
     * recorded as if they had come after it, as many as its transaction holds ({@link EarlyRefunds}).
     */
    private static PaymentDecision capture(PaymentEvent event, PaymentRecords records, Instant at) {
        Order current = records.order().orElseThrow();
        PaymentIssue.Direction capture = PaymentIssue.Direction.CAPTURE;
        Optional<PaymentIssueKind> unexpected = current.status().captureIssue();
        if (unexpected.isPresent()) {
            return issue(unexpected.get(), capture, event, records, at);
        }
        if (OrderStatus.Move.CAPTURE.unmetBy(current, Optional.empty()).isPresent()) {
            return issue(PaymentIssueKind.EMPTY_ORDER, capture, event, records, at);
        }
        if (event.amount() != current.total() || !event.currency().equals(current.currency())) {
            return issue(PaymentIssueKind.AMOUNT_MISMATCH, capture, event, records, at);
        }
        String paymentId = event.paymentId().orElseThrow();
        OrderStatus to = OrderStatus.Move.CAPTURE.to(current);
        Order paid = current.next(to, event.amount(), current.refundedAmount(), at).paidBy(paymentId);
        OrderStep captured = OrderStep.of(current, paid, new OrderChange.PaymentCaptured(current.status(), to,
                event.amount(), event.currency(), Optional.of(event.id()), event.paymentId(),
                Optional.empty()));
        return new Apply(EarlyRefunds.ontoOrder(current, records.lines(), Optional.of(captured), paymentId,
                records.refundsAwaitingCaptureOf(paymentId), next -> OrderLimits.fits(new Apply(next).actions()), at)
                .orElseThrow());
    }

    /**
     * A failed attempt moved no money: it only matters where the lifecycle has it move the order (one nobody has
     * started paying for yet), and to an order that has something to pay for (one without lines is never checked out).
     */
    private static PaymentDecision failure(PaymentEvent event, Order current, Instant at) {
        OrderStatus.Move failed = OrderStatus.Move.PAYMENT_ATTEMPT_FAILED;
        if (!failed.isOpenTo(current)) {
            return new Acknowledge(PaymentOutcome.NOT_APPLICABLE);
        }
        OrderStatus to = failed.to(current);
        return new Apply(OrderStep.of(current, current.next(to, current.capturedAmount(), current.refundedAmount(), at),
                new OrderChange.OrderStatusChanged(current.status(), to,
                        Optional.of(event.type().wireName()), Optional.of(event.id()))));
    }

    /**
     * A refund that failed after it was counted gave its amount back to the shop, not the customer: an issue, for a
     * person. One more than the payment's counted refunds could hold was never counted (it failed before it
     * succeeded): nothing to record.
     */
    private static PaymentDecision refundFailed(PaymentEvent event, PaymentRecords records, Instant at) {
        boolean counted = records.refundsOf(event.paymentId().orElseThrow())
                .filter(refunds -> refunds.refunded() >= event.amount()).isPresent();
        return counted ? issue(PaymentIssueKind.REFUND_FAILED, PaymentIssue.Direction.REFUND, event, records, at)
                : new Acknowledge(PaymentOutcome.NOT_APPLICABLE);
    }

    /**
     * Refunds of the order's payment accumulate up to what was captured, each counted once however the provider
     * tells of it ({@link RefundTally}); the one that completes them moves the order to REFUNDED, giving back the stock
     * of its lines not yet shipped. A refund the provider's running total counted already is only identified. A refund
     * in another currency, or above what is left, is an issue.
     */
    private static PaymentDecision refundOfOrder(PaymentEvent event, PaymentRecords records, Instant at) {
        Order current = records.order().orElseThrow();
        RefundTally after = counting(event, current.refunds());
        Optional<PaymentDecision> refused = refusedRefund(event, current.currency(), current.capturedAmount(), after,
                records, at);
        if (refused.isPresent()) {
            return refused.get();
        }
        if (after.equals(current.refunds())) {
            return new Acknowledge(PaymentOutcome.DUPLICATE);
        }
        if (after.addedTo(current.refunds()) == 0) {
            return new Apply(OrderStep.of(current, current.refunded(current.status(), after, at), identified(event, after)));
        }
        return new Apply(OrderRefund.of(current, records.lines(), after, event.currency(), event.id(),
                event.paymentId().orElseThrow(), at).step(current));
    }

    /**
     * A refund of the payment an issue holds is recorded on that issue, up to what it holds, counted as on an order:
     * the order's status and amounts do not move. The refund that returns all of it settles the issue.
     */
    private static PaymentDecision refundOfIssue(PaymentEvent event, PaymentIssue holder, PaymentRecords records,
                                                 Instant at) {
        RefundTally after = counting(event, holder.refunds());
        Optional<PaymentDecision> refused = refusedRefund(event, holder.currency(), holder.amount(), after, records, at);
        if (refused.isPresent()) {
            return refused.get();
        }
        if (after.equals(holder.refunds())) {
            return new Acknowledge(PaymentOutcome.DUPLICATE);
        }
        RowChange row = new RowChange.IssueRefunded(holder, holder.refunded(after));
        if (records.order().isEmpty()) {
            return new RecordWithoutOrder(new UnknownOrderRows(event.orderId(), List.of(row)), PaymentOutcome.APPLIED,
                    Optional.empty());
        }
        long added = after.addedTo(holder.refunds());
        OrderChange change = added == 0 ? identified(event, after)
                : new OrderChange.PaymentIssueRefunded(event.id(), holder.eventId(), event.paymentId().orElseThrow(),
                        added, event.currency(), after.refunded());
        Order current = records.order().get();
        return new Apply(OrderStep.of(current, current.recorded(1, at), change).with(row));
    }

    /** The payment's refunds after {@code event}: one more refund, or the provider's running total of them. */
    private static RefundTally counting(PaymentEvent event, RefundTally before) {
        return event.type() == PaymentEventType.REFUNDED_IN_ALL ? before.withTotal(event.amount())
                : before.plusRefund(event.amount());
    }

    private static OrderChange.RefundIdentified identified(PaymentEvent event, RefundTally after) {
        return new OrderChange.RefundIdentified(event.id(), event.paymentId().orElseThrow(), event.amount(),
                event.currency(), after.refunded());
    }

    /**
     * A refund of a payment in another currency, or one that would count more than was captured ({@code captured}),
     * is an issue.
     */
    private static Optional<PaymentDecision> refusedRefund(PaymentEvent event, String currency, long captured,
                                                           RefundTally after, PaymentRecords records, Instant at) {
        PaymentIssue.Direction refund = PaymentIssue.Direction.REFUND;
        if (!event.currency().equals(currency)) {
            return Optional.of(issue(PaymentIssueKind.AMOUNT_MISMATCH, refund, event, records, at));
        }
        if (after.refunded() > captured) {
            return Optional.of(issue(PaymentIssueKind.OVER_REFUND, refund, event, records, at));
        }
        return Optional.empty();
    }

    /**
     * An issue of {@code kind}, open: on the order, by one version that changes nothing else, or alone in the
     * partition of an order id that names no order. An issue of a capture takes the refunds of its payment that
     * arrived before it, as if they had come after it (each one more version of the order), as many as its
     * transaction holds ({@link EarlyRefunds}).
     */
    private static PaymentDecision issue(PaymentIssueKind kind, PaymentIssue.Direction direction, PaymentEvent event,
                                         PaymentRecords records, Instant at) {
        String paymentId = event.paymentId().orElseThrow();
        PaymentIssue issue = PaymentIssue.open(event.orderId(), records.order().map(Order::customerId), event.id(), kind,
                direction, paymentId, event.amount(), event.currency(), at);
        List<PaymentIssue> early = direction == PaymentIssue.Direction.CAPTURE
                ? records.refundsAwaitingCaptureOf(paymentId) : List.of();
        EarlyRefunds.OnIssue taken = EarlyRefunds.ontoIssue(issue, early, records.order().isPresent(),
                next -> OrderLimits.fits(recording(kind, event, next, records, at).actions()));
        return recording(kind, event, taken, records, at);
    }

    /** The write of the new issue of {@code event}, {@code taken.holder()}, with the early refunds it took. */
    private static PaymentDecision recording(PaymentIssueKind kind, PaymentEvent event, EarlyRefunds.OnIssue taken,
                                             PaymentRecords records, Instant at) {
        List<RowChange> rows = new ArrayList<>(List.of(new RowChange.IssueOpened(taken.holder())));
        rows.addAll(taken.rows());
        if (records.order().isEmpty()) {
            return new RecordWithoutOrder(new UnknownOrderRows(event.orderId(), rows), PaymentOutcome.PAYMENT_ISSUE,
                    Optional.of(kind));
        }
        List<OrderChange> changes = new ArrayList<>(List.of(new OrderChange.PaymentIssueRecorded(event.id(), kind,
                event.paymentId(), event.amount(), event.currency())));
        changes.addAll(taken.changes());
        Order current = records.order().get();
        return new RecordIssue(taken.holder(), new OrderStep(current, current.recorded(changes.size(), at), changes,
                rows));
    }
}
