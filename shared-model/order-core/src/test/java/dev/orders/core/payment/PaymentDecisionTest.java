package dev.orders.core.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.order.LifecycleOrders;
import dev.orders.core.order.LineStatuses;
import dev.orders.core.money.Money;
import dev.orders.core.order.OrderStep;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.order.PaymentIssueKind;
import dev.orders.core.order.Role;
import dev.orders.core.order.RefundTally;
import dev.orders.core.order.RowChange;
import dev.orders.core.payment.PaymentDecision.Acknowledge;
import dev.orders.core.payment.PaymentDecision.Apply;
import dev.orders.core.payment.PaymentDecision.RecordIssue;
import dev.orders.core.payment.PaymentDecision.RecordWithoutOrder;
import dev.orders.core.validation.ValidationException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PaymentDecisionTest {
    private static final PaymentEventType PAYMENT_SUCCEEDED = PaymentEventType.PAYMENT_SUCCEEDED;
    private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");

    /** The order's own payment: a paid order in these tests was paid by it. */
    private static final String PAYMENT = "pay_1";

    private static PaymentEvent event(String type, long amount, String currency) {
        return event(type, PAYMENT, amount, currency);
    }

    private static PaymentEvent event(String type, String paymentId, long amount, String currency) {
        return event("evt_1", type, paymentId, amount, currency);
    }

    private static PaymentEvent event(String id, String type, String paymentId, long amount, String currency) {
        return new PaymentEvent(id, PaymentEventType.of(type).orElseThrow(), 1_795_348_800L, "o-1",
                Optional.of(paymentId), amount, currency);
    }

    /** An order of 3399 EUR at version 3 that has {@code captured} and {@code refunded} of it, paid by {@link #PAYMENT} if captured. */
    private static Order order(OrderStatus status, long captured, long refunded) {
        Order order = new Order("o-1", "c-1", status, 3, 3399, "EUR", captured, refunded, LineStatuses.pending(2),
                Instant.EPOCH, Instant.EPOCH);
        return captured > 0 ? order.paidBy(PAYMENT) : order;
    }

    /** The first order the lifecycle's moves make in {@code status} of a new one of 3399 EUR, paid by {@link #PAYMENT} if captured. */
    private static Order order(OrderStatus status) {
        return paid(LifecycleOrders.first(status, LifecycleOrders.created(2, 3399)));
    }

    private static Order paid(Order order) {
        return order.capturedAmount() > 0 ? order.paidBy(PAYMENT) : order;
    }

    private static PaymentDecision decide(PaymentEvent event, Order order, PaymentIssue... issues) {
        return PaymentDecision.decide(event, new PaymentRecords(Optional.of(order), List.of(), List.of(issues)), "webhook:test",
                NOW);
    }

    private static PaymentDecision decideWithoutOrder(PaymentEvent event, PaymentIssue... issues) {
        return PaymentDecision.decide(event, new PaymentRecords(Optional.empty(), List.of(), List.of(issues)), "webhook:test",
                NOW);
    }

    /** An issue of a second capture {@code evt_2} of 3399 EUR in the provider's payment {@code pay_2}, {@code refunded} of it refunded. */
    private static PaymentIssue duplicateCapture(long refunded, Optional<String> customerId) {
        return new PaymentIssue("o-1", customerId, "evt_2",
                customerId.isPresent() ? PaymentIssueKind.DUPLICATE_CAPTURE : PaymentIssueKind.UNKNOWN_ORDER,
                Optional.of(new PaymentIssue.Payment("pay_2", PaymentIssue.Direction.CAPTURE)), 3399, "EUR", refunded,
                refunded, Instant.EPOCH, Optional.empty());
    }

    private static PaymentIssueKind issueOf(PaymentDecision decision) {
        RecordIssue issue = assertInstanceOf(RecordIssue.class, decision);
        return issue.issue().kind();
    }

    private static OrderChange only(OrderStep step) {
        assertEquals(1, step.changes().size());
        return step.changes().get(0);
    }

    @Test
    void aCaptureOfTheTotalPaysAnOrderThatAwaitsPaymentAsOneEventWithTheAmountCaptured() {
        for (OrderStatus status : new OrderStatus[] {OrderStatus.CREATED, OrderStatus.AWAITING_PAYMENT}) {
            Order read = order(status);
            Apply apply = assertInstanceOf(Apply.class, decide(event("payment.succeeded", 3399, "EUR"), read));
            Order after = apply.step().after();
            assertEquals(OrderStatus.PAID, after.status());
            assertEquals(3399, after.capturedAmount());
            assertEquals(read.version() + 1, after.version());
            assertEquals(NOW, after.updatedAt());
            assertEquals(Optional.of(PAYMENT), after.paymentId());
            assertEquals(new OrderChange.PaymentCaptured(status, OrderStatus.PAID, 3399, "EUR", Optional.of("evt_1"),
                    Optional.of(PAYMENT), Optional.empty()), only(apply.step()));
        }
    }

    @Test
    void aCaptureOfAnotherAmountOrCurrencyIsAnAmountMismatch() {
        assertEquals(PaymentIssueKind.AMOUNT_MISMATCH,
                issueOf(decide(event("payment.succeeded", 3398, "EUR"), order(OrderStatus.CREATED))));
        assertEquals(PaymentIssueKind.AMOUNT_MISMATCH,
                issueOf(decide(event("payment.succeeded", 3399, "USD"), order(OrderStatus.AWAITING_PAYMENT))));
    }

    @Test
    void aCaptureOfACancelledOrderIsCaptureAfterCancelWhateverItsAmount() {
        assertEquals(PaymentIssueKind.CAPTURE_AFTER_CANCEL,
                issueOf(decide(event("payment.succeeded", 3399, "EUR"), order(OrderStatus.CANCELLED))));
        assertEquals(PaymentIssueKind.CAPTURE_AFTER_CANCEL,
                issueOf(decide(event("payment.succeeded", 1, "USD"), order(OrderStatus.CANCELLED))));
    }

    @Test
    void aCaptureOfAnOrderTheSystemExpiredIsCaptureAfterExpiryNeverAPayment() {
        PaymentDecision decision = decide(event("payment.succeeded", 3399, "EUR"), order(OrderStatus.EXPIRED));

        assertEquals(PaymentIssueKind.CAPTURE_AFTER_EXPIRY, issueOf(decision));
        OrderStep step = ((RecordIssue) decision).step();
        assertEquals(OrderStatus.EXPIRED, step.after().status());
        assertEquals(0, step.after().capturedAmount());
    }

    @Test
    void aSecondCaptureOfAnOrderPaidAlreadyIsADuplicateCapture() {
        for (OrderStatus status : new OrderStatus[] {OrderStatus.PAID, OrderStatus.IN_FULFILLMENT,
                OrderStatus.PARTIALLY_FULFILLED, OrderStatus.FULFILLED, OrderStatus.REFUNDED}) {
            assertEquals(PaymentIssueKind.DUPLICATE_CAPTURE,
                    issueOf(decide(event("payment.succeeded", "pay_2", 3399, "EUR"), order(status))), status.name());
        }
    }

    @Test
    void anIssueIsOneVersionOfTheOrderThatChangesNothingElse() {
        Order read = order(OrderStatus.PAID);
        RecordIssue recorded = assertInstanceOf(RecordIssue.class, decide(event("refund.succeeded", 5000, "EUR"), read));
        assertEquals(PaymentIssue.open("o-1", Optional.of("c-1"), "evt_1", PaymentIssueKind.OVER_REFUND,
                PaymentIssue.Direction.REFUND, PAYMENT, 5000, "EUR", NOW), recorded.issue());
        assertEquals(read.next(read.status(), read.capturedAmount(), read.refundedAmount(), NOW), recorded.step().after());
        assertEquals(new OrderChange.PaymentIssueRecorded("evt_1", PaymentIssueKind.OVER_REFUND, Optional.of(PAYMENT),
                5000, "EUR"), only(recorded.step()));
        assertEquals(List.of(new RowChange.IssueOpened(recorded.issue())), recorded.step().rows());
    }

    @Test
    void paymentFailedMovesOnlyACreatedOrderToAwaitingPayment() {
        Apply apply = assertInstanceOf(Apply.class, decide(event("payment.failed", 3399, "EUR"), order(OrderStatus.CREATED)));
        assertEquals(OrderStatus.AWAITING_PAYMENT, apply.step().after().status());
        assertEquals(new OrderChange.OrderStatusChanged(OrderStatus.CREATED, OrderStatus.AWAITING_PAYMENT,
                Optional.of("payment.failed"), Optional.of("evt_1")), only(apply.step()));
        for (OrderStatus status : new OrderStatus[] {OrderStatus.AWAITING_PAYMENT, OrderStatus.PAID, OrderStatus.CANCELLED}) {
            assertEquals(new Acknowledge(PaymentOutcome.NOT_APPLICABLE),
                    decide(event("payment.failed", 1, "USD"), order(status)), status.name());
        }
    }

    @Test
    void partialRefundsAccumulateAndTheOneThatCompletesThemRefundsTheOrder() {
        Apply first = assertInstanceOf(Apply.class, decide(event("refund.succeeded", 1000, "EUR"),
                order(OrderStatus.IN_FULFILLMENT, 3399, 0)));
        assertEquals(OrderStatus.IN_FULFILLMENT, first.step().after().status());
        assertEquals(1000, first.step().after().refundedAmount());
        assertEquals(new OrderChange.RefundRecorded(OrderStatus.IN_FULFILLMENT, OrderStatus.IN_FULFILLMENT, 1000, "EUR",
                1000, Optional.of("evt_1"), Optional.of(PAYMENT), Optional.empty()), only(first.step()));

        Apply last = assertInstanceOf(Apply.class, decide(event("refund.succeeded", 2399, "EUR"),
                order(OrderStatus.IN_FULFILLMENT, 3399, 1000)));
        assertEquals(OrderStatus.REFUNDED, last.step().after().status());
        assertEquals(3399, last.step().after().refundedAmount());
        assertEquals(3399, last.step().after().capturedAmount());
    }

    @Test
    void aRefundAboveWhatIsLeftIsAnOverRefundAndInAnotherCurrencyAnAmountMismatch() {
        assertEquals(PaymentIssueKind.OVER_REFUND,
                issueOf(decide(event("refund.succeeded", 2400, "EUR"), order(OrderStatus.PAID, 3399, 1000))));
        assertEquals(PaymentIssueKind.OVER_REFUND,
                issueOf(decide(event("refund.succeeded", 1, "EUR"), order(OrderStatus.REFUNDED))));
        assertEquals(PaymentIssueKind.AMOUNT_MISMATCH,
                issueOf(decide(event("refund.succeeded", 100, "USD"), order(OrderStatus.PAID))));
    }

    @Test
    void noProviderMovesNothingSoACaptureOrRefundOfZeroIsRefusedAndAFailedAttemptOfZeroIsNot() {
        for (String type : new String[] {"payment.succeeded", "refund.succeeded"}) {
            ValidationException refused = assertThrows(ValidationException.class, () -> event(type, 0, "EUR"));
            assertEquals("data.amount: must be between 1 and 9007199254740991", refused.getMessage(), type);
        }
        assertEquals(0, event("payment.failed", 0, "EUR").amount());
    }

    @Test
    void aProviderAmountAboveWhatJavaScriptAndEventBridgeReadExactlyIsRefused() {
        for (String type : new String[] {"payment.succeeded", "payment.failed", "refund.succeeded"}) {
            assertEquals(Money.MAX_AMOUNT, event(type, Money.MAX_AMOUNT, "EUR").amount());
            for (long amount : new long[] {Money.MAX_AMOUNT + 1, Long.MAX_VALUE}) {
                ValidationException refused = assertThrows(ValidationException.class, () -> event(type, amount, "EUR"));
                assertTrue(refused.getMessage().startsWith("data.amount: must be between"), refused.getMessage());
            }
        }
    }

    @Test
    void moneyOnAnOrderWithoutLinesIsAnEmptyOrderIssueAndAFailedAttemptLeavesItCreated() {
        Order empty = new Order("o-1", "c-1", OrderStatus.CREATED, 3, 0, "EUR", 0, 0, LineStatuses.pending(0),
                Instant.EPOCH, Instant.EPOCH);
        RecordIssue issue = assertInstanceOf(RecordIssue.class, decide(event("payment.succeeded", 1, "EUR"), empty));
        assertEquals(PaymentIssueKind.EMPTY_ORDER, issue.issue().kind());
        assertEquals(OrderStatus.CREATED, issue.step().after().status());
        assertEquals(0, issue.step().after().capturedAmount());
        assertEquals(new Acknowledge(PaymentOutcome.NOT_APPLICABLE), decide(event("payment.failed", 0, "EUR"), empty));
    }

    @Test
    void theProviderOnlyMakesMovesItsRoleMayMake() {
        for (Order read : LifecycleOrders.reachedFrom(LifecycleOrders.created(2, 3399))) {
            for (String type : new String[] {"payment.succeeded", "payment.failed", "refund.succeeded"}) {
                PaymentDecision decision = decide(event(type, 3399, "EUR"), paid(read));
                if (decision instanceof Apply apply && apply.step().after().status() != read.status()) {
                    OrderStatus after = apply.step().after().status();
                    assertTrue(Role.PAYMENT_PROVIDER.mayMoveOrderTo(after), type + " " + read);
                    assertTrue(OrderStatus.Move.allowedFor(read).contains(after), type + " " + read);
                }
            }
        }
    }

    @Test
    void aRefundOfAPaymentAnIssueHoldsIsRecordedOnTheIssueAndMovesNoMoneyOfTheOrder() {
        Order read = order(OrderStatus.PAID);
        PaymentIssue holder = duplicateCapture(0, Optional.of("c-1"));
        Apply first = assertInstanceOf(Apply.class, decide(event("refund.succeeded", "pay_2", 1000, "EUR"), read, holder));
        Order after = first.step().after();
        assertEquals(read.next(OrderStatus.PAID, 3399, 0, NOW), after);
        assertEquals(new OrderChange.PaymentIssueRefunded("evt_1", "evt_2", "pay_2", 1000, "EUR", 1000),
                only(first.step()));
        assertEquals(List.of(new RowChange.IssueRefunded(holder, holder.refunded(new RefundTally(1000, 1000)))), first.step().rows());
        assertTrue(holder.refunded(new RefundTally(1000, 1000)).isOpen());

        Apply last = assertInstanceOf(Apply.class, decide(event("refund.succeeded", "pay_2", 2399, "EUR"), read,
                holder.refunded(new RefundTally(1000, 1000))));
        RowChange.IssueRefunded settled = (RowChange.IssueRefunded) last.step().rows().get(0);
        assertTrue(settled.after().isSettled());
        assertFalse(settled.after().isOpen());
        assertEquals(OrderStatus.PAID, last.step().after().status());
        assertEquals(0, last.step().after().refundedAmount());
    }

    @Test
    void aRefundAboveWhatAnIssueHoldsIsAnOverRefundAndTheIssueKeepsItsMoney() {
        PaymentIssue holder = duplicateCapture(3000, Optional.of("c-1"));
        RecordIssue over = assertInstanceOf(RecordIssue.class,
                decide(event("refund.succeeded", "pay_2", 400, "EUR"), order(OrderStatus.PAID), holder));
        assertEquals(PaymentIssueKind.OVER_REFUND, over.issue().kind());
        assertEquals("pay_2", over.issue().payment().orElseThrow().paymentId());
        assertEquals(List.of(new RowChange.IssueOpened(over.issue())), over.step().rows());
    }

    @Test
    void aRefundOfAPaymentNobodyKnowsIsAnUnmatchedRefund() {
        assertEquals(PaymentIssueKind.UNMATCHED_REFUND,
                issueOf(decide(event("refund.succeeded", "pay_elsewhere", 100, "EUR"), order(OrderStatus.PAID))));
        assertEquals(PaymentIssueKind.UNMATCHED_REFUND,
                issueOf(decide(event("refund.succeeded", PAYMENT, 3399, "EUR"), order(OrderStatus.CREATED))));
        // An issue of a refund holds no money to refund.
        PaymentIssue overRefund = PaymentIssue.open("o-1", Optional.of("c-1"), "evt_9", PaymentIssueKind.OVER_REFUND,
                PaymentIssue.Direction.REFUND, "pay_9", 10, "EUR", Instant.EPOCH);
        assertEquals(PaymentIssueKind.UNMATCHED_REFUND,
                issueOf(decide(event("refund.succeeded", "pay_9", 10, "EUR"), order(OrderStatus.PAID), overRefund)));
    }

    @Test
    void anotherEventOfAPaymentTakenAlreadyIsADuplicateNotASecondCapture() {
        assertEquals(new Acknowledge(PaymentOutcome.DUPLICATE),
                decide(event("evt_other", "payment.succeeded", PAYMENT, 3399, "EUR"), order(OrderStatus.PAID)));
        assertEquals(new Acknowledge(PaymentOutcome.DUPLICATE), decide(event("payment.succeeded", "pay_2", 3399, "EUR"),
                order(OrderStatus.PAID), duplicateCapture(0, Optional.of("c-1"))));
    }

    @Test
    void anEventAnIssueWasRecordedForIsADuplicate() {
        PaymentIssue recorded = duplicateCapture(0, Optional.of("c-1"));
        assertEquals(new Acknowledge(PaymentOutcome.DUPLICATE),
                decide(event("evt_2", "payment.succeeded", "pay_3", 3399, "EUR"), order(OrderStatus.PAID), recorded));
    }

    @Test
    void moneyForAnOrderThatDoesNotExistIsAnUnknownOrderIssueWithoutAnOrderEvent() {
        for (String type : new String[] {"payment.succeeded", "refund.succeeded"}) {
            RecordWithoutOrder recorded = assertInstanceOf(RecordWithoutOrder.class,
                    decideWithoutOrder(event(type, "pay_2", 3399, "EUR")));
            assertEquals(PaymentOutcome.PAYMENT_ISSUE, recorded.outcome());
            assertEquals(Optional.of(PaymentIssueKind.UNKNOWN_ORDER), recorded.issue());
            assertEquals("o-1", recorded.rows().orderId());
            PaymentIssue issue = ((RowChange.IssueOpened) recorded.rows().rows().get(0)).issue();
            assertEquals(Optional.empty(), issue.customerId());
            assertEquals(type.startsWith("payment") ? PaymentIssue.Direction.CAPTURE : PaymentIssue.Direction.REFUND,
                    issue.payment().orElseThrow().direction());
        }
    }

    @Test
    void aRefundOfTheCaptureOfAnUnknownOrderIsRecordedOnItsIssue() {
        PaymentIssue holder = duplicateCapture(0, Optional.empty());
        RecordWithoutOrder refunded = assertInstanceOf(RecordWithoutOrder.class,
                decideWithoutOrder(event("refund.succeeded", "pay_2", 3399, "EUR"), holder));
        assertEquals(PaymentOutcome.APPLIED, refunded.outcome());
        assertEquals(List.of(new RowChange.IssueRefunded(holder, holder.refunded(new RefundTally(3399, 3399)))), refunded.rows().rows());
        assertEquals(new Acknowledge(PaymentOutcome.DUPLICATE),
                decideWithoutOrder(event("payment.succeeded", "pay_2", 3399, "EUR"), holder));
    }

    @Test
    void aFailedAttemptForAnOrderThatDoesNotExistIsAcknowledged() {
        assertEquals(new Acknowledge(PaymentOutcome.ORDER_NOT_FOUND),
                decideWithoutOrder(event("payment.failed", 3399, "EUR")));
    }

    @Test
    void eventsWithUnsafeIdsOrBadFieldsAreRefused() {
        Optional<String> pay = Optional.of(PAYMENT);
        assertThrows(ValidationException.class, () -> new PaymentEvent("evt#1", PAYMENT_SUCCEEDED, 1, "o-1", pay, 1, "EUR"));
        assertThrows(ValidationException.class, () -> new PaymentEvent("evt_1", null, 1, "o-1", pay, 1, "EUR"));
        assertThrows(ValidationException.class, () -> new PaymentEvent("evt_1", PAYMENT_SUCCEEDED, -1, "o-1", pay, 1, "EUR"));
        assertThrows(ValidationException.class, () -> new PaymentEvent("evt_1", PAYMENT_SUCCEEDED, 1, "ORDER#o-1", pay, 1, "EUR"));
        assertThrows(ValidationException.class, () -> new PaymentEvent("evt_1", PAYMENT_SUCCEEDED, 1, "o-1", pay, -1, "EUR"));
        assertThrows(ValidationException.class, () -> new PaymentEvent("evt_1", PAYMENT_SUCCEEDED, 1, "o-1", pay, 1, "eur"));
        assertThrows(ValidationException.class, () -> new PaymentEvent("evt_1", PAYMENT_SUCCEEDED, 1, "o-1",
                Optional.of("pay#1"), 1, "EUR"));
    }

    @Test
    void capturesAndRefundsMustNameTheProvidersPaymentAndFailedAttemptsNeedNot() {
        for (PaymentEventType type : new PaymentEventType[] {PAYMENT_SUCCEEDED, PaymentEventType.REFUND_SUCCEEDED}) {
            ValidationException refused = assertThrows(ValidationException.class,
                    () -> new PaymentEvent("evt_1", type, 1, "o-1", Optional.empty(), 1, "EUR"));
            assertTrue(refused.getMessage().contains("data.paymentId"), refused.getMessage());
        }
        assertEquals(Optional.empty(), new PaymentEvent("evt_1", PaymentEventType.PAYMENT_FAILED, 1, "o-1",
                Optional.empty(), 1, "EUR").paymentId());
    }

    /** A refund {@code eventId} of {@code amount} EUR of {@link #PAYMENT} that came before its capture: an open issue. */
    private static PaymentIssue earlyRefund(String eventId, long amount, Instant at, boolean orderExists) {
        return PaymentIssue.open("o-1", orderExists ? Optional.of("c-1") : Optional.empty(), eventId,
                orderExists ? PaymentIssueKind.UNMATCHED_REFUND : PaymentIssueKind.UNKNOWN_ORDER,
                PaymentIssue.Direction.REFUND, PAYMENT, amount, "EUR", at);
    }

    @Test
    void aRefundThatCameBeforeItsCaptureIsRecordedAfterItAsIfTheyHadComeInOrder() {
        PaymentIssue early = earlyRefund("evt_r", 1000, Instant.EPOCH, true);
        Order read = order(OrderStatus.AWAITING_PAYMENT);
        Apply apply = assertInstanceOf(Apply.class, decide(event("evt_c", "payment.succeeded", PAYMENT, 3399, "EUR"),
                read, early));
        assertEquals(List.of(new OrderChange.PaymentCaptured(OrderStatus.AWAITING_PAYMENT, OrderStatus.PAID, 3399,
                        "EUR", Optional.of("evt_c"), Optional.of(PAYMENT), Optional.empty()),
                new OrderChange.RefundRecorded(OrderStatus.PAID, OrderStatus.PAID, 1000, "EUR", 1000,
                        Optional.of("evt_r"), Optional.of(PAYMENT), Optional.empty())), apply.step().changes());
        Order after = apply.step().after();
        assertEquals(List.of(OrderStatus.PAID, read.version() + 2, 3399L, 1000L), List.of(after.status(), after.version(),
                after.capturedAmount(), after.refundedAmount()));
        RowChange.IssueRefunded settled = assertInstanceOf(RowChange.IssueRefunded.class,
                apply.step().rows().get(0));
        assertEquals(early, settled.before());
        assertTrue(settled.after().isSettled());
        assertFalse(settled.after().isOpen());
        assertEquals(1000, settled.after().refundedAmount());
    }

    @Test
    void earlyRefundsOfAllThatIsCapturedRefundTheOrderAndOneThatDoesNotFitStaysOpen() {
        PaymentIssue first = earlyRefund("evt_r1", 3000, Instant.EPOCH, true);
        PaymentIssue second = earlyRefund("evt_r2", 399, Instant.EPOCH.plusSeconds(1), true);
        PaymentIssue tooMuch = earlyRefund("evt_r0", 500, Instant.EPOCH.plusSeconds(2), true);
        PaymentIssue resolvedByHand = earlyRefund("evt_r9", 1, Instant.EPOCH, true)
                .resolved(new PaymentIssue.Resolution(Instant.EPOCH, "user:ops", "refunded by hand"));
        Apply apply = assertInstanceOf(Apply.class, decide(event("evt_c", "payment.succeeded", PAYMENT, 3399, "EUR"),
                order(OrderStatus.CREATED), tooMuch, second, resolvedByHand, first));
        assertEquals(List.of("PaymentCaptured", "RefundRecorded", "RefundRecorded"),
                apply.step().changes().stream().map(OrderChange::type).toList());
        OrderChange.RefundRecorded last = (OrderChange.RefundRecorded) apply.step().changes().get(2);
        assertEquals(new OrderChange.RefundRecorded(OrderStatus.PAID, OrderStatus.REFUNDED, 399, "EUR", 3399,
                Optional.of("evt_r2"), Optional.of(PAYMENT), Optional.empty()), last);
        assertEquals(OrderStatus.REFUNDED, apply.step().after().status());
        assertEquals(List.of("evt_r1", "evt_r2"), apply.step().rows().stream()
                .map(row -> ((RowChange.IssueRefunded) row).before().eventId()).toList());
    }

    @Test
    void aCaptureTheOrderCannotTakeTakesTheRefundsThatCameBeforeItOnItsIssue() {
        PaymentIssue early = earlyRefund("evt_r", 1000, Instant.EPOCH, true);
        Order read = order(OrderStatus.AWAITING_PAYMENT);
        RecordIssue recorded = assertInstanceOf(RecordIssue.class,
                decide(event("evt_c", "payment.succeeded", PAYMENT, 3000, "EUR"), read, early));
        assertEquals(PaymentIssueKind.AMOUNT_MISMATCH, recorded.issue().kind());
        assertEquals(1000, recorded.issue().refundedAmount());
        assertTrue(recorded.issue().isOpen());
        assertEquals(List.of(new OrderChange.PaymentIssueRecorded("evt_c", PaymentIssueKind.AMOUNT_MISMATCH,
                        Optional.of(PAYMENT), 3000, "EUR"),
                new OrderChange.PaymentIssueRefunded("evt_r", "evt_c", PAYMENT, 1000, "EUR", 1000)),
                recorded.step().changes());
        assertEquals(read.recorded(2, NOW), recorded.step().after());
        assertEquals(List.of(new RowChange.IssueOpened(recorded.issue()),
                new RowChange.IssueRefunded(early, early.recordedAgainstCapture())), recorded.step().rows());
    }

    @Test
    void aCaptureOfAnUnknownOrderTakesTheRefundsThatCameBeforeIt() {
        PaymentIssue early = earlyRefund("evt_r", 3399, Instant.EPOCH, false);
        RecordWithoutOrder recorded = assertInstanceOf(RecordWithoutOrder.class,
                decideWithoutOrder(event("evt_c", "payment.succeeded", PAYMENT, 3399, "EUR"), early));
        PaymentIssue capture = ((RowChange.IssueOpened) recorded.rows().rows().get(0)).issue();
        assertEquals(PaymentIssueKind.UNKNOWN_ORDER, capture.kind());
        assertTrue(capture.isSettled());
        assertEquals(new RowChange.IssueRefunded(early, early.recordedAgainstCapture()), recorded.rows().rows().get(1));
    }

    @Test
    void aRefundThatDoesNotAwaitACaptureIsNotTakenByOne() {
        PaymentIssue overRefund = PaymentIssue.open("o-1", Optional.of("c-1"), "evt_r", PaymentIssueKind.OVER_REFUND,
                PaymentIssue.Direction.REFUND, PAYMENT, 10, "EUR", Instant.EPOCH);
        PaymentIssue otherPayment = PaymentIssue.open("o-1", Optional.of("c-1"), "evt_r2",
                PaymentIssueKind.UNMATCHED_REFUND, PaymentIssue.Direction.REFUND, "pay_other", 10, "EUR", Instant.EPOCH);
        Apply apply = assertInstanceOf(Apply.class, decide(event("evt_c", "payment.succeeded", PAYMENT, 3399, "EUR"),
                order(OrderStatus.CREATED), overRefund, otherPayment));
        assertEquals(1, apply.step().changes().size());
        assertEquals(List.of(), apply.step().rows());
    }

    @Test
    void aRunningTotalCountsWhatTheOrdersRefundsDoNotAndARefundItCountedIsOnlyIdentified() {
        Order read = order(OrderStatus.PAID, 3399, 0);
        Apply total = assertInstanceOf(Apply.class, decide(event("evt_t", "payment.refunded", PAYMENT, 1000, "EUR"), read));
        assertEquals(new RefundTally(1000, 0), total.step().after().refunds());
        assertEquals(new OrderChange.RefundRecorded(OrderStatus.PAID, OrderStatus.PAID, 1000, "EUR", 1000,
                Optional.of("evt_t"), Optional.of(PAYMENT), Optional.empty()), only(total.step()));

        Order counted = total.step().after();
        Apply identified = assertInstanceOf(Apply.class, decide(event("re_1", "refund.succeeded", PAYMENT, 1000, "EUR"),
                counted));
        assertEquals(new RefundTally(1000, 1000), identified.step().after().refunds());
        assertEquals(counted.version() + 1, identified.step().after().version());
        assertEquals(new OrderChange.RefundIdentified("re_1", PAYMENT, 1000, "EUR", 1000), only(identified.step()));

        assertEquals(new Acknowledge(PaymentOutcome.DUPLICATE),
                decide(event("evt_t0", "payment.refunded", PAYMENT, 600, "EUR"), identified.step().after()));
        assertEquals(PaymentIssueKind.OVER_REFUND,
                issueOf(decide(event("evt_t2", "payment.refunded", PAYMENT, 3400, "EUR"), counted)));
    }

    @Test
    void aRunningTotalOfAPaymentAnIssueHoldsIsCountedOnTheIssue() {
        Order read = order(OrderStatus.PAID);
        PaymentIssue holder = duplicateCapture(0, Optional.of("c-1"));
        Apply total = assertInstanceOf(Apply.class, decide(event("evt_t", "payment.refunded", "pay_2", 1000, "EUR"),
                read, holder));
        PaymentIssue counted = holder.refunded(new RefundTally(1000, 0));
        assertEquals(List.of(new RowChange.IssueRefunded(holder, counted)), total.step().rows());

        Apply identified = assertInstanceOf(Apply.class, decide(event("re_1", "refund.succeeded", "pay_2", 1000, "EUR"),
                read, counted));
        assertEquals(new OrderChange.RefundIdentified("re_1", "pay_2", 1000, "EUR", 1000), only(identified.step()));
        assertEquals(List.of(new RowChange.IssueRefunded(counted, counted.refunded(new RefundTally(1000, 1000)))),
                identified.step().rows());
    }

    @Test
    void aRunningTotalOfAPaymentNoCaptureOfWhichIsRecordedIsAnIssueNoCaptureTakes() {
        PaymentEvent early = event("evt_t", "payment.refunded", "pay_9", 1000, "EUR");
        assertEquals(PaymentIssueKind.UNMATCHED_REFUND_TOTAL, issueOf(decide(early, order(OrderStatus.AWAITING_PAYMENT))));
        RecordWithoutOrder alone = assertInstanceOf(RecordWithoutOrder.class, decideWithoutOrder(early));
        PaymentIssue issue = ((RowChange.IssueOpened) alone.rows().rows().get(0)).issue();
        assertEquals(List.of(PaymentIssueKind.UNMATCHED_REFUND_TOTAL, false), List.of(issue.kind(),
                issue.awaitsCaptureOf("pay_9")));
    }

    @Test
    void aRefundThatFailedIsAnIssueWhereItMayHaveCountedAndNothingWhereItCannotHave() {
        PaymentEvent failed = event("re_1-failed", "refund.failed", PAYMENT, 1000, "EUR");
        assertEquals(PaymentIssueKind.REFUND_FAILED, issueOf(decide(failed, order(OrderStatus.PAID, 3399, 1000))));
        assertEquals(new Acknowledge(PaymentOutcome.NOT_APPLICABLE), decide(failed, order(OrderStatus.PAID, 3399, 999)));
        assertEquals(new Acknowledge(PaymentOutcome.NOT_APPLICABLE), decide(failed, order(OrderStatus.AWAITING_PAYMENT)));
        PaymentIssue holder = duplicateCapture(1000, Optional.empty());
        RecordWithoutOrder onIssue = assertInstanceOf(RecordWithoutOrder.class, decideWithoutOrder(
                event("re_1-failed", "refund.failed", "pay_2", 1000, "EUR"), holder));
        assertEquals(Optional.of(PaymentIssueKind.REFUND_FAILED), onIssue.issue());
    }
}
