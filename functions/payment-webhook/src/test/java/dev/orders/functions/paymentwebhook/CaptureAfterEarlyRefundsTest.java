package dev.orders.functions.paymentwebhook;

import static dev.orders.dynamodb.support.Fixture.SAMPLE_CUSTOMER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ORDER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_PAYMENT;
import static dev.orders.http.support.Api.invoke;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.payment.WebhookSignature;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api;
import dev.orders.http.support.Api.Reply;
import dev.orders.http.support.SampleEvents;
import dev.orders.lambda.json.Json;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A capture after many refunds of its payment that arrived before it, through the webhook on the engine: more early
 * refunds than one transaction of 100 actions holds are applied by follow-up steps before the answer, each refund once
 * and each its own version of the order's log, in the order they were recorded.
 */
@ExtendWith(DynamoDbExtension.class)
class CaptureAfterEarlyRefundsTest {
    private static final String SECRET = "whsec_test_secret_not_for_production";
    private static final long NOW = 1_795_348_800L;
    private static final long TOTAL = 2 * 1250 + 899;

    private Fixture fx;
    private PaymentWebhookFunction function;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
        function = new PaymentWebhookFunction(Api.services(fx, PaymentWebhookFunction.class),
                PaymentWebhookFunction.secrets(Map.of(PaymentWebhookFunction.WEBHOOK_SECRET, SECRET,
                        PaymentWebhookFunction.STRIPE_WEBHOOK_SECRET, "whsec_stripe_unused")),
                Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC));
        fx.seedSampleOrder();
    }

    /**
     * 48 early refunds are the most the capture's own transaction holds (100 actions, out of AWAITING_PAYMENT); 49 and
     * more were answered 500, every time, and nothing recorded.
     */
    @ParameterizedTest
    @ValueSource(ints = {48, 49, 50, 200})
    void aCaptureAfterManyEarlyRefundsIsAppliedOnceAndEveryRefundAfterItInOrder(int refunds) {
        assertEquals("applied", deliver("evt_failed", "payment.failed", 0).json().get("outcome"));
        List<String> refundIds = IntStream.range(0, refunds).mapToObj(i -> String.format("evt_r%03d", i)).toList();
        refundIds.forEach(id -> assertEquals("payment-issue", deliver(id, "refund.succeeded", 1).json().get("outcome")));
        long version = 2 + refunds;

        Reply capture = deliver("evt_capture", "payment.succeeded", TOTAL);

        assertEquals(200, capture.status(), capture.response().getBody());
        assertEquals("applied", capture.json().get("outcome"));
        assertCapturedOnceWithEveryRefundAfterIt(refundIds, version);
        Reply redelivery = deliver("evt_capture", "payment.succeeded", TOTAL);
        assertEquals(200, redelivery.status(), redelivery.response().getBody());
        assertEquals("duplicate", redelivery.json().get("outcome"));
        assertCapturedOnceWithEveryRefundAfterIt(refundIds, version);
    }

    private void assertCapturedOnceWithEveryRefundAfterIt(List<String> refundIds, long versionBefore) {
        Order order = fx.reads.findRootById(SAMPLE_ORDER).orElseThrow();
        assertEquals(List.of(OrderStatus.PAID, TOTAL, (long) refundIds.size(), versionBefore + 1 + refundIds.size()),
                List.of(order.status(), order.capturedAmount(), order.refundedAmount(), order.version()));
        List<OrderEvent> log = fx.events(SAMPLE_CUSTOMER, SAMPLE_ORDER);
        assertEquals(LongStream.rangeClosed(1, order.version()).boxed().toList(), log.stream().map(OrderEvent::version).toList(),
                "one event per version, none missing");
        List<OrderEvent> after = log.subList((int) versionBefore, log.size());
        assertEquals("PaymentCaptured", after.get(0).type());
        assertEquals(refundIds, after.subList(1, after.size()).stream()
                .peek(event -> assertEquals("RefundRecorded", event.type()))
                .map(event -> event.change().data().get("paymentEventId")).toList(), "each early refund once, in order");
        List<PaymentIssue> issues = fx.reads.findAggregateById(SAMPLE_ORDER).orElseThrow().paymentIssues();
        assertEquals(refundIds.size(), issues.size());
        assertTrue(issues.stream().allMatch(PaymentIssue::isSettled), "every early refund is recorded against its capture");
    }

    /** A delivery of the provider's event {@code id} for the sample order's payment, signed now. */
    private Reply deliver(String id, String type, long amount) {
        Map<String, Object> data = new HashMap<>(Map.of("orderId", SAMPLE_ORDER, "amount", amount, "currency", "EUR"));
        if (!type.equals("payment.failed")) {
            data.put("paymentId", SAMPLE_PAYMENT);
        } else {
            data.put("amount", TOTAL);
        }
        String body = Json.write(Map.of("id", id, "type", type, "created", NOW - 5, "data", data));
        APIGatewayV2HTTPEvent event = SampleEvents.load("payment-webhook/payment-succeeded");
        event.setBody(body);
        event.setIsBase64Encoded(false);
        Map<String, String> headers = new HashMap<>(event.getHeaders());
        headers.put("webhook-signature", WebhookSignature.header(SECRET, NOW, body));
        event.setHeaders(headers);
        return invoke(function, event);
    }
}
