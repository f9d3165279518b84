package dev.orders.core.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.order.LineStatus;
import dev.orders.core.order.LineStatuses;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderLimits;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderStep;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.order.PaymentIssueKind;
import dev.orders.core.order.RowChange;
import dev.orders.core.payment.PaymentDecision.Apply;
import dev.orders.core.payment.PaymentDecision.RecordIssue;
import dev.orders.core.payment.PaymentDecision.RecordWithoutOrder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Refunds that arrived before their capture: the capture records as many as one transaction of 100 actions holds,
 * and follow-ups the others, each once, in the order they were recorded, none past the limit.
 */
class EarlyRefundsTest {
    private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");
    private static final String PAYMENT = "pay_1";
    private static final long TOTAL = 3399;
    private static final PaymentEvent CAPTURE = new PaymentEvent("evt_c", PaymentEventType.PAYMENT_SUCCEEDED,
            1_795_348_800L, "o-1", Optional.of(PAYMENT), TOTAL, "EUR");

    private static Order order(OrderStatus status) {
        return new Order("o-1", "c-1", status, 3, TOTAL, "EUR", 0, 0, LineStatuses.pending(2), Instant.EPOCH,
                Instant.EPOCH);
    }

    /** {@code n} refunds of 1 EUR cent each of {@link #PAYMENT}, recorded before its capture, oldest first. */
    private static List<PaymentIssue> earlyRefunds(int n, boolean orderExists) {
        return IntStream.range(0, n).mapToObj(i -> PaymentIssue.open("o-1",
                orderExists ? Optional.of("c-1") : Optional.empty(), String.format("evt_r%03d", i),
                orderExists ? PaymentIssueKind.UNMATCHED_REFUND : PaymentIssueKind.UNKNOWN_ORDER,
                PaymentIssue.Direction.REFUND, PAYMENT, 1, "EUR", Instant.EPOCH.plusSeconds(i))).toList();
    }

    private static List<String> eventIds(int n) {
        return earlyRefunds(n, false).stream().map(PaymentIssue::eventId).toList();
    }

    @Test
    void aCaptureOutOfAwaitingPaymentRecordsFortyEightEarlyRefundsInAHundredActionsAndLeavesTheFortyNinthToAFollowUp() {
        PaymentRecords fortyEight = new PaymentRecords(Optional.of(order(OrderStatus.AWAITING_PAYMENT)), List.of(),
                earlyRefunds(48, true));
        Apply all = assertInstanceOf(Apply.class, PaymentDecision.decide(CAPTURE, fortyEight, "webhook:test", NOW));
        assertEquals(100, all.actions(), "root, its payment window, PaymentCaptured, 48 refunds and their issues, the record");
        assertEquals(Optional.empty(), EarlyRefunds.followUp(applied(fortyEight, all.step()), NOW));

        PaymentRecords fortyNine = new PaymentRecords(Optional.of(order(OrderStatus.AWAITING_PAYMENT)), List.of(),
                earlyRefunds(49, true));
        Apply capture = assertInstanceOf(Apply.class, PaymentDecision.decide(CAPTURE, fortyNine, "webhook:test", NOW));
        assertEquals(100, capture.actions());
        assertEquals(49, capture.step().changes().size(), "the capture and the first 48 refunds");
        EarlyRefunds.FollowUp.OnOrder last = assertInstanceOf(EarlyRefunds.FollowUp.OnOrder.class,
                EarlyRefunds.followUp(applied(fortyNine, capture.step()), NOW).orElseThrow());
        assertEquals(List.of(new OrderChange.RefundRecorded(OrderStatus.PAID, OrderStatus.PAID, 1, "EUR", 49,
                Optional.of("evt_r048"), Optional.of(PAYMENT), Optional.empty())), last.step().changes());
        assertEquals(3, last.actions(), "root, the refund's event, its issue");
    }

