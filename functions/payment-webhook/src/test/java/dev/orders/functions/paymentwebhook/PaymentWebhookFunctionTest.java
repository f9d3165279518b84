package dev.orders.functions.paymentwebhook;

import static dev.orders.dynamodb.support.Fixture.SAMPLE_CUSTOMER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ORDER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_PAYMENT;
import static dev.orders.http.support.Api.invoke;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.orders.core.feed.ListingOrder;
import dev.orders.application.payment.ProcessPaymentEvent;
import dev.orders.core.order.LineRequest;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OpenPaymentIssue;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.payment.WebhookSignature;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api.Reply;
import dev.orders.http.support.Api;
import dev.orders.http.support.HostileRequests;
import dev.orders.http.support.SampleEvents;
import dev.orders.http.support.SecretsManagerStub;
import dev.orders.lambda.aws.SecretSource;
import dev.orders.lambda.aws.SecretsManagerStore;
import dev.orders.lambda.json.Json;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.faults.BeforeTheFirstWrite;
import dev.orders.testsupport.lambda.EmfOutput;
import dev.orders.wiring.Services;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.lambda.powertools.parameters.secrets.SecretsProvider;

@ExtendWith(DynamoDbExtension.class)
class PaymentWebhookFunctionTest {
    private static final String SAMPLE = "payment-webhook/payment-succeeded";
    private static final String REFUND = "payment-webhook/refund-succeeded";
    /** The secret the sample events are signed with; the sample's timestamp is {@link #NOW}. */
    private static final String SECRET = "whsec_test_secret_not_for_production";
    private static final String STRIPE_SECRET = "whsec_test_stripe_secret_not_for_production";
    private static final long NOW = 1_795_348_800L;
    private static final String SAMPLE_EVENT_ID = "evt_01JCZ7A2B3C4D5E6F7G8H9J0KA";
    private static final long SAMPLE_TOTAL = 2 * 1250 + 899;
    /** The default of the template's PaymentWebhookSecretName. */
    private static final String SECRET_NAME = "order-service/payment-webhook";

