package dev.orders.local.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.functions.paymentwebhook.PaymentWebhookFunction;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.lambda.TestContext;
import dev.orders.wiring.Services;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A sample delivered anew is what Stripe would send: the sample of a PaymentIntent for no order, delivered for none,
 * is a fresh payment each time, which the payment webhook records as money for no order.
 */
@ExtendWith(DynamoDbExtension.class)
class StripeSampleTest {
    private static final String SECRET = "whsec_stripe_sample_test";
    private static final StripeSample NO_ORDER = StripeSample.named("stripe-payment-intent-no-order.json");

    @Test
    void aPaymentIntentOfNoOrderIsAFreshPaymentEachDeliveryRecordedAsMoneyForNoOrder(TestTable table) throws Exception {
        PaymentWebhookFunction function = new PaymentWebhookFunction(Services.fromEnvironment(Map.of(
                Services.TABLE_NAME, table.tableName()), table.client()), new PaymentWebhookFunction.Secrets(
                () -> "whsec_neutral_unused", () -> SECRET), Clock.systemUTC());
        long now = Clock.systemUTC().instant().getEpochSecond();

        StripeSample.Delivery first = NO_ORDER.delivered(Optional.empty(), 3399, "eur", Optional.empty(), SECRET, now);
        StripeSample.Delivery second = NO_ORDER.delivered(Optional.empty(), 3399, "eur", Optional.empty(), SECRET, now);

        assertNotEquals(paymentIntent(first), paymentIntent(second));
        for (StripeSample.Delivery delivery : List.of(first, second)) {
            APIGatewayV2HTTPResponse response = function.respond(event(delivery), new TestContext());
            assertEquals(200, response.getStatusCode(), response.getBody());
            assertEquals(List.of("payment-issue", "UNKNOWN_ORDER"), List.of(JSON.std.mapFrom(response.getBody())
                    .get("outcome"), JSON.std.mapFrom(response.getBody()).get("issue")), response.getBody());
            assertTrue(delivery.headers().get("stripe-signature").startsWith("t=" + now + ",v1="), delivery.headers()
                    .toString());
        }
    }

    @Test
    void anOrderIsGivenWhereTheSampleNamesOneAndOnlyThere() {
        IllegalArgumentException noOrder = assertThrows(IllegalArgumentException.class, () -> StripeSample
                .ofType("payment_intent.succeeded").delivered(Optional.empty(), 3399, "eur", Optional.empty(), SECRET, 0));
        IllegalArgumentException anOrder = assertThrows(IllegalArgumentException.class, () -> NO_ORDER.delivered(
                Optional.of("01JDA7XK9M3N4P5Q6R7S8T9V0W"), 3399, "eur", Optional.empty(), SECRET, 0));

        assertEquals(List.of("events/payment-webhook/stripe-payment-intent-succeeded.json names an order: give the one"
                        + " it pays", "events/payment-webhook/stripe-payment-intent-no-order.json names no order: it is"
                        + " delivered for none"), List.of(noOrder.getMessage(), anOrder.getMessage()));
    }

    @SuppressWarnings("unchecked")
    private static String paymentIntent(StripeSample.Delivery delivery) throws Exception {
        Map<String, Object> data = (Map<String, Object>) JSON.std.mapFrom(delivery.body()).get("data");
        return (String) ((Map<String, Object>) data.get("object")).get("id");
    }

    /** The HTTP API event of the request that carries {@code delivery}. */
    private static APIGatewayV2HTTPEvent event(StripeSample.Delivery delivery) {
        return APIGatewayV2HTTPEvent.builder().withRouteKey(StripeEventCommand.ROUTE).withRawPath("/webhooks/stripe")
                .withHeaders(delivery.headers()).withBody(delivery.body())
                .withRequestContext(APIGatewayV2HTTPEvent.RequestContext.builder()
                        .withHttp(APIGatewayV2HTTPEvent.RequestContext.Http.builder().withMethod("POST")
                                .withPath("/webhooks/stripe").build()).build())
                .build();
    }
}
