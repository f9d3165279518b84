package dev.orders.dynamodb.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.feed.ListingOrder;
import dev.orders.application.payment.ProcessPaymentEvent;
import dev.orders.core.order.LineChangeOutcome;
import dev.orders.core.order.LineRequest;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OpenPaymentIssue;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.order.PaymentIssueKind;
import dev.orders.core.order.Role;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.core.payment.PaymentEventOutcome;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.order.DynamoDbOrderStore;
import dev.orders.dynamodb.order.ProcessedRequestCodec;
import dev.orders.dynamodb.processed.ProcessedRecords;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.Race;
import dev.orders.testsupport.TestTable;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The money of an order against Dynoxide: captures, partial refunds, and the payment issues nobody may lose. */
@ExtendWith(DynamoDbExtension.class)
class PaymentMoneyTest {
    private static final long TOTAL = 1250 + 899;

    private Fixture fx;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
        fx.putProduct("TEA", 899);
    }

    /**
     * Providers resend old events from their dashboards: a refund applied once stays applied once, however
     * late it comes again. Only the record of an event that changed nothing expires.
     */
    @Test
    void aRefundRedeliveredAYearLaterIsADuplicateAndAnEventThatChangedNothingIsForgotten() {
        fx.createOrder("c-1", "o-1", 3399);
        assertEquals(PaymentOutcome.APPLIED, capture("evt_pay", "o-1", 3399).outcome());
        assertEquals(PaymentOutcome.APPLIED, refund("evt_ref", "o-1", "pay_evt_pay", 1000).outcome());
        PaymentEvent lateFailure = new PaymentEvent("evt_failed", PaymentEventType.PAYMENT_FAILED, 1_795_348_800L, "o-1",
                Optional.empty(), 3399, "EUR");
        assertEquals(PaymentOutcome.NOT_APPLICABLE, fx.processPaymentEvent.process(lateFailure).outcome());

        Clock aYearLater = Clock.offset(fx.clock, Duration.ofDays(365));
        ProcessedRecords records = new ProcessedRecords(fx.table, aYearLater);
        ProcessPaymentEvent processorThen = new ProcessPaymentEvent(new DynamoDbOrderStore(fx.table, fx.reads,
                fx.products, records, new ProcessedRequestCodec(records, aYearLater)), aYearLater,
                ProcessPaymentEvent.ACTOR);

        assertEquals(PaymentOutcome.DUPLICATE, processorThen.process(
                event("evt_ref", PaymentEventType.REFUND_SUCCEEDED, "o-1", "pay_evt_pay", 1000, "EUR")).outcome());
        assertEquals(1000, header("o-1").refundedAmount());
        assertEquals(PaymentOutcome.DUPLICATE, processorThen.process(
                event("evt_pay", PaymentEventType.PAYMENT_SUCCEEDED, "o-1", "pay_evt_pay", 3399, "EUR")).outcome());
        assertEquals(PaymentOutcome.NOT_APPLICABLE, processorThen.process(lateFailure).outcome(),
                "the record of an event that changed nothing expired: it is decided again, and changes nothing");
        assertFalse(fx.raw(Keys.webhookEventPk("evt_ref"), Keys.WEBHOOK_EVENT_SK).containsKey("expiresAt"));
        assertTrue(fx.raw(Keys.webhookEventPk("evt_failed"), Keys.WEBHOOK_EVENT_SK).containsKey("expiresAt"));
    }

    private static PaymentEvent event(String id, PaymentEventType type, String orderId, String paymentId, long amount,
                                      String currency) {
        return new PaymentEvent(id, type, 1_795_348_800L, orderId, Optional.of(paymentId), amount, currency);
    }

    /** A capture of the provider's event {@code id}, in its payment {@code pay_<id>}. */
    private PaymentEventOutcome capture(String id, String orderId, long amount) {
        return fx.processPaymentEvent.process(event(id, PaymentEventType.PAYMENT_SUCCEEDED, orderId, "pay_" + id, amount, "EUR"));
    }

    private PaymentEventOutcome refund(String id, String orderId, String paymentId, long amount) {
        return fx.processPaymentEvent.process(event(id, PaymentEventType.REFUND_SUCCEEDED, orderId, paymentId, amount, "EUR"));
    }

    private Order header(String orderId) {
        return fx.reads.findRootById(orderId).orElseThrow();
    }

    private OrderAggregate aggregate(String orderId) {
        return fx.reads.findAggregateById(orderId).orElseThrow();
    }

    private static void assertIssue(PaymentIssueKind kind, PaymentEventOutcome processed) {
        assertEquals(PaymentOutcome.PAYMENT_ISSUE, processed.outcome(), processed.toString());
        assertEquals(Optional.of(kind), processed.issue());
    }

    @Test
    void aCaptureRacingALineAdditionNeverLeavesAPaidOrderWhoseTotalDiffersFromTheAmountCaptured() {
        int paid = 0;
        int mismatched = 0;
        for (int round = 0; round < 20; round++) {
            String orderId = "o-race-" + round;
            String eventId = "evt_race_" + round;
            fx.createOrder("c-1", orderId, 1250, 899);
            List<Object> outcomes = Race.run(2, racer -> racer == 0
                    ? capture(eventId, orderId, TOTAL)
                    : fx.addLine.add("c-1", orderId, new LineRequest("TEA", 1), Optional.empty(), Optional.empty(), "customer:c-1"));
            PaymentEventOutcome processed = (PaymentEventOutcome) outcomes.get(0);
            Order order = header(orderId);
            if (order.status() == OrderStatus.PAID) {
                // The capture came first: it paid exactly the total, and checkout froze the lines.
                paid++;
                assertEquals(PaymentOutcome.APPLIED, processed.outcome());
                assertEquals(TOTAL, order.total());
                assertEquals(TOTAL, order.capturedAmount());
                assertInstanceOf(LineChangeOutcome.OrderNotOpen.class, outcomes.get(1));
            } else {
                // The line came first: the capture no longer pays the total and is an issue, not a payment.
                mismatched++;
                assertIssue(PaymentIssueKind.AMOUNT_MISMATCH, processed);
                assertInstanceOf(LineChangeOutcome.Added.class, outcomes.get(1));
                assertEquals(OrderStatus.CREATED, order.status());
                assertEquals(TOTAL + 899, order.total());
                assertEquals(0, order.capturedAmount());
                assertEquals(List.of(PaymentIssueKind.AMOUNT_MISMATCH),
                        aggregate(orderId).paymentIssues().stream().map(PaymentIssue::kind).toList());
            }
        }
        assertEquals(20, paid + mismatched);
    }

    @Test
    void partialRefundsAccumulateAndTheOrderIsRefundedWhenEverythingCapturedIs() {
        fx.createOrder("c-1", "o-1", 1250, 899);
        assertEquals(PaymentOutcome.APPLIED, capture("evt_pay", "o-1", TOTAL).outcome());

        assertEquals(PaymentOutcome.APPLIED, refund("evt_r1", "o-1", "pay_evt_pay", 1000).outcome());
        assertEquals(OrderStatus.PAID, header("o-1").status());
        assertEquals(1000, header("o-1").refundedAmount());
        assertEquals(PaymentOutcome.APPLIED, refund("evt_r2", "o-1", "pay_evt_pay", 1000).outcome());
        assertEquals(PaymentOutcome.DUPLICATE, refund("evt_r2", "o-1", "pay_evt_pay", 1000).outcome());
        assertEquals(2000, header("o-1").refundedAmount());
        assertEquals(PaymentOutcome.APPLIED, refund("evt_r3", "o-1", "pay_evt_pay", TOTAL - 2000).outcome());

        Order order = header("o-1");
        assertEquals(OrderStatus.REFUNDED, order.status());
        assertEquals(TOTAL, order.capturedAmount());
        assertEquals(TOTAL, order.refundedAmount());
        List<OrderEvent> events = fx.events("c-1", "o-1");
        assertEquals(List.of("OrderCreated", "PaymentCaptured", "RefundRecorded", "RefundRecorded", "RefundRecorded"),
                events.stream().map(OrderEvent::type).toList());
        assertEquals(new OrderChange.RefundRecorded(OrderStatus.PAID, OrderStatus.REFUNDED, TOTAL - 2000, "EUR", TOTAL,
                Optional.of("evt_r3"), Optional.of("pay_evt_pay"), Optional.empty()), events.get(4).change());
    }

    @Test
    void eachIssueKindIsRecordedOncePerProviderEventAndItsRedeliveriesStayDuplicates() {
        fx.createOrder("c-1", "o-mismatch", 1250, 899);
        fx.createOrder("c-1", "o-cancelled", 1250, 899);
        fx.advance("c-1", "o-cancelled", OrderStatus.CANCELLED);
        fx.createOrder("c-1", "o-paid", 1250, 899);
        capture("evt_first", "o-paid", TOTAL);

        for (int delivery = 0; delivery < 3; delivery++) {
            PaymentOutcome expected = delivery == 0 ? PaymentOutcome.PAYMENT_ISSUE : PaymentOutcome.DUPLICATE;
            assertEquals(expected, capture("evt_short", "o-mismatch", TOTAL - 1).outcome());
            assertEquals(expected, capture("evt_cancelled", "o-cancelled", TOTAL).outcome());
            assertEquals(expected, capture("evt_second", "o-paid", TOTAL).outcome());
            assertEquals(expected, refund("evt_over", "o-paid", "pay_evt_first", TOTAL + 1).outcome());
        }

        assertIssues("o-mismatch", PaymentIssueKind.AMOUNT_MISMATCH, "evt_short", TOTAL - 1, OrderStatus.CREATED);
        assertIssues("o-cancelled", PaymentIssueKind.CAPTURE_AFTER_CANCEL, "evt_cancelled", TOTAL, OrderStatus.CANCELLED);
        List<PaymentIssue> paid = aggregate("o-paid").paymentIssues();
        assertEquals(List.of(PaymentIssueKind.OVER_REFUND, PaymentIssueKind.DUPLICATE_CAPTURE),
                paid.stream().map(PaymentIssue::kind).toList(), "by event id: evt_over, evt_second");
        Order order = header("o-paid");
        assertEquals(OrderStatus.PAID, order.status());
        assertEquals(TOTAL, order.capturedAmount());
        assertEquals(0, order.refundedAmount());
        assertEquals(List.of("OrderCreated", "PaymentCaptured", "PaymentIssueRecorded", "PaymentIssueRecorded"),
                fx.events("c-1", "o-paid").stream().map(OrderEvent::type).toList());
    }

    @Test
    void aRefundInAnotherCurrencyIsAnAmountMismatchAndMovesNoMoney() {
        fx.createOrder("c-1", "o-1", 1250, 899);
        capture("evt_pay", "o-1", TOTAL);

        assertIssue(PaymentIssueKind.AMOUNT_MISMATCH,
                fx.processPaymentEvent.process(event("evt_usd", PaymentEventType.REFUND_SUCCEEDED, "o-1", "pay_evt_pay", 100, "USD")));
        assertEquals(0, header("o-1").refundedAmount());
    }

    /** The order holds exactly one open issue, of {@code kind} for {@code eventId}, recorded by one event; its status unchanged. */
    private void assertIssues(String orderId, PaymentIssueKind kind, String eventId, long amount, OrderStatus status) {
        Order order = header(orderId);
        assertEquals(List.of(PaymentIssue.open(orderId, Optional.of("c-1"), eventId, kind, PaymentIssue.Direction.CAPTURE,
                "pay_" + eventId, amount, "EUR", aggregate(orderId).paymentIssues().get(0).at())),
                aggregate(orderId).paymentIssues());
        assertEquals(status, order.status());
        assertEquals(0, order.capturedAmount());
        List<OrderEvent> events = fx.events("c-1", orderId);
        OrderEvent last = events.get(events.size() - 1);
        assertEquals(new OrderChange.PaymentIssueRecorded(eventId, kind, Optional.of("pay_" + eventId), amount, "EUR"),
                last.change());
        assertEquals(ProcessPaymentEvent.ACTOR, last.by());
        assertEquals(order.version(), last.version());
        assertTrue(events.stream().filter(event -> event.type().equals("PaymentIssueRecorded")).count() == 1);
    }

    /** The review's finding: a refund of the second charge refunded the order. It settles the second charge's issue. */
    @Test
    void aRefundOfADuplicateChargeSettlesItsIssueAndLeavesTheOrderPaidAndFulfillable() {
        fx.createOrder("c-1", "o-1", 1250, 899);
        capture("evt_c1", "o-1", TOTAL);
        assertIssue(PaymentIssueKind.DUPLICATE_CAPTURE, capture("evt_c2", "o-1", TOTAL));

        assertEquals(PaymentOutcome.APPLIED, refund("evt_r1", "o-1", "pay_evt_c2", 1000).outcome());
        assertEquals(List.of("evt_c2"), openIssueIds());
        assertEquals(PaymentOutcome.APPLIED, refund("evt_r2", "o-1", "pay_evt_c2", TOTAL - 1000).outcome());
        assertEquals(PaymentOutcome.DUPLICATE, refund("evt_r2", "o-1", "pay_evt_c2", TOTAL - 1000).outcome());

        Order order = header("o-1");
        assertEquals(OrderStatus.PAID, order.status());
        assertEquals(TOTAL, order.capturedAmount());
        assertEquals(0, order.refundedAmount());
        assertEquals(Optional.of("pay_evt_c1"), order.paymentId());
        PaymentIssue settled = aggregate("o-1").paymentIssues().get(0);
        assertEquals(TOTAL, settled.refundedAmount());
        assertTrue(settled.isSettled());
        assertEquals(List.of(), openIssueIds(), "a settled issue leaves the open queue");
        assertFalse(fx.raw(Keys.orderPk("o-1"), Keys.issueSk("evt_c2")).containsKey(Keys.GSI2PK));
        List<OrderEvent> events = fx.events("c-1", "o-1");
        assertEquals(List.of("OrderCreated", "PaymentCaptured", "PaymentIssueRecorded", "PaymentIssueRefunded",
                "PaymentIssueRefunded"), events.stream().map(OrderEvent::type).toList());
        assertEquals(new OrderChange.PaymentIssueRefunded("evt_r2", "evt_c2", "pay_evt_c2", TOTAL - 1000, "EUR", TOTAL),
                events.get(4).change());
        fx.advance("c-1", "o-1", OrderStatus.IN_FULFILLMENT);
        assertEquals(OrderStatus.IN_FULFILLMENT, header("o-1").status());
    }

    /** A row written before payments were named (no paymentId, direction or refundedAmount) still reads. */
    @Test
    void anIssueRecordedBeforePaymentsWereNamedIsReadAndNoRefundAppliesToIt() {
        fx.createOrder("c-1", "o-1", 1250, 899);
        capture("evt_c1", "o-1", TOTAL);
        assertIssue(PaymentIssueKind.DUPLICATE_CAPTURE, capture("evt_c2", "o-1", TOTAL));
        fx.testTable.client().updateItem(b -> b.tableName(fx.table.tableName())
                .key(Map.of(Keys.PK, AttributeValue.fromS(Keys.orderPk("o-1")), Keys.SK,
                        AttributeValue.fromS(Keys.issueSk("evt_c2"))))
                .updateExpression("REMOVE paymentId, direction, refundedAmount"));

        PaymentIssue legacy = aggregate("o-1").paymentIssues().get(0);
        assertEquals(Optional.empty(), legacy.payment());
        assertEquals(0, legacy.refundedAmount());
        assertTrue(legacy.isOpen());
        assertIssue(PaymentIssueKind.UNMATCHED_REFUND, refund("evt_r1", "o-1", "pay_evt_c2", 100));
    }

    /**
     * Rows written before running totals were counted (no itemizedRefundedAmount) read as refunds all told one by one,
     * and a total and a refund then count on them as on any.
     */
    @Test
    void rowsRecordedBeforeRunningTotalsReadAsRefundsToldOneByOne() {
        fx.createOrder("c-1", "o-1", 1250, 899);
        capture("evt_c1", "o-1", TOTAL);
        assertIssue(PaymentIssueKind.DUPLICATE_CAPTURE, capture("evt_c2", "o-1", TOTAL));
        refund("evt_r1", "o-1", "pay_evt_c1", 1000);
        refund("evt_r2", "o-1", "pay_evt_c2", 1000);
        for (String sk : List.of(Keys.ROOT_SK, Keys.issueSk("evt_c2"))) {
            fx.testTable.client().updateItem(b -> b.tableName(fx.table.tableName())
                    .key(Map.of(Keys.PK, AttributeValue.fromS(Keys.orderPk("o-1")), Keys.SK, AttributeValue.fromS(sk)))
                    .updateExpression("REMOVE itemizedRefundedAmount"));
        }

        assertEquals(List.of(1000L, 1000L), List.of(header("o-1").itemizedRefundedAmount(),
                aggregate("o-1").paymentIssues().get(0).itemizedRefundedAmount()));
        for (String payment : List.of("pay_evt_c1", "pay_evt_c2")) {
            assertEquals(PaymentOutcome.APPLIED, fx.processPaymentEvent.process(event("evt_t_" + payment,
                    PaymentEventType.REFUNDED_IN_ALL, "o-1", payment, 1500, "EUR")).outcome());
            assertEquals(PaymentOutcome.APPLIED, refund("re_" + payment, "o-1", payment, 500).outcome());
        }
        assertEquals(List.of(1500L, 1500L), List.of(header("o-1").refundedAmount(),
                aggregate("o-1").paymentIssues().get(0).refundedAmount()));
    }

    @Test
    void aRefundOfAPaymentNeitherTheOrderNorAnIssueHoldsIsAnUnmatchedRefundAndMovesNoMoney() {
        fx.createOrder("c-1", "o-1", 1250, 899);
        capture("evt_c1", "o-1", TOTAL);

        assertIssue(PaymentIssueKind.UNMATCHED_REFUND, refund("evt_r1", "o-1", "pay_elsewhere", 500));
        assertEquals(0, header("o-1").refundedAmount());
        assertEquals(List.of("evt_r1"), openIssueIds());
    }

    @Test
    void moneyForAnOrderThatDoesNotExistIsAnIssueForAdministratorsAndItsRefundSettlesIt() {
        assertIssue(PaymentIssueKind.UNKNOWN_ORDER, capture("evt_c1", "o-ghost", 2500));
        assertEquals(PaymentOutcome.DUPLICATE, capture("evt_c1", "o-ghost", 2500).outcome());
        List<OpenPaymentIssue> open = fx.issues.open(ListingOrder.NEWEST_FIRST, 10, Optional.empty()).items();
        assertEquals(1, open.size());
        assertEquals(new OpenPaymentIssue("o-ghost", Optional.empty(), "evt_c1", PaymentIssueKind.UNKNOWN_ORDER, 2500,
                "EUR", open.get(0).at()), open.get(0));
        assertEquals(Optional.empty(), fx.reads.findRootById("o-ghost"));
        assertFalse(fx.raw(Keys.webhookEventPk("evt_c1"), Keys.WEBHOOK_EVENT_SK).containsKey("expiresAt"),
                "money recorded is remembered for good");

        assertEquals(PaymentOutcome.APPLIED, refund("evt_r1", "o-ghost", "pay_evt_c1", 2500).outcome());
        assertEquals(List.of(), openIssueIds());
        PaymentIssue settled = fx.reads.findPayments("o-ghost").issues().get(0);
        assertEquals(2500, settled.refundedAmount());
        assertTrue(settled.isSettled());
        assertIssue(PaymentIssueKind.UNKNOWN_ORDER, refund("evt_r2", "o-ghost", "pay_unknown", 100));
        assertEquals(Optional.empty(), fx.reads.findRootById("o-ghost"));
    }

    /**
     * Providers do not promise to deliver in order: a refund of a charge may reach the webhook before its capture.
     * Sent one after the other in both orders, or together, the money and the log end as if they came in order.
     */
    @Test
    void aCaptureAndARefundOfItsPaymentEndAsIfTheyCameInOrderWhicheverArrivesFirst() {
        Map<String, Integer> counts = new TreeMap<>();
        for (int round = 0; round < ROUNDS; round++) {
            String sent = round % 3 == 0 ? "sent capture, refund" : round % 3 == 1 ? "sent refund, capture" : "together";
            String orderId = "o-cr-" + round;
            fx.createOrder("c-1", orderId, 1250, 899);
            String capture = "evt_c_" + round;
            String refund = "evt_r_" + round;
            if (round % 3 == 0) {
                capture(capture, orderId, TOTAL);
                refund(refund, orderId, "pay_" + capture, 1000);
            } else if (round % 3 == 1) {
                refund(refund, orderId, "pay_" + capture, 1000);
                capture(capture, orderId, TOTAL);
            } else {
                List<PaymentEventOutcome> processed = Race.run(2, racer -> racer == 0 ? capture(capture, orderId, TOTAL)
                        : refund(refund, orderId, "pay_" + capture, 1000));
                assertEquals(PaymentOutcome.APPLIED, processed.get(0).outcome());
            }
            Order order = header(orderId);
            assertEquals(List.of(OrderStatus.PAID, TOTAL, 1000L),
                    List.of(order.status(), order.capturedAmount(), order.refundedAmount()), orderId);
            List<String> types = fx.events("c-1", orderId).stream().map(OrderEvent::type).toList();
            if (types.contains("PaymentIssueRecorded")) {
                counts.merge(sent + ": refund first", 1, Integer::sum);
                assertEquals(List.of("OrderCreated", "PaymentIssueRecorded", "PaymentCaptured", "RefundRecorded"), types);
                PaymentIssue early = aggregate(orderId).paymentIssues().get(0);
                assertEquals(List.of(PaymentIssueKind.UNMATCHED_REFUND, 1000L, true),
                        List.of(early.kind(), early.refundedAmount(), early.isSettled()));
            } else {
                counts.merge(sent + ": capture first", 1, Integer::sum);
                assertEquals(List.of("OrderCreated", "PaymentCaptured", "RefundRecorded"), types);
            }
            assertEquals(new OrderChange.RefundRecorded(OrderStatus.PAID, OrderStatus.PAID, 1000, "EUR", 1000,
                    Optional.of(refund), Optional.of("pay_" + capture), Optional.empty()),
                    fx.events("c-1", orderId).get(types.size() - 1).change());
        }
        report("capture and refund of its payment, in both orders and together", counts);
        assertEquals(List.of(), openIssueIds(), "every early refund was settled by its capture");
        assertFalse(counts.containsKey("sent refund, capture: capture first") || counts.containsKey(
                "sent capture, refund: refund first"), counts.toString());
    }

    @Test
    void aRefundBeforeItsCaptureIsAnUnmatchedRefundUntilTheCaptureSettlesItAndTheQueueForgetsIt() {
        fx.createOrder("c-1", "o-1", 1250, 899);
        assertIssue(PaymentIssueKind.UNMATCHED_REFUND, refund("evt_r1", "o-1", "pay_evt_c1", TOTAL));
        assertEquals(List.of("evt_r1"), openIssueIds());
        assertEquals(OrderStatus.CREATED, header("o-1").status());

        assertEquals(PaymentOutcome.APPLIED, capture("evt_c1", "o-1", TOTAL).outcome());
        Order order = header("o-1");
        assertEquals(List.of(OrderStatus.REFUNDED, TOTAL, TOTAL, 4L),
                List.of(order.status(), order.capturedAmount(), order.refundedAmount(), order.version()));
        assertEquals(List.of(), openIssueIds());
        assertFalse(fx.raw(Keys.orderPk("o-1"), Keys.issueSk("evt_r1")).containsKey(Keys.GSI2PK));
        assertTrue(aggregate("o-1").paymentIssues().get(0).isSettled());
        assertEquals(PaymentOutcome.DUPLICATE, refund("evt_r1", "o-1", "pay_evt_c1", TOTAL).outcome(),
                "a redelivery of the early refund is not refunded twice");
        assertEquals(TOTAL, header("o-1").refundedAmount());
    }

    @Test
    void aCaptureOfAnUnknownOrderTakesTheRefundThatCameBeforeItAndBothLeaveTheQueue() {
        assertIssue(PaymentIssueKind.UNKNOWN_ORDER, refund("evt_r1", "o-ghost", "pay_evt_c1", 2500));
        assertIssue(PaymentIssueKind.UNKNOWN_ORDER, capture("evt_c1", "o-ghost", 2500));
        assertEquals(List.of(), openIssueIds(), "the capture is settled by the refund that came before it");
        List<PaymentIssue> issues = fx.reads.findPayments("o-ghost").issues();
        assertEquals(List.of(true, true), issues.stream().map(PaymentIssue::isSettled).toList());
        assertEquals(Optional.empty(), fx.reads.findRootById("o-ghost"));
    }

    /** Two refunds of one payment that together exceed it: never more refunded than captured, whatever the order. */
    @Test
    void twoRefundsOfOnePaymentNeverRefundMoreThanItCapturedOnTheOrderOrOnAnIssue() {
        int bothApplied = 0;
        int firstWon = 0;
        int secondWon = 0;
        for (int round = 0; round < ROUNDS; round++) {
            String orderId = "o-rr-" + round;
            fx.createOrder("c-1", orderId, 1250, 899);
            capture("evt_c1_" + round, orderId, TOTAL);
            capture("evt_c2_" + round, orderId, TOTAL);
            // Round by round, the refunds are of the order's payment or of the duplicate charge's issue.
            String paymentId = round % 2 == 0 ? "pay_evt_c1_" + round : "pay_evt_c2_" + round;
            long first = round % 4 < 2 ? 1000 : TOTAL - 1;
            long second = TOTAL - 1000;
            int r = round;
            List<PaymentEventOutcome> processed = Race.run(2, racer -> refund("evt_r" + racer + "_" + r, orderId, paymentId,
                    racer == 0 ? first : second));
            long applied = processed.stream().filter(outcome -> outcome.outcome() == PaymentOutcome.APPLIED).count();
            long refunded = round % 2 == 0 ? header(orderId).refundedAmount()
                    : aggregate(orderId).paymentIssues().stream().filter(issue -> issue.holdsCaptureOf(paymentId))
                            .findFirst().orElseThrow().refundedAmount();
            assertTrue(refunded <= TOTAL, refunded + " refunded of " + TOTAL);
            if (first + second <= TOTAL) {
                assertEquals(2, applied);
                assertEquals(first + second, refunded);
                bothApplied++;
            } else {
                assertEquals(1, applied);
                assertEquals(1, processed.stream().filter(outcome -> outcome.issue()
                        .equals(Optional.of(PaymentIssueKind.OVER_REFUND))).count());
                if (processed.get(0).outcome() == PaymentOutcome.APPLIED) {
                    firstWon++;
                    assertEquals(first, refunded);
                } else {
                    secondWon++;
                    assertEquals(second, refunded);
                }
            }
            assertEquals(0, round % 2 == 0 ? 0 : header(orderId).refundedAmount(),
                    "a refund of the issue's payment moves none of the order's money");
        }
        report("refund against refund of one payment", Map.of("both applied (they fit)", bothApplied,
                "first applied, second an over-refund", firstWon, "second applied, first an over-refund", secondWon));
        assertEquals(ROUNDS, bothApplied + firstWon + secondWon);
    }

    /** The customer's checkout racing the provider's capture: the capture pays the order either way, once. */
    @Test
    void aCaptureRacingTheCheckoutPaysTheOrderOnceWhicheverComesFirst() {
        int checkoutFirst = 0;
        int captureFirst = 0;
        for (int round = 0; round < ROUNDS; round++) {
            String orderId = "o-cc-" + round;
            fx.createOrder("c-1", orderId, 1250, 899);
            String capture = "evt_cc_" + round;
            List<Object> outcomes = Race.run(2, racer -> racer == 0 ? capture(capture, orderId, TOTAL)
                    : fx.changeOrderStatus.change(new StatusChangeRequest(Optional.of("c-1"), orderId,
                            OrderStatus.AWAITING_PAYMENT, Role.CUSTOMER, Optional.empty(), "user:c-1", Optional.empty())));
            assertEquals(PaymentOutcome.APPLIED, ((PaymentEventOutcome) outcomes.get(0)).outcome());
            Order order = header(orderId);
            assertEquals(OrderStatus.PAID, order.status());
            assertEquals(TOTAL, order.capturedAmount());
            List<String> types = fx.events("c-1", orderId).stream().map(OrderEvent::type).toList();
            if (outcomes.get(1) instanceof StatusChangeOutcome.Changed) {
                checkoutFirst++;
                assertEquals(List.of("OrderCreated", "OrderStatusChanged", "PaymentCaptured"), types);
            } else {
                captureFirst++;
                assertInstanceOf(StatusChangeOutcome.IllegalTransition.class, outcomes.get(1));
                assertEquals(List.of("OrderCreated", "PaymentCaptured"), types);
            }
        }
        report("capture against checkout", Map.of("checkout first", checkoutFirst, "capture first", captureFirst));
        assertEquals(ROUNDS, checkoutFirst + captureFirst);
    }

    private static final int ROUNDS = 20;

    /** The counts of a race, for the log: how often each interleaving won. */
    private static void report(String race, Map<String, Integer> counts) {
        System.out.printf("race %s over %d rounds: %s%n", race, ROUNDS, new TreeMap<>(counts));
    }

    private List<String> openIssueIds() {
        return fx.issues.open(ListingOrder.NEWEST_FIRST, 50, Optional.empty()).items().stream().map(OpenPaymentIssue::eventId).toList();
    }
}