    @Test
    void followUpsRecordEveryEarlyRefundOfTheOrdersPaymentOnceInOrderEachInAtMostAHundredActions() {
        PaymentRecords read = new PaymentRecords(Optional.of(order(OrderStatus.CREATED)), List.of(), earlyRefunds(200, true));
        Apply capture = assertInstanceOf(Apply.class, PaymentDecision.decide(CAPTURE, read, "webhook:test", NOW));
        assertEquals(99, capture.actions(), "no payment window: root, PaymentCaptured, 48 refunds and issues, the record");

        List<OrderStep> steps = new ArrayList<>(List.of(capture.step()));
        PaymentRecords records = applied(read, capture.step());
        for (Optional<EarlyRefunds.FollowUp> next = EarlyRefunds.followUp(records, NOW); next.isPresent();
             next = EarlyRefunds.followUp(records, NOW)) {
            OrderStep step = assertInstanceOf(EarlyRefunds.FollowUp.OnOrder.class, next.get()).step();
            assertTrue(OrderLimits.fits(next.get().actions()), next.get().actions() + " actions");
            assertEquals(steps.get(steps.size() - 1).after(), step.before(), "each follows the one before");
            steps.add(step);
            records = applied(records, step);
        }

        assertEquals(List.of(49, 49, 49, 49, 5), steps.stream().map(step -> step.changes().size()).toList(),
                "one more refund would make a follow-up of 101 actions (root + 2 each)");
        assertEquals(eventIds(200), steps.stream().flatMap(step -> step.changes().stream())
                .filter(OrderChange.RefundRecorded.class::isInstance)
                .map(change -> ((OrderChange.RefundRecorded) change).paymentEventId().orElseThrow()).toList());
        Order paid = records.order().orElseThrow();
        assertEquals(List.of(OrderStatus.PAID, 3L + 201, 200L), List.of(paid.status(), paid.version(), paid.refundedAmount()));
        assertTrue(records.issues().stream().allMatch(PaymentIssue::isSettled));
    }

    @Test
    void aCaptureAfterExpiryRecordsItsEarlyRefundsOnItsIssueByFollowUpsToo() {
        PaymentRecords read = new PaymentRecords(Optional.of(order(OrderStatus.EXPIRED)), List.of(), earlyRefunds(200, true));
        RecordIssue issue = assertInstanceOf(RecordIssue.class, PaymentDecision.decide(CAPTURE, read, "webhook:test", NOW));
        assertEquals(PaymentIssueKind.CAPTURE_AFTER_EXPIRY, issue.issue().kind());
        assertEquals(100, issue.actions(), "root, PaymentIssueRecorded, the issue, 48 refunds and their issues, the record");
        assertEquals(48, issue.issue().refundedAmount());

        PaymentRecords records = applied(read, issue.step());
        List<String> recorded = new ArrayList<>(refundsRecorded(issue.step()));
        for (Optional<EarlyRefunds.FollowUp> next = EarlyRefunds.followUp(records, NOW); next.isPresent();
             next = EarlyRefunds.followUp(records, NOW)) {
            OrderStep step = assertInstanceOf(EarlyRefunds.FollowUp.OnOrder.class, next.get()).step();
            assertTrue(next.get().actions() <= 100, next.get().actions() + " actions");
            recorded.addAll(refundsRecorded(step));
            records = applied(records, step);
        }

        assertEquals(eventIds(200), recorded);
        PaymentIssue holder = records.issueHoldingCaptureOf(PAYMENT).orElseThrow();
        assertEquals(200, holder.refundedAmount());
        assertEquals(OrderStatus.EXPIRED, records.order().orElseThrow().status());
    }

    @Test
    void aCaptureForNoOrderRecordsNinetySevenEarlyRefundsWithItsIssueAndFollowUpsTheOthers() {
        PaymentRecords read = new PaymentRecords(Optional.empty(), List.of(), earlyRefunds(200, false));
        RecordWithoutOrder capture = assertInstanceOf(RecordWithoutOrder.class, PaymentDecision.decide(CAPTURE, read, "webhook:test", NOW));
        assertEquals(100, capture.actions(), "no order's check, the issue, 97 refunds' issues, the record");

        PaymentRecords records = applied(read, Optional.empty(), capture.rows().rows());
        List<Integer> actions = new ArrayList<>();
        for (Optional<EarlyRefunds.FollowUp> next = EarlyRefunds.followUp(records, NOW); next.isPresent();
             next = EarlyRefunds.followUp(records, NOW)) {
            EarlyRefunds.FollowUp.WithoutOrder rows = assertInstanceOf(EarlyRefunds.FollowUp.WithoutOrder.class, next.get());
            actions.add(rows.actions());
            records = applied(records, Optional.empty(), rows.rows().rows());
        }

        assertEquals(List.of(100, 7), actions, "the check, the holding issue, 98 refunds; then the last 5");
        assertEquals(200, records.issueHoldingCaptureOf(PAYMENT).orElseThrow().refundedAmount());
        assertEquals(eventIds(200), records.issues().stream().filter(PaymentIssue::isSettled).map(PaymentIssue::eventId)
                .toList(), "every early refund recorded against the capture");
    }