    private Fixture fx;
    private PaymentWebhookFunction function;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
        function = webhook(SECRET);
        fx.seedSampleOrder();
    }

    private PaymentWebhookFunction webhook(String secretSetting) {
        Clock clock = Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC);
        return new PaymentWebhookFunction(Api.services(fx, PaymentWebhookFunction.class),
                PaymentWebhookFunction.secrets(Map.of(PaymentWebhookFunction.WEBHOOK_SECRET, secretSetting,
                        PaymentWebhookFunction.STRIPE_WEBHOOK_SECRET, STRIPE_SECRET)), clock);
    }

    /**
     * An event of the sample's shape, signed now with {@code secret}: a capture takes the payment
     * {@code pay_<id>}, a refund names the sample's payment, a failed attempt names none.
     */
    private static APIGatewayV2HTTPEvent event(String id, String type, String orderId, long amount, String currency,
                                               String secret) {
        Map<String, Object> data = new LinkedHashMap<>(Map.of("orderId", orderId, "amount", amount, "currency", currency));
        if (!type.equals("payment.failed")) {
            data.put("paymentId", type.equals("payment.succeeded") ? "pay_" + id : SAMPLE_PAYMENT);
        }
        return signed(SampleEvents.load(SAMPLE), Json.write(Map.of("id", id, "type", type, "created", NOW - 5,
                "data", data)), secret, NOW);
    }

    /** An event of the sample's shape of the provider's payment {@code paymentId}, for the sample order, signed now. */
    private static APIGatewayV2HTTPEvent ofPayment(String id, String type, String paymentId, long amount) {
        return signed(SampleEvents.load(SAMPLE), Json.write(Map.of("id", id, "type", type, "created", NOW - 5, "data",
                Map.of("orderId", SAMPLE_ORDER, "paymentId", paymentId, "amount", amount, "currency", "EUR"))), SECRET, NOW);
    }

    private static APIGatewayV2HTTPEvent event(String id, String type, long amount) {
        return event(id, type, SAMPLE_ORDER, amount, "EUR", SECRET);
    }

    private static APIGatewayV2HTTPEvent signed(APIGatewayV2HTTPEvent event, String body, String secret, long timestamp) {
        event.setBody(body);
        event.setIsBase64Encoded(false);
        Map<String, String> headers = new HashMap<>(event.getHeaders());
        headers.put("webhook-signature", WebhookSignature.header(secret, timestamp, body));
        event.setHeaders(headers);
        return event;
    }

    private static APIGatewayV2HTTPEvent withSignature(APIGatewayV2HTTPEvent event, String header) {
        Map<String, String> headers = new HashMap<>(event.getHeaders());
        if (header == null) {
            headers.remove("webhook-signature");
        } else {
            headers.put("webhook-signature", header);
        }
        event.setHeaders(headers);
        return event;
    }

    private Order order() {
        return fx.reads.findRootById(SAMPLE_ORDER).orElseThrow();
    }

    private List<OrderEvent> history() {
        return fx.reads.history(SAMPLE_CUSTOMER, SAMPLE_ORDER, 100, Optional.empty()).orElseThrow().items();
    }

    private Map<String, AttributeValue> record(String eventId) {
        return fx.raw(Keys.webhookEventPk(eventId), Keys.WEBHOOK_EVENT_SK);
    }

    private static void assertAcknowledged(Reply reply, String outcome) {
        assertEquals(200, reply.status(), reply.response().getBody());
        assertEquals(outcome, reply.json().get("outcome"));
    }

    // ---- applying events ----------------------------------------------------------------------

    @Test
    void sampleEventCapturesTheTotalAsOneEventThatNamesTheWebhookAndTheProvidersEvent() {
        Reply reply = invoke(function, SampleEvents.load(SAMPLE));

        assertAcknowledged(reply, "applied");
        assertEquals(SAMPLE_EVENT_ID, reply.json().get("eventId"));
        assertEquals(OrderStatus.PAID, order().status());
        assertEquals(SAMPLE_TOTAL, order().capturedAmount());
        OrderEvent event = history().get(0);
        assertEquals(2, event.version());
        assertEquals("PaymentCaptured", event.type());
        assertEquals(ProcessPaymentEvent.ACTOR, event.by());
        assertEquals(Map.of("from", "CREATED", "to", "PAID", "amount", SAMPLE_TOTAL, "currency", "EUR",
                "paymentEventId", SAMPLE_EVENT_ID, "paymentId", SAMPLE_PAYMENT), event.change().data());
        assertEquals(Optional.of(SAMPLE_PAYMENT), order().paymentId());
        Map<String, AttributeValue> record = record(SAMPLE_EVENT_ID);
        assertEquals("APPLIED", record.get("outcome").s());
        assertFalse(record.containsKey("expiresAt"), "a capture's record is kept for good: a redelivery at any age is"
                + " a duplicate");
    }

    @Test
    void paymentFailedMovesACreatedOrderToAwaitingPaymentAndNothingElse() {
        assertAcknowledged(invoke(function, event("evt_f1", "payment.failed", SAMPLE_TOTAL)), "applied");
        assertEquals(OrderStatus.AWAITING_PAYMENT, order().status());

        assertAcknowledged(invoke(function, event("evt_f2", "payment.failed", SAMPLE_TOTAL)), "not-applicable");
        assertEquals(OrderStatus.AWAITING_PAYMENT, order().status());
        assertEquals(2, order().version());
    }

    @Test
    void aFailedAttemptStartsThePaymentWindowAndTheCaptureThatFollowsClosesIt() {
        assertAcknowledged(invoke(function, event("evt_f1", "payment.failed", SAMPLE_TOTAL)), "applied");
        assertEquals("PAYMENT_WINDOW", fx.raw(Keys.orderPk(SAMPLE_ORDER), Keys.PAYMENT_WINDOW_SK).get("entityType").s());

        assertAcknowledged(invoke(function, event("evt_c1", "payment.succeeded", SAMPLE_TOTAL)), "applied");

        assertEquals(OrderStatus.PAID, order().status());
        assertEquals(Map.of(), fx.raw(Keys.orderPk(SAMPLE_ORDER), Keys.PAYMENT_WINDOW_SK), "paid: nothing left to expire");
        assertEquals(List.of(), fx.sweep(30, Instant.now().plus(Duration.ofHours(1))).expired());
    }

    @Test
    void aCaptureAfterTheSystemExpiredTheOrderIsAcknowledgedAsACaptureAfterExpiryIssueAndNeverPaysIt() {
        assertAcknowledged(invoke(function, event("evt_f1", "payment.failed", SAMPLE_TOTAL)), "applied");
        // The store's clock is the system's: the failed attempt opened the window now, an hour before this sweep.
        assertEquals(List.of(SAMPLE_ORDER), fx.sweep(30, Instant.now().plus(Duration.ofHours(1))).expired());

        Reply reply = invoke(function, event("evt_late", "payment.succeeded", SAMPLE_TOTAL));

        assertAcknowledged(reply, "payment-issue");
        assertEquals("CAPTURE_AFTER_EXPIRY", reply.json().get("issue"));
        assertEquals(OrderStatus.EXPIRED, order().status());
        assertEquals(0, order().capturedAmount());
        assertEquals("PaymentIssueRecorded", history().get(0).type());
    }

    /**
     * The review's finding: an order whose lines were all removed was paid by a capture of 0. Nothing can be
     * captured of 0 (400), money on it is an EMPTY_ORDER issue, and a failed attempt does not check it out.
     */
    @Test
    void anOrderWithoutLinesIsNeitherPaidNorCheckedOutByTheWebhookAndMoneyOnItIsAnIssue() {
        for (String itemId : List.of(Fixture.SAMPLE_ITEM, Fixture.SAMPLE_OTHER_ITEM)) {
            fx.removeLine.remove(SAMPLE_CUSTOMER, SAMPLE_ORDER, itemId, Optional.empty(), "user:" + SAMPLE_CUSTOMER);
        }
        int items = fx.itemCount();
        Reply nothing = invoke(function, event("evt_zero", "payment.succeeded", 0));
        assertEquals(400, nothing.status(), nothing.response().getBody());
        assertEquals(List.of(Map.of("field", "data.amount", "message", "must be between 1 and 9007199254740991")),
                nothing.json().get("errors"));
        assertEquals(items, fx.itemCount());

        assertAcknowledged(invoke(function, event("evt_failed", "payment.failed", 0)), "not-applicable");
        assertEquals(OrderStatus.CREATED, order().status());

        Reply paid = invoke(function, event("evt_one", "payment.succeeded", 1));
        assertAcknowledged(paid, "payment-issue");
        assertEquals("EMPTY_ORDER", paid.json().get("issue"));
        assertEquals(List.of(OrderStatus.CREATED, 0L, 4L), List.of(order().status(), order().capturedAmount(),
                order().version()));
        assertEquals("PaymentIssueRecorded", history().get(0).type());
    }

    @Test
    void providerAmountsAboveTheLargestExactJavaScriptIntegerAre400AndWriteNothing() {
        int items = fx.itemCount();
        for (String type : List.of("payment.succeeded", "payment.failed", "refund.succeeded")) {
            for (long amount : new long[] {9_007_199_254_740_992L, Long.MAX_VALUE}) {
                Reply reply = invoke(function, event("evt_big", type, amount));
                assertEquals(400, reply.status(), type + " " + amount + ": " + reply.response().getBody());
                assertTrue(reply.response().getBody().contains("data.amount"), reply.response().getBody());
            }
        }
        assertEquals(items, fx.itemCount());
        assertEquals(OrderStatus.CREATED, order().status());
    }

    @Test
    void sampleRefundRefundsAPaidOrder() {
        assertAcknowledged(invoke(function, SampleEvents.load(SAMPLE)), "applied");
        assertAcknowledged(invoke(function, SampleEvents.load(REFUND)), "applied");
        assertEquals(OrderStatus.REFUNDED, order().status());
        assertEquals(SAMPLE_TOTAL, order().refundedAmount());
        List<OrderEvent> history = history();
        assertEquals(List.of("RefundRecorded", "PaymentCaptured", "OrderCreated"),
                history.stream().map(OrderEvent::type).toList());
        assertEquals(List.of("REFUNDED", "PAID"),
                history.subList(0, 2).stream().map(event -> event.change().data().get("to")).toList());
    }

    @Test
    void partialRefundsAddUpToARefundedOrderAndARefundBeyondIsAnIssue() {
        assertAcknowledged(invoke(function, SampleEvents.load(SAMPLE)), "applied");

        assertAcknowledged(invoke(function, event("evt_p1", "refund.succeeded", 1000)), "applied");
        assertEquals(OrderStatus.PAID, order().status());
        assertEquals(1000, order().refundedAmount());
        assertAcknowledged(invoke(function, event("evt_p2", "refund.succeeded", SAMPLE_TOTAL - 1000)), "applied");
        assertEquals(OrderStatus.REFUNDED, order().status());
        assertEquals(SAMPLE_TOTAL, order().refundedAmount());

        Reply over = invoke(function, event("evt_p3", "refund.succeeded", 1));
        assertAcknowledged(over, "payment-issue");
        assertEquals("OVER_REFUND", over.json().get("issue"));
        assertEquals(SAMPLE_TOTAL, order().refundedAmount());
    }

    @Test
    void aCaptureOfACancelledOrderIsRecordedOnItAsAnIssueButNeverMovesItBack() {
        fx.advance(SAMPLE_CUSTOMER, SAMPLE_ORDER, OrderStatus.CANCELLED);

        Reply reply = invoke(function, SampleEvents.load(SAMPLE));

        assertAcknowledged(reply, "payment-issue");
        assertEquals("CAPTURE_AFTER_CANCEL", reply.json().get("issue"));
        assertEquals(OrderStatus.CANCELLED, order().status());
        assertEquals(0, order().capturedAmount());
        assertEquals("PaymentIssueRecorded", history().get(0).type());
        assertEquals("PAYMENT_ISSUE", record(SAMPLE_EVENT_ID).get("outcome").s());
    }

    @Test
    void aSecondCaptureOfAPaidOrderIsADuplicateCaptureIssue() {
        assertAcknowledged(invoke(function, SampleEvents.load(SAMPLE)), "applied");

        Reply second = invoke(function, event("evt_twice", "payment.succeeded", SAMPLE_TOTAL));

        assertAcknowledged(second, "payment-issue");
        assertEquals("DUPLICATE_CAPTURE", second.json().get("issue"));
        assertEquals(SAMPLE_TOTAL, order().capturedAmount());
    }

    @Test
    void anAppliedCaptureIsCountedByTypeAndARecordedIssueByKind() throws Exception {
        List<Map<String, Object>> metrics = EmfOutput.written(() -> {
            invoke(function, SampleEvents.load(SAMPLE));
            invoke(function, event("evt_twice", "payment.succeeded", SAMPLE_TOTAL));
        });

        assertEquals(List.of("payment.succeeded"), EmfOutput.dimensionOf(metrics, "PaymentsApplied", "Type"));
        assertEquals(List.of("DUPLICATE_CAPTURE"), EmfOutput.dimensionOf(metrics, "PaymentIssues", "Kind"));
    }

    @Test
    void anAmountOrCurrencyOtherThanTheTotalIsAnIssueOnTheOrderNotAPayment() {
        Reply shortPaid = invoke(function, event("evt_m1", "payment.succeeded", SAMPLE_TOTAL - 1));
        assertAcknowledged(shortPaid, "payment-issue");
        assertEquals("AMOUNT_MISMATCH", shortPaid.json().get("issue"));
        assertAcknowledged(invoke(function, event("evt_m2", "payment.succeeded", SAMPLE_ORDER, SAMPLE_TOTAL, "USD",
                SECRET)), "payment-issue");

        assertEquals(OrderStatus.CREATED, order().status());
        assertEquals(0, order().capturedAmount());
        assertEquals(List.of("evt_m1", "evt_m2"), fx.reads.findAggregateById(SAMPLE_ORDER).orElseThrow().paymentIssues()
                .stream().map(PaymentIssue::eventId).toList());
    }

    @Test
    void unknownTypesAndFailedAttemptsForUnknownOrdersAreAcknowledgedSoTheProviderStopsRetrying() {
        assertAcknowledged(invoke(function, event("evt_u1", "charge.dispute.created", SAMPLE_TOTAL)), "unknown-type");
        assertAcknowledged(invoke(function, event("evt_u2", "payment.failed", "o-nobody", 100, "EUR", SECRET)),
                "order-not-found");
        assertEquals(OrderStatus.CREATED, order().status());
    }

    @Test
    void moneyForAnOrderThatDoesNotExistIsAnUnknownOrderIssueNotDropped() {
        Reply reply = invoke(function, SampleEvents.load("payment-webhook/payment-unknown-order"));

        assertAcknowledged(reply, "payment-issue");
        assertEquals("UNKNOWN_ORDER", reply.json().get("issue"));
        assertEquals(List.of("evt_01JCZ7E5F6G7H8J9K0M1N2P3QE"), fx.issues.open(ListingOrder.NEWEST_FIRST, 10, Optional.empty()).items().stream()
                .map(OpenPaymentIssue::eventId).toList());
        assertAcknowledged(invoke(function, SampleEvents.load("payment-webhook/payment-unknown-order")), "duplicate");
    }

    @Test
    void theSampleRefundOfADuplicateChargeSettlesItsIssueAndLeavesTheOrderPaid() {
        assertAcknowledged(invoke(function, SampleEvents.load(SAMPLE)), "applied");
        Reply second = invoke(function, ofPayment("evt_second", "payment.succeeded", "pay_3PzX9cLkq2Yw7Hb2", SAMPLE_TOTAL));
        assertEquals("DUPLICATE_CAPTURE", second.json().get("issue"));

        assertAcknowledged(invoke(function, SampleEvents.load("payment-webhook/refund-duplicate-charge")), "applied");

        assertEquals(OrderStatus.PAID, order().status());
        assertEquals(0, order().refundedAmount());
        PaymentIssue settled = fx.reads.findAggregateById(SAMPLE_ORDER).orElseThrow().paymentIssues().get(0);
        assertEquals(SAMPLE_TOTAL, settled.refundedAmount());
        assertTrue(settled.isSettled());
        assertEquals("PaymentIssueRefunded", history().get(0).type());
        assertEquals(List.of(), fx.issues.open(ListingOrder.NEWEST_FIRST, 10, Optional.empty()).items());
    }

    /**
     * A provider's running total of a second charge's refunds, then one of those refunds told by itself: counted once
     * on the issue that holds the charge, whose row keeps both, and settled by a refund that adds the rest.
     */
    @Test
    void aRunningTotalAndARefundItCountedOfAPaymentAnIssueHoldsCountOnceOnTheIssue() {
        assertAcknowledged(invoke(function, SampleEvents.load(SAMPLE)), "applied");
        String duplicate = "pay_3PzX9cLkq2Yw7Hb2";
        assertEquals("DUPLICATE_CAPTURE", invoke(function, ofPayment("evt_second", "payment.succeeded", duplicate,
                SAMPLE_TOTAL)).json().get("issue"));
        assertAcknowledged(invoke(function, ofPayment("evt_total", "payment.refunded", duplicate, 1000)),
                "applied");
        assertAcknowledged(invoke(function, ofPayment("re_first", "refund.succeeded", duplicate, 1000)),
                "applied");
        PaymentIssue counted = fx.reads.findAggregateById(SAMPLE_ORDER).orElseThrow().paymentIssues().get(0);
        assertEquals(List.of(1000L, 1000L, true), List.of(counted.refundedAmount(), counted.itemizedRefundedAmount(),
                counted.isOpen()));
        assertEquals(List.of("RefundIdentified", "PaymentIssueRefunded"), history().subList(0, 2).stream()
                .map(OrderEvent::type).toList());

        assertAcknowledged(invoke(function, ofPayment("re_rest", "refund.succeeded", duplicate,
                SAMPLE_TOTAL - 1000)), "applied");
        assertTrue(fx.reads.findAggregateById(SAMPLE_ORDER).orElseThrow().paymentIssues().get(0).isSettled());
        assertEquals(List.of(OrderStatus.PAID, 0L), List.of(order().status(), order().refundedAmount()));
    }

    @Test
    void theSampleRefundOfAPaymentNobodyKnowsIsAnUnmatchedRefund() {
        assertAcknowledged(invoke(function, SampleEvents.load(SAMPLE)), "applied");

        Reply reply = invoke(function, SampleEvents.load("payment-webhook/refund-unmatched"));

        assertAcknowledged(reply, "payment-issue");
        assertEquals("UNMATCHED_REFUND", reply.json().get("issue"));
        assertEquals(0, order().refundedAmount());
    }

    @Test
    void aCaptureOrRefundWithoutThePaymentItNamesIs400AndWritesNothing() {
        int items = fx.itemCount();
        for (String type : List.of("payment.succeeded", "refund.succeeded")) {
            Reply reply = invoke(function, signed(SampleEvents.load(SAMPLE), Json.write(Map.of("id", "evt_nopay",
                    "type", type, "created", NOW - 5, "data", Map.of("orderId", SAMPLE_ORDER, "amount", SAMPLE_TOTAL,
                            "currency", "EUR"))), SECRET, NOW));
            assertEquals(400, reply.status(), reply.response().getBody());
            assertTrue(reply.response().getBody().contains("data.paymentId"), reply.response().getBody());
        }
        assertEquals(items, fx.itemCount());
        assertEquals(OrderStatus.CREATED, order().status());
    }

    @Test
    void anUnknownTypeOfAnyShapeIsAcknowledgedBeforeItsDataIsReadAndWritesNothing() {
        int items = fx.itemCount();
        for (Map<String, Object> body : List.<Map<String, Object>>of(
                Map.of("id", "evt_u3", "type", "charge.dispute.created"),
                Map.of("id", "evt_u4", "type", "Customer Updated", "data", List.of(1, 2)),
                Map.of("id", "evt_u5", "type", "invoice.paid", "created", "yesterday", "data", Map.of("amount", "lots")))) {
            APIGatewayV2HTTPEvent delivery = signed(SampleEvents.load(SAMPLE), Json.write(body), SECRET, NOW);
            assertAcknowledged(invoke(function, delivery), "unknown-type");
        }
        assertEquals(items, fx.itemCount());
    }

    // ---- idempotent delivery ------------------------------------------------------------------

    @Test
    void aRedeliveredEventIs200AndChangesNothing() {
        assertAcknowledged(invoke(function, SampleEvents.load(SAMPLE)), "applied");
        int items = fx.itemCount();

        for (int i = 0; i < 3; i++) {
            assertAcknowledged(invoke(function, SampleEvents.load(SAMPLE)), "duplicate");
        }

        assertEquals(items, fx.itemCount());
        assertEquals(2, order().version());
        assertEquals(2, history().size());
    }

    @Test
    void aRedeliveredIssueStaysOneIssue() {
        assertAcknowledged(invoke(function, event("evt_late", "payment.succeeded", SAMPLE_TOTAL - 1)), "payment-issue");
        assertAcknowledged(invoke(function, event("evt_late", "payment.succeeded", SAMPLE_TOTAL - 1)), "duplicate");
        assertEquals(OrderStatus.CREATED, order().status());
        assertEquals(1, fx.reads.findAggregateById(SAMPLE_ORDER).orElseThrow().paymentIssues().size());
        assertEquals(2, order().version());
    }

    @Test
    void concurrentDeliveriesOfOneEventChangeTheOrderOnceWithOneHistoryRow() throws Exception {
        int deliveries = 8;
        ExecutorService pool = Executors.newFixedThreadPool(deliveries);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Reply>> replies = new ArrayList<>();
        try {
            for (int i = 0; i < deliveries; i++) {
                Callable<Reply> delivery = () -> {
                    start.await();
                    return invoke(function, SampleEvents.load(SAMPLE));
                };
                replies.add(pool.submit(delivery));
            }
            start.countDown();
            List<Object> outcomes = new ArrayList<>();
            for (Future<Reply> reply : replies) {
                assertEquals(200, reply.get().status(), reply.get().response().getBody());
                outcomes.add(reply.get().json().get("outcome"));
            }
            assertEquals(1, outcomes.stream().filter("applied"::equals).count(), outcomes.toString());
            assertEquals(deliveries - 1, outcomes.stream().filter("duplicate"::equals).count(), outcomes.toString());
        } finally {
            pool.shutdownNow();
        }
        assertEquals(OrderStatus.PAID, order().status());
        assertEquals(2, order().version());
        assertEquals(2, history().size());
    }

    // ---- signature ----------------------------------------------------------------------------

    @Test
    void unsignedMalformedWronglySignedAndReplayedDeliveriesAre401AndWriteNothing() {
        String body = SampleEvents.load(SAMPLE).getBody();
        String valid = WebhookSignature.header(SECRET, NOW, body);
        Map<String, APIGatewayV2HTTPEvent> refused = new LinkedHashMap<>();
        refused.put("missing", withSignature(SampleEvents.load(SAMPLE), null));
        refused.put("malformed", withSignature(SampleEvents.load(SAMPLE), "sha256=" + valid));
        refused.put("not hex", withSignature(SampleEvents.load(SAMPLE), "t=" + NOW + ",v1=not-hex"));
        refused.put("other secret", signed(SampleEvents.load(SAMPLE), body, "whsec_guess", NOW));
        APIGatewayV2HTTPEvent changed = signed(SampleEvents.load(SAMPLE), body, SECRET, NOW);
        changed.setBody(body.replace("3399", "1"));
        refused.put("body changed", changed);
        refused.put("replayed", signed(SampleEvents.load(SAMPLE), body, SECRET, NOW - 301));
        refused.put("from the future", signed(SampleEvents.load(SAMPLE), body, SECRET, NOW + 301));
        int items = fx.itemCount();

        refused.forEach((name, event) -> {
            Reply reply = invoke(function, event);
            assertEquals(401, reply.status(), name);
            assertTrue(reply.contentType().startsWith("application/problem+json"), name);
            assertFalse(reply.response().getBody().contains(SECRET), name);
        });

        assertEquals(items, fx.itemCount());
        assertEquals(OrderStatus.CREATED, order().status());
    }

    @Test
    void duringRotationTheOldSecretStillVerifiesAndSeveralSignaturesMayBeSent() {
        PaymentWebhookFunction rotating = webhook("whsec_new_secret," + SECRET);
        assertAcknowledged(invoke(rotating, event("evt_r1", "payment.failed", SAMPLE_ORDER, SAMPLE_TOTAL, "EUR", SECRET)),
                "applied");

        APIGatewayV2HTTPEvent both = event("evt_r2", "payment.succeeded", SAMPLE_ORDER, SAMPLE_TOTAL, "EUR", "whsec_new_secret");
        String oldSignature = WebhookSignature.header(SECRET, NOW, both.getBody());
        withSignature(both, both.getHeaders().get("webhook-signature") + "," + oldSignature.substring(oldSignature.indexOf("v1=")));
        assertAcknowledged(invoke(function, both), "applied");
        assertEquals(OrderStatus.PAID, order().status());
    }

    @Test
    void theWebhookNeedsNoJwt() {
        APIGatewayV2HTTPEvent sample = SampleEvents.load(SAMPLE);
        assertEquals(null, sample.getRequestContext().getAuthorizer());
        assertAcknowledged(invoke(function, sample), "applied");
    }

    /**
     * DynamoDB may commit a line addition between the webhook's read and its write (a local engine never
     * does by itself): the capture is decided again on the order as it is now, and a capture of the old
     * total no longer pays it but is recorded as an issue.
     */
    @Test
    void aCaptureRacedByALineAdditionDoesNotPayTheOrderForItsOldTotal() {
        Clock clock = Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC);
        PaymentWebhookFunction raced = new PaymentWebhookFunction(Services.fromEnvironment(Api.environment(fx),
                fx.testTable.newClient(new BeforeTheFirstWrite(() -> fx.addLine.add(SAMPLE_CUSTOMER, SAMPLE_ORDER,
                        new LineRequest("BISCUITS-200G", 1), Optional.empty(), Optional.empty(), "customer:" + SAMPLE_CUSTOMER)))),
                PaymentWebhookFunction.secrets(Map.of(PaymentWebhookFunction.WEBHOOK_SECRET, SECRET,
                        PaymentWebhookFunction.STRIPE_WEBHOOK_SECRET, STRIPE_SECRET)), clock);

        Reply reply = invoke(raced, SampleEvents.load(SAMPLE));

        assertEquals(200, reply.status(), reply.response().getBody());
        assertEquals("payment-issue", reply.json().get("outcome"));
        assertEquals("AMOUNT_MISMATCH", reply.json().get("issue"));
        Order order = fx.reads.findRootById(SAMPLE_ORDER).orElseThrow();
        assertEquals(OrderStatus.CREATED, order.status());
        assertEquals(0, order.capturedAmount());
        assertEquals(SAMPLE_TOTAL + 349, order.total());
    }

    /** The neutral form's disputes: the opening an issue of the order, its closing resolving it, saying how. */
    @Test
    void aDisputeOfTheOrdersPaymentIsAnIssueThatItsClosingResolves() {
        assertAcknowledged(invoke(function, SampleEvents.load(SAMPLE)), "applied");

        Reply opened = invoke(function, event("evt_dispute", "dispute.opened", SAMPLE_TOTAL));
        assertAcknowledged(opened, "payment-issue");
        assertEquals("DISPUTE", opened.json().get("issue"));
        assertAcknowledged(invoke(function, event("evt_won", "dispute.won", SAMPLE_TOTAL)), "applied");

        assertEquals(List.of(), fx.issues.open(ListingOrder.NEWEST_FIRST, 10, Optional.empty()).items());
        OrderEvent resolved = history().get(0);
        assertEquals(List.of("PaymentIssueResolved", ProcessPaymentEvent.ACTOR), List.of(resolved.type(), resolved.by()));
        assertEquals("dispute won: " + SAMPLE_TOTAL + " EUR returned (evt_won)", resolved.change().data().get("note"));
        assertAcknowledged(invoke(function, event("evt_won_again", "dispute.won", SAMPLE_TOTAL)), "not-applicable");
    }

    // ---- hostile input ------------------------------------------------------------------------

    @Test
    void hostileDeliveriesAreAnsweredBelow500AndRefusalsWriteNothing() {
        HostileRequests.assertRefusedSafely(fx, function, SAMPLE);
    }

    @Test
    void hostileButCorrectlySignedEventsAreAnsweredBelow500AndRefusalsWriteNothing() {
        HostileRequests.assertRefusedSafely(fx, function, SAMPLE, event -> event.getBody() == null
                || event.getIsBase64Encoded() ? event : signed(event, event.getBody(), SECRET, NOW));
    }

    /** The signature is checked first: a correctly signed body that holds more than one JSON value is 400. */
    @Test
    void aSignedBodyWithAnythingButWhitespaceAfterItsJsonIsABadRequestThatWritesNothing() {
        HostileRequests.assertTrailingContentRefused(fx, function, SAMPLE,
                event -> signed(event, event.getBody(), SECRET, NOW));
    }

    @Test
    void aFunctionWithoutEitherSecretDoesNotStart() {
        assertThrows(IllegalStateException.class, () -> PaymentWebhookFunction.secrets(Map.of()));
        assertThrows(IllegalStateException.class, () -> PaymentWebhookFunction.secrets(Map.of(
                PaymentWebhookFunction.WEBHOOK_SECRET, " ", PaymentWebhookFunction.STRIPE_WEBHOOK_SECRET, STRIPE_SECRET)));
        assertThrows(IllegalStateException.class,
                () -> PaymentWebhookFunction.secrets(Map.of(PaymentWebhookFunction.WEBHOOK_SECRET, SECRET)));
    }

    // ---- the secret in Secrets Manager ----------------------------------------------------------

    @Test
    void aRotatedSecretVerifiesOnceTheCachedValueIsOlderThanTheMaxAgeWithoutARestart() throws Exception {
        // The secret's name, as the template gives it (a parameter); region and credentials as Lambda gives them.
        Map<String, String> env = Map.of(PaymentWebhookFunction.WEBHOOK_SECRET + SecretSource.ID_SUFFIX, SECRET_NAME,
                "AWS_REGION", "us-east-1", "AWS_ACCESS_KEY_ID", "local", "AWS_SECRET_ACCESS_KEY", "local");
        SecretsManagerStub secretsManager = new SecretsManagerStub().put(SECRET_NAME, SECRET);
        SecretsProvider cache = SecretsManagerStore.provider(secretsManager.client(PaymentWebhookFunction.class, env),
                Duration.ofSeconds(1));
        PaymentWebhookFunction deployed = new PaymentWebhookFunction(Api.services(fx, PaymentWebhookFunction.class),
                new PaymentWebhookFunction.Secrets(SecretSource.fromEnvironment(env, PaymentWebhookFunction.WEBHOOK_SECRET,
                        () -> cache::get).orElseThrow(), () -> STRIPE_SECRET),
                Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC));
        APIGatewayV2HTTPEvent signedWithTheNewSecret =
                event("evt_rotated", "payment.succeeded", SAMPLE_ORDER, SAMPLE_TOTAL, "EUR", "whsec_rotated");

        assertEquals(401, invoke(deployed, signedWithTheNewSecret).status(), "the provider has not rotated yet");
        secretsManager.put(SECRET_NAME, "whsec_rotated," + SECRET);
        assertEquals(401, invoke(deployed, signedWithTheNewSecret).status(), "the cached secret is younger than its max age");
        assertEquals(1, secretsManager.reads(), "one read, then the cache");

        Thread.sleep(Duration.ofSeconds(1).plusMillis(200).toMillis());
        assertAcknowledged(invoke(deployed, signedWithTheNewSecret), "applied");
        assertEquals(2, secretsManager.reads());
        assertEquals(200, invoke(deployed, event("evt_old", "payment.failed", SAMPLE_ORDER, SAMPLE_TOTAL, "EUR", SECRET))
                .status(), "the old secret is still accepted until the provider drops it");
    }
}
