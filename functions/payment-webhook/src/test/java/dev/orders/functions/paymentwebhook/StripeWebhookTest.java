package dev.orders.functions.paymentwebhook;

import static dev.orders.dynamodb.support.Fixture.SAMPLE_CUSTOMER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ORDER;
import static dev.orders.http.support.Api.invoke;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.stripe.Stripe;
import com.stripe.exception.SignatureVerificationException;
import com.stripe.model.Charge;
import com.stripe.model.Dispute;
import com.stripe.model.Event;
import com.stripe.model.PaymentIntent;
import com.stripe.model.Refund;
import com.stripe.model.checkout.Session;
import com.stripe.net.Webhook;
import dev.orders.core.feed.ListingOrder;
import dev.orders.application.payment.ProcessPaymentEvent;
import dev.orders.core.order.OpenPaymentIssue;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PaymentIssueKind;
import dev.orders.core.order.Role;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.payment.WebhookSignature;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.stripe.StripeEvent;
import dev.orders.http.support.Api;
import dev.orders.http.support.Api.Reply;
import dev.orders.http.support.SampleEvents;
import dev.orders.http.support.SecretsManagerStub;
import dev.orders.lambda.aws.SecretSource;
import dev.orders.lambda.aws.SecretsManagerStore;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.faults.BeforeTheFirstWrite;
import dev.orders.wiring.Services;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.lambda.powertools.parameters.secrets.SecretsProvider;

/**
 * {@code POST /webhooks/stripe} on the engine, with Stripe's own Java library as the oracle: the signatures it makes
 * are those the route takes, and the samples of events/ are events it reads for the API version it is pinned to.
 */
@ExtendWith(DynamoDbExtension.class)
class StripeWebhookTest {
    private static final String SECRET = "whsec_test_stripe_endpoint_secret";
    private static final long NOW = 1_795_348_800L;
    /** The Stripe route's secret; the neutral route's is never used here. */
    private static final PaymentWebhookFunction.Secrets SECRETS = PaymentWebhookFunction.secrets(Map.of(
            PaymentWebhookFunction.WEBHOOK_SECRET, "whsec_neutral_unused", PaymentWebhookFunction.STRIPE_WEBHOOK_SECRET,
            SECRET));
    private static final long TOTAL = 2 * 1250 + 899;
    private static final String SUCCEEDED = "payment-webhook/stripe-payment-intent-succeeded";
    private static final String SESSION_COMPLETED = "payment-webhook/stripe-checkout-session-completed";
    private static final String PAYMENT_INTENT = "pi_3QKc9bLkq2Yw7Hb10bZ8mW4r";
    private static final String DISPUTE_CREATED = "payment-webhook/stripe-charge-dispute-created";
    private static final String DISPUTE_CLOSED = "payment-webhook/stripe-charge-dispute-closed";
    private static final String DISPUTE = "dp_1QKc9bLkq2Yw7Hb1dS4pT5uV";
    private static final String SESSION_EXPIRED = "payment-webhook/stripe-checkout-session-expired";
    private static final String REFUND_CREATED = "payment-webhook/stripe-refund-created";
    private static final String REFUND_UPDATED = "payment-webhook/stripe-refund-updated";
    private static final String REFUND = "re_3QKc9bLkq2Yw7Hb10rF5uN7d";
    private static final String CHARGE_REFUNDED = "payment-webhook/stripe-charge-refunded";
    private static final String REFUND_FAILED = "payment-webhook/stripe-refund-failed";

