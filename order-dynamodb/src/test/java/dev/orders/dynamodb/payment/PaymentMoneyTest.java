package dev.orders.dynamodb.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.application.payment.PaymentEventProcessor;
import dev.orders.core.order.ItemChangeOutcome;
import dev.orders.core.order.ItemRequest;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.order.PaymentIssueKind;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.core.payment.PaymentReceipt;
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
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

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
        assertEquals(PaymentOutcome.APPLIED, refund("evt_ref", "o-1", 1000).outcome());
        PaymentEvent lateFailure = event("evt_failed", PaymentEventType.PAYMENT_FAILED, "o-1", 3399, "EUR");
        assertEquals(PaymentOutcome.NOT_APPLICABLE, fx.payments.process(lateFailure).outcome());

        Clock aYearLater = Clock.offset(fx.clock, Duration.ofDays(365));
        ProcessedRecords records = new ProcessedRecords(fx.table, aYearLater);
        PaymentEventProcessor processorThen = new PaymentEventProcessor(new DynamoDbOrderStore(fx.table, fx.reads,
                fx.products, records, new ProcessedRequestCodec(records, aYearLater)), aYearLater);

        assertEquals(PaymentOutcome.DUPLICATE, processorThen.process(
                event("evt_ref", PaymentEventType.REFUND_SUCCEEDED, "o-1", 1000, "EUR")).outcome());
        assertEquals(1000, header("o-1").refundedAmount());
        assertEquals(PaymentOutcome.DUPLICATE, processorThen.process(
                event("evt_pay", PaymentEventType.PAYMENT_SUCCEEDED, "o-1", 3399, "EUR")).outcome());
        assertEquals(PaymentOutcome.NOT_APPLICABLE, processorThen.process(lateFailure).outcome(),
                "the record of an event that changed nothing expired: it is decided again, and changes nothing");
        assertFalse(fx.raw(Keys.webhookEventPk("evt_ref"), Keys.WEBHOOK_EVENT_SK).containsKey("expiresAt"));
        assertTrue(fx.raw(Keys.webhookEventPk("evt_failed"), Keys.WEBHOOK_EVENT_SK).containsKey("expiresAt"));
    }

    private static PaymentEvent event(String id, PaymentEventType type, String orderId, long amount, String currency) {
        return new PaymentEvent(id, type, 1_795_348_800L, orderId, amount, currency);
    }

    private PaymentReceipt capture(String id, String orderId, long amount) {
        return fx.payments.process(event(id, PaymentEventType.PAYMENT_SUCCEEDED, orderId, amount, "EUR"));
    }

    private PaymentReceipt refund(String id, String orderId, long amount) {
        return fx.payments.process(event(id, PaymentEventType.REFUND_SUCCEEDED, orderId, amount, "EUR"));
    }

    private Order header(String orderId) {
        return fx.reads.findHeaderById(orderId).orElseThrow();
    }

    private OrderAggregate aggregate(String orderId) {
        return fx.reads.findAggregateById(orderId).orElseThrow();
    }

    private static void assertIssue(PaymentIssueKind kind, PaymentReceipt receipt) {
        assertEquals(PaymentOutcome.PAYMENT_ISSUE, receipt.outcome(), receipt.toString());
        assertEquals(Optional.of(kind), receipt.issue());
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
                    : fx.lines.addItem("c-1", orderId, new ItemRequest("TEA", 1), Optional.empty(), "customer:c-1"));
            PaymentReceipt receipt = (PaymentReceipt) outcomes.get(0);
            Order order = header(orderId);
            if (order.status() == OrderStatus.PAID) {
                // The capture came first: it paid exactly the total, and checkout froze the lines.
                paid++;
                assertEquals(PaymentOutcome.APPLIED, receipt.outcome());
                assertEquals(TOTAL, order.total());
                assertEquals(TOTAL, order.capturedAmount());
                assertInstanceOf(ItemChangeOutcome.OrderNotOpen.class, outcomes.get(1));
            } else {
                // The line came first: the capture no longer pays the total and is an issue, not a payment.
                mismatched++;
                assertIssue(PaymentIssueKind.AMOUNT_MISMATCH, receipt);
                assertInstanceOf(ItemChangeOutcome.Added.class, outcomes.get(1));
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

        assertEquals(PaymentOutcome.APPLIED, refund("evt_r1", "o-1", 1000).outcome());
        assertEquals(OrderStatus.PAID, header("o-1").status());
        assertEquals(1000, header("o-1").refundedAmount());
        assertEquals(PaymentOutcome.APPLIED, refund("evt_r2", "o-1", 1000).outcome());
        assertEquals(PaymentOutcome.DUPLICATE, refund("evt_r2", "o-1", 1000).outcome());
        assertEquals(2000, header("o-1").refundedAmount());
        assertEquals(PaymentOutcome.APPLIED, refund("evt_r3", "o-1", TOTAL - 2000).outcome());

        Order order = header("o-1");
        assertEquals(OrderStatus.REFUNDED, order.status());
        assertEquals(TOTAL, order.capturedAmount());
        assertEquals(TOTAL, order.refundedAmount());
        List<OrderEvent> events = fx.events("c-1", "o-1");
        assertEquals(List.of("OrderCreated", "PaymentCaptured", "RefundRecorded", "RefundRecorded", "RefundRecorded"),
                events.stream().map(OrderEvent::type).toList());
        assertEquals(new OrderChange.RefundRecorded(OrderStatus.PAID, OrderStatus.REFUNDED, TOTAL - 2000, "EUR", TOTAL,
                Optional.of("evt_r3"), Optional.empty()), events.get(4).change());
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
            assertEquals(expected, refund("evt_over", "o-paid", TOTAL + 1).outcome());
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
                fx.payments.process(event("evt_usd", PaymentEventType.REFUND_SUCCEEDED, "o-1", 100, "USD")));
        assertEquals(0, header("o-1").refundedAmount());
    }

    /** The order holds exactly one open issue, of {@code kind} for {@code eventId}, recorded by one event; its status unchanged. */
    private void assertIssues(String orderId, PaymentIssueKind kind, String eventId, long amount, OrderStatus status) {
        Order order = header(orderId);
        assertEquals(List.of(new PaymentIssue(orderId, "c-1", eventId, kind, amount, "EUR",
                aggregate(orderId).paymentIssues().get(0).at(), Optional.empty())), aggregate(orderId).paymentIssues());
        assertEquals(status, order.status());
        assertEquals(0, order.capturedAmount());
        List<OrderEvent> events = fx.events("c-1", orderId);
        OrderEvent last = events.get(events.size() - 1);
        assertEquals(new OrderChange.PaymentIssueRecorded(eventId, kind, amount, "EUR"), last.change());
        assertEquals(PaymentEventProcessor.ACTOR, last.by());
        assertEquals(order.version(), last.version());
        assertTrue(events.stream().filter(event -> event.type().equals("PaymentIssueRecorded")).count() == 1);
    }
}