    @Test
    void anEarlyRefundThePaymentCannotTakeIsNoFollowUpAndStaysOpen() {
        List<PaymentIssue> early = new ArrayList<>(earlyRefunds(60, true));
        early.add(PaymentIssue.open("o-1", Optional.of("c-1"), "evt_too_much", PaymentIssueKind.UNMATCHED_REFUND,
                PaymentIssue.Direction.REFUND, PAYMENT, TOTAL, "EUR", Instant.EPOCH.plusSeconds(30)));
        PaymentRecords read = new PaymentRecords(Optional.of(order(OrderStatus.CREATED)), List.of(), early);
        Apply capture = assertInstanceOf(Apply.class, PaymentDecision.decide(CAPTURE, read, "webhook:test", NOW));
        PaymentRecords records = applied(read, capture.step());
        OrderStep rest = ((EarlyRefunds.FollowUp.OnOrder) EarlyRefunds.followUp(records, NOW).orElseThrow()).step();
        records = applied(records, rest);

        assertEquals(12, rest.changes().size(), "the 12 left of 60 that fit; not the one above what is left");
        assertEquals(Optional.empty(), EarlyRefunds.followUp(records, NOW));
        assertEquals(List.of("evt_too_much"), records.issues().stream().filter(PaymentIssue::isOpen)
                .map(PaymentIssue::eventId).toList());
    }

    @Test
    void theEarlyRefundThatRefundsEverythingGivesBackTheLinesStockAndItsReleasesCountTowardsTheLimit() {
        List<OrderLine> lines = IntStream.range(0, 40).mapToObj(i -> new OrderLine("o-1", "c-1", "i-" + i, "SKU-" + i,
                Optional.empty(), 1, 1, LineStatus.PENDING, Instant.EPOCH, Instant.EPOCH, 1)).toList();
        Order awaiting = new Order("o-1", "c-1", OrderStatus.AWAITING_PAYMENT, 3, 40, "EUR", 0, 0,
                LineStatuses.pending(40), Instant.EPOCH, Instant.EPOCH);
        PaymentEvent capture = new PaymentEvent("evt_c", PaymentEventType.PAYMENT_SUCCEEDED, 1_795_348_800L, "o-1",
                Optional.of(PAYMENT), 40, "EUR");
        PaymentRecords read = new PaymentRecords(Optional.of(awaiting), lines, earlyRefunds(40, true));

        Apply captured = assertInstanceOf(Apply.class, PaymentDecision.decide(capture, read, "webhook:test", NOW));
        PaymentRecords paid = applied(read, captured.step());
        OrderStep rest = ((EarlyRefunds.FollowUp.OnOrder) EarlyRefunds.followUp(
                new PaymentRecords(paid.order(), lines, paid.issues()), NOW).orElseThrow()).step();

        assertEquals(82, captured.actions(), "39 refunds; the 40th with its 40 releases would make 124");
        assertEquals(OrderStatus.PAID, captured.step().after().status());
        assertEquals(43, rest.actions(), "root, the last refund, its issue's row and one release per sku");
        assertEquals(OrderStatus.REFUNDED, rest.after().status());
        assertEquals(40, ((OrderChange.RefundRecorded) rest.changes().get(0)).released().size());
        assertEquals(40, rest.rows().stream().filter(RowChange.StockReleased.class::isInstance).count());
    }

    private static List<String> refundsRecorded(OrderStep step) {
        return step.changes().stream().filter(OrderChange.PaymentIssueRefunded.class::isInstance)
                .map(change -> ((OrderChange.PaymentIssueRefunded) change).paymentEventId()).toList();
    }

    private static PaymentRecords applied(PaymentRecords records, OrderStep step) {
        return applied(records, Optional.of(step.after()), step.rows());
    }

    /** What the partition holds once {@code rows} are written: issues opened or refunded replace those read. */
    private static PaymentRecords applied(PaymentRecords records, Optional<Order> order, List<RowChange> rows) {
        Map<String, PaymentIssue> issues = new LinkedHashMap<>();
        records.issues().forEach(issue -> issues.put(issue.eventId(), issue));
        for (RowChange row : rows) {
            PaymentIssue written = row instanceof RowChange.IssueRefunded refunded ? refunded.after()
                    : ((RowChange.IssueOpened) row).issue();
            issues.put(written.eventId(), written);
        }
        return new PaymentRecords(order, List.of(), new ArrayList<>(issues.values()));
    }
}