    private Fixture fx;
    private PaymentWebhookFunction function;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
        function = new PaymentWebhookFunction(Api.services(fx, PaymentWebhookFunction.class),
                SECRETS,
                Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC));
        fx.seedSampleOrder();
    }

    static List<String> stripeSamples() {
        return SampleEvents.names("payment-webhook").stream().filter(name -> name.contains("/stripe-")).toList();
    }

    /** The sample, signed by Stripe's library with the endpoint's secret at {@code timestamp}. */
    private static APIGatewayV2HTTPEvent signedByStripe(String sample, long timestamp) {
        APIGatewayV2HTTPEvent event = SampleEvents.load(sample);
        try {
            return withSignature(event, Webhook.Signature.generateSignatureHeader(event.getBody(), SECRET, timestamp));
        } catch (java.security.GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    private static APIGatewayV2HTTPEvent withSignature(APIGatewayV2HTTPEvent event, String header) {
        Map<String, String> headers = new HashMap<>(event.getHeaders());
        if (header == null) {
            headers.remove("stripe-signature");
        } else {
            headers.put("stripe-signature", header);
        }
        event.setHeaders(headers);
        return event;
    }

    private static String v1(String secret, long timestamp, String body) throws Exception {
        return Webhook.Util.computeHmacSha256(secret, timestamp + "." + body);
    }

    private Order order() {
        return fx.reads.findRootById(SAMPLE_ORDER).orElseThrow();
    }

    private static void assertAcknowledged(Reply reply, String outcome) {
        assertEquals(200, reply.status(), reply.response().getBody());
        assertEquals(outcome, reply.json().get("outcome"), reply.response().getBody());
    }

    private void assertRefusedWritingNothing(Reply reply) {
        assertEquals(400, reply.status(), reply.response().getBody());
        assertTrue(reply.contentType().startsWith("application/problem+json"), reply.contentType());
        assertEquals("Invalid signature", reply.json().get("title"));
        assertEquals(List.of(1L, OrderStatus.CREATED), List.of(order().version(), order().status()));
    }

    // ---- what the events do -------------------------------------------------------------------------------

    @Test
    void aSucceededPaymentIntentPaysItsOrderForItsAmountReceivedAsOneEventByTheStripeWebhook() {
        Reply reply = invoke(function, signedByStripe(SUCCEEDED, NOW));

        assertAcknowledged(reply, "applied");
        assertEquals(PAYMENT_INTENT, reply.json().get("eventId"), "a capture is processed once by its payment");
        Order order = order();
        assertEquals(List.of(OrderStatus.PAID, TOTAL, Optional.of(PAYMENT_INTENT)),
                List.of(order.status(), order.capturedAmount(), order.paymentId()));
        OrderEvent captured = fx.events(SAMPLE_CUSTOMER, SAMPLE_ORDER).get(1);
        assertEquals("PaymentCaptured", captured.type());
        assertEquals(ProcessPaymentEvent.STRIPE_ACTOR, captured.by());
        assertEquals(Map.of("from", "CREATED", "to", "PAID", "amount", TOTAL, "currency", "EUR",
                "paymentEventId", PAYMENT_INTENT, "paymentId", PAYMENT_INTENT), captured.change().data());
    }

    /** Stripe retries an event and tells of one payment in several types: the order is paid once. */
    @Test
    void aPaymentIntentPaysOnceWhicheverOfItsEventsArriveAndHoweverOften() {
        assertAcknowledged(invoke(function, signedByStripe(SESSION_COMPLETED, NOW)), "applied");

        assertAcknowledged(invoke(function, signedByStripe(SESSION_COMPLETED, NOW)), "duplicate");
        assertAcknowledged(invoke(function, signedByStripe(SUCCEEDED, NOW)), "duplicate");
        assertAcknowledged(invoke(function,
                signedByStripe("payment-webhook/stripe-checkout-session-async-payment-succeeded", NOW)), "duplicate");

        assertEquals(List.of(2L, OrderStatus.PAID, TOTAL),
                List.of(order().version(), order().status(), order().capturedAmount()));
    }

    @Test
    void aFailedPaymentIntentMovesAnOrderNobodyPaidForToAwaitPayment() {
        assertAcknowledged(invoke(function, signedByStripe("payment-webhook/stripe-payment-intent-payment-failed",
                NOW)), "applied");

        assertEquals(OrderStatus.AWAITING_PAYMENT, order().status());
        assertEquals(0, order().capturedAmount());
    }

    @Test
    void moneyForNoOrderIsAPaymentIssueUnderThePaymentIntentNeverDropped() {
        Reply reply = invoke(function, signedByStripe("payment-webhook/stripe-payment-intent-no-order", NOW));

        assertAcknowledged(reply, "payment-issue");
        assertEquals("UNKNOWN_ORDER", reply.json().get("issue"));
        List<OpenPaymentIssue> open = fx.issues.open(ListingOrder.NEWEST_FIRST, 10, Optional.empty()).items();
        assertEquals(List.of(PAYMENT_INTENT), open.stream().map(OpenPaymentIssue::orderId).toList());
        assertEquals(PaymentIssueKind.UNKNOWN_ORDER, open.get(0).kind());
        assertEquals(1, order().version(), "the sample order is another order");
    }

    /** A dispute withdraws money: an issue of the order that took the payment, which the dispute's closing resolves. */
    @Test
    void aDisputeIsAPaymentIssueOfTheOrderAndItsClosingResolvesItSayingHow() {
        assertAcknowledged(invoke(function, signedByStripe(SUCCEEDED, NOW)), "applied");

        Reply opened = invoke(function, signedByStripe(DISPUTE_CREATED, NOW));
        assertAcknowledged(opened, "payment-issue");
        assertEquals("DISPUTE", opened.json().get("issue"));
        assertAcknowledged(invoke(function, signedByStripe(DISPUTE_CREATED, NOW)), "duplicate");
        List<OpenPaymentIssue> open = fx.issues.open(ListingOrder.NEWEST_FIRST, 10, Optional.empty()).items();
        assertEquals(List.of(List.of(SAMPLE_ORDER, DISPUTE, PaymentIssueKind.DISPUTE, TOTAL)), open.stream()
                .map(issue -> List.of(issue.orderId(), issue.eventId(), issue.kind(), issue.amount())).toList());

        assertAcknowledged(invoke(function, signedByStripe(DISPUTE_CLOSED, NOW)), "applied");

        assertEquals(List.of(), fx.issues.open(ListingOrder.NEWEST_FIRST, 10, Optional.empty()).items());
        OrderEvent closed = fx.events(SAMPLE_CUSTOMER, SAMPLE_ORDER).get(3);
        assertEquals(List.of("PaymentIssueResolved", ProcessPaymentEvent.STRIPE_ACTOR), List.of(closed.type(), closed.by()));
        assertEquals(Map.of("paymentEventId", DISPUTE, "kind", "DISPUTE",
                "note", "dispute lost: 3399 EUR taken back (evt_1QKc9bLkq2Yw7Hb1dL8aB9cD)"), closed.change().data());
        assertEquals(List.of(OrderStatus.PAID, TOTAL, 0L),
                List.of(order().status(), order().capturedAmount(), order().refundedAmount()));
    }

    /** A dispute lost of which no issue is open (its opening never came) is money taken back: an issue of its own. */
    @Test
    void aDisputeLostWithNoOpenIssueIsAnIssueOfItsOwn() {
        assertAcknowledged(invoke(function, signedByStripe(SUCCEEDED, NOW)), "applied");

        Reply closed = invoke(function, signedByStripe(DISPUTE_CLOSED, NOW));

        assertAcknowledged(closed, "payment-issue");
        assertEquals("DISPUTE", closed.json().get("issue"));
        List<OpenPaymentIssue> open = fx.issues.open(ListingOrder.NEWEST_FIRST, 10, Optional.empty()).items();
        assertEquals(List.of(List.of(SAMPLE_ORDER, "evt_1QKc9bLkq2Yw7Hb1dL8aB9cD", TOTAL)), open.stream()
                .map(issue -> List.of(issue.orderId(), issue.eventId(), issue.amount())).toList());
    }

    /** Stripe may tell of a dispute before the capture is recorded: both are recorded, neither is lost. */
    @Test
    void aCaptureRacingADisputeRecordsBoth() {
        PaymentWebhookFunction capture = racedBy(() ->
                assertAcknowledged(invoke(function, signedByStripe(DISPUTE_CREATED, NOW)), "payment-issue"));

        assertAcknowledged(invoke(capture, signedByStripe(SUCCEEDED, NOW)), "applied");

        assertEquals(OrderStatus.PAID, order().status());
        List<OpenPaymentIssue> open = fx.issues.open(ListingOrder.NEWEST_FIRST, 10, Optional.empty()).items();
        assertEquals(List.of(List.of(PAYMENT_INTENT, PaymentIssueKind.DISPUTE)), open.stream()
                .map(issue -> List.of(issue.orderId(), issue.kind())).toList(),
                "a dispute of a payment no order had taken yet, under the payment, for an administrator");
    }

    /** A Checkout Session that expired unpaid closes its order as the payment window would, once. */
    @Test
    void anExpiredCheckoutSessionExpiresItsOrderStillAwaitingPaymentAndNothingElse() {
        fx.changeOrderStatus.change(new StatusChangeRequest(Optional.of(SAMPLE_CUSTOMER), SAMPLE_ORDER,
                OrderStatus.AWAITING_PAYMENT, Role.CUSTOMER, Optional.empty(), "user:" + SAMPLE_CUSTOMER, Optional.empty()));

        assertAcknowledged(invoke(function, signedByStripe(SESSION_EXPIRED, NOW)), "applied");
        assertAcknowledged(invoke(function, signedByStripe(SESSION_EXPIRED, NOW)), "not-applicable");

        assertEquals(List.of(3L, OrderStatus.EXPIRED), List.of(order().version(), order().status()));
        OrderEvent expired = fx.events(SAMPLE_CUSTOMER, SAMPLE_ORDER).get(2);
        assertEquals(ProcessPaymentEvent.STRIPE_ACTOR, expired.by());
        assertEquals(Map.of("from", "AWAITING_PAYMENT", "to", "EXPIRED", "reason", "checkout session expired"),
                expired.change().data());
    }

    @Test
    void anExpiredCheckoutSessionLeavesAPaidOrderPaid() {
        assertAcknowledged(invoke(function, signedByStripe(SUCCEEDED, NOW)), "applied");

        assertAcknowledged(invoke(function, signedByStripe(SESSION_EXPIRED, NOW)), "not-applicable");

        assertEquals(List.of(2L, OrderStatus.PAID), List.of(order().version(), order().status()));
    }

    /** Stripe tells of one refund in refund.created and refund.updated: it counts once, whichever arrive. */
    @Test
    void aRefundCountsOnceThroughEachOfItsEventsOnTheOrderThatTookItsPayment() {
        assertAcknowledged(invoke(function, signedByStripe(SUCCEEDED, NOW)), "applied");

        assertAcknowledged(invoke(function, signedByStripe(REFUND_UPDATED, NOW)), "applied");
        assertAcknowledged(invoke(function, signedByStripe(REFUND_CREATED, NOW)), "duplicate");
        assertAcknowledged(invoke(function, signedByStripe(REFUND_UPDATED, NOW)), "duplicate");

        Order order = order();
        assertEquals(List.of(3L, OrderStatus.PAID, 1250L), List.of(order.version(), order.status(), order.refundedAmount()));
        OrderEvent refunded = fx.events(SAMPLE_CUSTOMER, SAMPLE_ORDER).get(2);
        assertEquals("RefundRecorded", refunded.type());
        assertEquals(REFUND, refunded.change().data().get("paymentEventId"));
        assertEquals(PAYMENT_INTENT, refunded.change().data().get("paymentId"));
    }

    /** The three events that tell of the sample's refund of 1250, in each of their orders. */
    static List<List<String>> theRefundsThreeEventsInEachOrder() {
        List<String> a = List.of(REFUND_CREATED, REFUND_UPDATED, CHARGE_REFUNDED);
        return List.of(List.of(a.get(0), a.get(1), a.get(2)), List.of(a.get(0), a.get(2), a.get(1)),
                List.of(a.get(1), a.get(0), a.get(2)), List.of(a.get(1), a.get(2), a.get(0)),
                List.of(a.get(2), a.get(0), a.get(1)), List.of(a.get(2), a.get(1), a.get(0)));
    }

    /**
     * Stripe tells of one refund in refund.created, refund.updated and charge.refunded (the charge's refunds in all):
     * it counts once, whichever arrive first; a refund the total counted first is then identified, moving no money.
     */
    @ParameterizedTest
    @MethodSource("theRefundsThreeEventsInEachOrder")
    void oneRefundThroughRefundCreatedRefundUpdatedAndChargeRefundedCountsOnceInAnyOrder(List<String> arrivals) {
        assertAcknowledged(invoke(function, signedByStripe(SUCCEEDED, NOW)), "applied");

        for (String sample : arrivals) {
            assertEquals(200, invoke(function, signedByStripe(sample, NOW)).status(), sample);
        }

        Order order = order();
        assertEquals(List.of(OrderStatus.PAID, 1250L), List.of(order.status(), order.refundedAmount()));
        List<OrderEvent> events = fx.events(SAMPLE_CUSTOMER, SAMPLE_ORDER);
        assertEquals(1250L, events.stream().filter(event -> event.type().equals("RefundRecorded"))
                .mapToLong(event -> (Long) event.change().data().get("amount")).sum());
        List<String> after = events.subList(2, events.size()).stream().map(OrderEvent::type).toList();
        assertEquals(arrivals.get(0).equals(CHARGE_REFUNDED) ? List.of("RefundRecorded", "RefundIdentified")
                : List.of("RefundRecorded"), after);
    }

    /** The sample's event {@code sample}, its ids and amounts replaced as {@code replacements} say, and signed. */
    private static APIGatewayV2HTTPEvent edited(String sample, Map<String, String> replacements) {
        APIGatewayV2HTTPEvent event = SampleEvents.load(sample);
        String body = event.getBody();
        for (Map.Entry<String, String> replacement : replacements.entrySet()) {
            body = body.replace(replacement.getKey(), replacement.getValue());
        }
        event.setBody(body);
        return resigned(event);
    }

    /** Two refunds, each told by itself and in the charge's running total, late and out of order: each counts once. */
    @Test
    void twoRefundsToldOneByOneAndInTheChargesTotalOutOfOrderEachCountOnce() {
        assertAcknowledged(invoke(function, signedByStripe(SUCCEEDED, NOW)), "applied");
        Map<String, String> second = Map.of(REFUND, "re_3QKc9bLkq2Yw7Hb10rS2nD8e", "evt_3QKc9bLkq2Yw7Hb10rC1aB3f",
                "evt_3QKc9bLkq2Yw7Hb10rC2aB3f", "\"amount\": 1250", "\"amount\": 899");
        APIGatewayV2HTTPEvent bothInAll = edited(CHARGE_REFUNDED, Map.of("\"amount_refunded\": 1250",
                "\"amount_refunded\": 2149", "evt_3QKc9bLkq2Yw7Hb10rH1aB5h", "evt_3QKc9bLkq2Yw7Hb10rH2aB5h"));

        assertAcknowledged(invoke(function, bothInAll), "applied");
        assertAcknowledged(invoke(function, signedByStripe(REFUND_CREATED, NOW)), "applied");
        assertAcknowledged(invoke(function, signedByStripe(CHARGE_REFUNDED, NOW)), "duplicate");
        assertAcknowledged(invoke(function, edited(REFUND_CREATED, second)), "applied");

        assertEquals(2149, order().refundedAmount());
        assertEquals(List.of("RefundRecorded", "RefundIdentified", "RefundIdentified"),
                fx.events(SAMPLE_CUSTOMER, SAMPLE_ORDER).subList(2, 5).stream().map(OrderEvent::type).toList());
        assertAcknowledged(invoke(function, edited(REFUND_CREATED, Map.of(REFUND, "re_3QKc9bLkq2Yw7Hb10rT3nD8f"))),
                "applied");
        assertEquals(List.of(OrderStatus.REFUNDED, TOTAL), List.of(order().status(), order().refundedAmount()));
    }

    /** A refund that failed after it succeeded gave the money back to the shop: an issue, told once by either event. */
    @Test
    void aRefundThatFailsAfterItCountedIsAPaymentIssueToldOnce() {
        assertAcknowledged(invoke(function, signedByStripe(SUCCEEDED, NOW)), "applied");
        assertAcknowledged(invoke(function, signedByStripe(REFUND_CREATED, NOW)), "applied");

        Reply failed = invoke(function, signedByStripe(REFUND_FAILED, NOW));
        assertAcknowledged(failed, "payment-issue");
        assertEquals("REFUND_FAILED", failed.json().get("issue"));
        assertAcknowledged(invoke(function, edited(REFUND_UPDATED, Map.of("\"status\": \"succeeded\"",
                "\"status\": \"failed\"", "evt_3QKc9bLkq2Yw7Hb10rU1aB4g", "evt_3QKc9bLkq2Yw7Hb10rU2aB4g"))),
                "duplicate");

        List<OpenPaymentIssue> open = fx.issues.open(ListingOrder.NEWEST_FIRST, 10, Optional.empty()).items();
        assertEquals(List.of(List.of(SAMPLE_ORDER, PaymentIssueKind.REFUND_FAILED, 1250L)), open.stream()
                .map(issue -> List.<Object>of(issue.orderId(), issue.kind(), issue.amount())).toList());
        assertEquals(1250, order().refundedAmount());
    }

    @Test
    void aRefundThatFailsBeforeItCountedRecordsNothing() {
        assertAcknowledged(invoke(function, signedByStripe(SUCCEEDED, NOW)), "applied");

        assertAcknowledged(invoke(function, signedByStripe(REFUND_FAILED, NOW)), "not-applicable");

        assertEquals(List.of(2L, 0L), List.of(order().version(), order().refundedAmount()));
        assertEquals(List.of(), fx.issues.open(ListingOrder.NEWEST_FIRST, 10, Optional.empty()).items());
    }

    /**
     * A total arriving before the capture of its payment is money the service cannot place: an issue no capture
     * takes (unlike a refund told by itself), for a person; the capture then pays the order.
     */
    @Test
    void aChargesRefundsInAllBeforeItsCaptureIsAPaymentIssueForAPerson() {
        Reply early = invoke(function, signedByStripe(CHARGE_REFUNDED, NOW));

        assertAcknowledged(early, "payment-issue");
        assertEquals("UNMATCHED_REFUND_TOTAL", early.json().get("issue"));
        assertAcknowledged(invoke(function, signedByStripe(SUCCEEDED, NOW)), "applied");
        assertEquals(List.of(OrderStatus.PAID, 0L), List.of(order().status(), order().refundedAmount()));
        assertEquals(List.of(PaymentIssueKind.UNMATCHED_REFUND_TOTAL), fx.issues.open(ListingOrder.NEWEST_FIRST, 10, Optional.empty()).items()
                .stream().map(OpenPaymentIssue::kind).toList());
    }

    // ---- races: Stripe sends one payment's or one refund's events at once -----------------------------------

    /** A function whose first write waits until {@code meanwhile} has run: a delivery that raced another. */
    private PaymentWebhookFunction racedBy(Runnable meanwhile) {
        return new PaymentWebhookFunction(Services.fromEnvironment(Api.environment(fx),
                fx.testTable.newClient(new BeforeTheFirstWrite(meanwhile))), SECRETS,
                Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC));
    }

    /**
     * One refund through two of its events at once: refund.created racing refund.updated (the same refund, a duplicate)
     * or charge.refunded racing refund.created (counted by the total, then identified).
     */
    @ParameterizedTest(name = "{0} racing {1}")
    @CsvSource({
            "payment-webhook/stripe-refund-created, payment-webhook/stripe-refund-updated, duplicate, RefundRecorded",
            "payment-webhook/stripe-charge-refunded, payment-webhook/stripe-refund-created, applied, RefundIdentified"})
    void oneRefundThroughTwoOfItsEventsAtOnceCountsOnce(String first, String raced, String outcome, String lastEvent) {
        assertAcknowledged(invoke(function, signedByStripe(SUCCEEDED, NOW)), "applied");
        PaymentWebhookFunction racing = racedBy(() ->
                assertAcknowledged(invoke(function, signedByStripe(first, NOW)), "applied"));

        assertAcknowledged(invoke(racing, signedByStripe(raced, NOW)), outcome);

        assertEquals(1250L, order().refundedAmount());
        List<OrderEvent> events = fx.events(SAMPLE_CUSTOMER, SAMPLE_ORDER);
        assertEquals(lastEvent, events.get(events.size() - 1).type());
    }

    @Test
    void onePaymentThroughTwoOfItsEventsAtOncePaysOnce() {
        PaymentWebhookFunction completed = racedBy(() ->
                assertAcknowledged(invoke(function, signedByStripe(SUCCEEDED, NOW)), "applied"));

        assertAcknowledged(invoke(completed, signedByStripe(SESSION_COMPLETED, NOW)), "duplicate");

        assertEquals(List.of(2L, OrderStatus.PAID, TOTAL),
                List.of(order().version(), order().status(), order().capturedAmount()));
    }

    @Test
    void aPendingRefundCountsOnceItSucceeds() {
        assertAcknowledged(invoke(function, signedByStripe(SUCCEEDED, NOW)), "applied");
        APIGatewayV2HTTPEvent pending = SampleEvents.load(REFUND_CREATED);
        pending.setBody(pending.getBody().replace("\"status\": \"succeeded\"", "\"status\": \"pending\""));

        assertAcknowledged(invoke(function, resigned(pending)), "not-applicable");
        assertEquals(0, order().refundedAmount());
        assertAcknowledged(invoke(function, signedByStripe(REFUND_UPDATED, NOW)), "applied");
        assertEquals(1250, order().refundedAmount());
    }

    /** A refund names only its payment: of a payment no order took (yet), it is money for no order, recorded. */
    @Test
    void aRefundOfAPaymentNoOrderTookIsAPaymentIssueUnderThePayment() {
        Reply reply = invoke(function, signedByStripe(REFUND_CREATED, NOW));

        assertAcknowledged(reply, "payment-issue");
        assertEquals("UNKNOWN_ORDER", reply.json().get("issue"));
        List<OpenPaymentIssue> open = fx.issues.open(ListingOrder.NEWEST_FIRST, 10, Optional.empty()).items();
        assertEquals(List.of(PAYMENT_INTENT), open.stream().map(OpenPaymentIssue::orderId).toList());
        assertEquals(List.of(REFUND, 1250L), List.of(open.get(0).eventId(), open.get(0).amount()));
    }

    @Test
    void aTypeTheServiceDoesNotActOnAndASessionNotPaidYetAreAcknowledgedWritingNothing() {
        APIGatewayV2HTTPEvent charge = SampleEvents.load(SUCCEEDED);
        charge.setBody(charge.getBody().replace("\"type\": \"payment_intent.succeeded\"", "\"type\": \"charge.succeeded\""));
        APIGatewayV2HTTPEvent unpaid = SampleEvents.load(SESSION_COMPLETED);
        unpaid.setBody(unpaid.getBody().replace("\"payment_status\": \"paid\"", "\"payment_status\": \"unpaid\""));

        assertAcknowledged(invoke(function, resigned(charge)), "unknown-type");
        assertAcknowledged(invoke(function, resigned(unpaid)), "not-applicable");

        assertEquals(1, order().version());
    }

    private static APIGatewayV2HTTPEvent resigned(APIGatewayV2HTTPEvent event) {
        return withSignature(event, WebhookSignature.header(SECRET, NOW, event.getBody()));
    }

    // ---- the signature, as Stripe documents it ------------------------------------------------------------

    /** Stripe sends a v1 for each secret while one is rolled; any that matches is enough, v0 is never read. */
    @Test
    void anyV1ThatMatchesIsEnoughAndV0IsIgnored() throws Exception {
        APIGatewayV2HTTPEvent event = SampleEvents.load(SUCCEEDED);
        String body = event.getBody();
        String rolled = "t=" + NOW + ",v1=" + v1("whsec_the_new_secret", NOW, body) + ",v1=" + v1(SECRET, NOW, body)
                + ",v0=" + v1(SECRET, NOW, body);

        assertAcknowledged(invoke(function, withSignature(event, rolled)), "applied");
    }

    @Test
    void aSignatureOfOnlyV0IsRefused() throws Exception {
        APIGatewayV2HTTPEvent event = SampleEvents.load(SUCCEEDED);

        assertRefusedWritingNothing(invoke(function, withSignature(event, "t=" + NOW + ",v0=" + v1(SECRET, NOW,
                event.getBody()))));
    }

    @Test
    void anotherEndpointsSecretAnAlteredBodyOrNoSignatureIsRefusedWritingNothing() throws Exception {
        APIGatewayV2HTTPEvent other = SampleEvents.load(SUCCEEDED);
        APIGatewayV2HTTPEvent altered = signedByStripe(SUCCEEDED, NOW);
        altered.setBody(altered.getBody().replace("\"amount_received\": 3399", "\"amount_received\": 3398"));

        assertRefusedWritingNothing(invoke(function, withSignature(other,
                Webhook.Signature.generateSignatureHeader(other.getBody(), "whsec_another_endpoint", NOW))));
        assertRefusedWritingNothing(invoke(function, altered));
        assertRefusedWritingNothing(invoke(function, withSignature(SampleEvents.load(SUCCEEDED), null)));
        assertEquals(Map.of(), fx.raw(Keys.webhookEventPk(PAYMENT_INTENT), Keys.WEBHOOK_EVENT_SK));
    }

    /** Stripe's tolerance is 300 seconds (Webhook.DEFAULT_TOLERANCE), which bounds a replay. */
    @Test
    void aSignatureOlderThanStripesToleranceIsRefused() {
        assertEquals(WebhookSignature.TOLERANCE.toSeconds(), Webhook.DEFAULT_TOLERANCE);

        assertRefusedWritingNothing(invoke(function, signedByStripe(SESSION_COMPLETED,
                NOW - Webhook.DEFAULT_TOLERANCE - 1)));
        assertAcknowledged(invoke(function, signedByStripe(SUCCEEDED, NOW - Webhook.DEFAULT_TOLERANCE)), "applied");
    }

    /** What sam-local signs its Stripe samples with is what Stripe's library verifies. */
    @Test
    void theSignatureTheServiceMakesIsOneStripesLibraryVerifies() throws SignatureVerificationException {
        String body = SampleEvents.load(SUCCEEDED).getBody();

        Event event = Webhook.constructEvent(body, WebhookSignature.header(SECRET, NOW, body), SECRET,
                Webhook.DEFAULT_TOLERANCE, Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC));

        assertEquals("payment_intent.succeeded", event.getType());
    }

    /**
     * In AWS the endpoint's secret is read from Secrets Manager by the name the template gives it; while Stripe rolls
     * it, the secret holds the new one and the old one, and deliveries signed with either are taken.
     */
    @Test
    void theEndpointsSecretIsReadFromSecretsManagerAndARolledSecretTakesBothSignatures() throws Exception {
        Map<String, String> env = Map.of(PaymentWebhookFunction.STRIPE_WEBHOOK_SECRET + SecretSource.ID_SUFFIX,
                "order-service/stripe-webhook", "AWS_REGION", "us-east-1", "AWS_ACCESS_KEY_ID", "local",
                "AWS_SECRET_ACCESS_KEY", "local");
        SecretsManagerStub secretsManager = new SecretsManagerStub().put("order-service/stripe-webhook", SECRET);
        SecretsProvider cache = SecretsManagerStore.provider(secretsManager.client(PaymentWebhookFunction.class, env),
                Duration.ofSeconds(1));
        PaymentWebhookFunction deployed = new PaymentWebhookFunction(Api.services(fx, PaymentWebhookFunction.class),
                new PaymentWebhookFunction.Secrets(() -> "whsec_neutral_unused", SecretSource.fromEnvironment(env,
                        PaymentWebhookFunction.STRIPE_WEBHOOK_SECRET, () -> cache::get).orElseThrow()),
                Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC));
        APIGatewayV2HTTPEvent failed = SampleEvents.load("payment-webhook/stripe-payment-intent-payment-failed");
        APIGatewayV2HTTPEvent newlySigned = withSignature(SampleEvents.load(SUCCEEDED),
                Webhook.Signature.generateSignatureHeader(SampleEvents.load(SUCCEEDED).getBody(), "whsec_rolled", NOW));

        assertAcknowledged(invoke(deployed, withSignature(failed, Webhook.Signature.generateSignatureHeader(
                failed.getBody(), SECRET, NOW))), "applied");
        secretsManager.put("order-service/stripe-webhook", "whsec_rolled," + SECRET);
        Thread.sleep(Duration.ofSeconds(1).plusMillis(200).toMillis());

        assertAcknowledged(invoke(deployed, newlySigned), "applied");
        assertEquals(OrderStatus.PAID, order().status());
    }

    // ---- the samples are Stripe's events ------------------------------------------------------------------

    @Test
    void theRouteIsWrittenForTheApiVersionStripesLibraryIsPinnedTo() {
        assertEquals(Stripe.API_VERSION, StripeEvent.API_VERSION);
    }

    /** Each sample's body is an event Stripe's library reads whole, its object of the class its type names. */
    @ParameterizedTest
    @MethodSource("stripeSamples")
    void eachStripeSampleIsAnEventStripesLibraryReadsForItsApiVersion(String sample) {
        Event event = Event.GSON.fromJson(SampleEvents.load(sample).getBody(), Event.class);

        assertEquals(Stripe.API_VERSION, event.getApiVersion());
        Object object = event.getDataObjectDeserializer().getObject().orElseThrow(
                () -> new AssertionError(sample + ": not readable as API version " + Stripe.API_VERSION));
        assertNotNull(event.getId());
        Class<?> expected = event.getType().startsWith("checkout.session.") ? Session.class
                : event.getType().startsWith("refund.") ? Refund.class
                : event.getType().startsWith("charge.dispute.") ? Dispute.class
                : event.getType().startsWith("charge.") ? Charge.class : PaymentIntent.class;
        assertTrue(expected.isInstance(object), sample + ": " + object.getClass());
    }
}
