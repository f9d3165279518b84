package dev.orders.http.support;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.orders.core.payment.WebhookSignature;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The payment webhook's samples as the providers deliver them: signed at the time of sending, with
 * {@link #WEBHOOK_SECRET} (a {@code Webhook-Signature}) or {@link #STRIPE_WEBHOOK_SECRET} (a {@code Stripe-Signature}).
 * The samples of events/ were signed at a fixed time, which the webhook refuses five minutes later.
 */
public final class SignedSamples {
    /** The secret the tests give the webhook (by value, as locally) and sign its samples with. */
    public static final String WEBHOOK_SECRET = "whsec_contract_test_secret_not_for_production";
    /** The Stripe endpoint's signing secret the tests give the webhook and sign its Stripe samples with. */
    public static final String STRIPE_WEBHOOK_SECRET = "whsec_contract_test_stripe_secret_not_for_production";
    /** The webhook function's environment for both secrets, by value, as locally. */
    public static final Map<String, String> ENVIRONMENT = Map.of("WEBHOOK_SECRET", WEBHOOK_SECRET,
            "STRIPE_WEBHOOK_SECRET", STRIPE_WEBHOOK_SECRET);
    private static final Map<String, String> SECRET_OF_HEADER = Map.of("webhook-signature", WEBHOOK_SECRET,
            "stripe-signature", STRIPE_WEBHOOK_SECRET);

    private SignedSamples() {
    }

    /** {@code event} signed now, if it carries a webhook signature and a plain body; else as it is. */
    public static APIGatewayV2HTTPEvent signedNow(APIGatewayV2HTTPEvent event) {
        return signed(event, Clock.systemUTC().instant());
    }

    /** {@code event} signed as at {@code time}, if it carries a webhook signature and a plain body. */
    public static APIGatewayV2HTTPEvent signed(APIGatewayV2HTTPEvent event, Instant time) {
        if (event.getHeaders() == null || event.getBody() == null || event.getIsBase64Encoded()) {
            return event;
        }
        Map<String, String> headers = new LinkedHashMap<>(event.getHeaders());
        SECRET_OF_HEADER.forEach((header, secret) -> headers.computeIfPresent(header,
                (name, stale) -> WebhookSignature.header(secret, time.getEpochSecond(), event.getBody())));
        event.setHeaders(headers);
        return event;
    }

    /** The sample {@code events/<name>.json} as JSON, signed now (e.g. for a function's jar). */
    public static Map<String, Object> signedNow(String sample) {
        Map<String, Object> json = SampleEvents.json(sample);
        Map<String, String> headers = signedNow(SampleEvents.load(sample)).getHeaders();
        if (headers != null) {
            json.put("headers", headers);
        }
        return json;
    }
}
