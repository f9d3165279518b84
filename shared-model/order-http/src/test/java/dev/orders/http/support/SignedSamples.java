package dev.orders.http.support;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.orders.core.payment.WebhookSignature;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The payment webhook's samples as the provider delivers them: signed at the time of sending with
 * {@link #WEBHOOK_SECRET}. The samples of events/ were signed at a fixed time, which the webhook refuses
 * five minutes later.
 */
public final class SignedSamples {
    /** The secret the tests give the webhook (by value, as locally) and sign its samples with. */
    public static final String WEBHOOK_SECRET = "whsec_contract_test_secret_not_for_production";
    private static final String SIGNATURE = "webhook-signature";

    private SignedSamples() {
    }

    /** {@code event} signed now, if it carries a webhook signature and a plain body; else as it is. */
    public static APIGatewayV2HTTPEvent signedNow(APIGatewayV2HTTPEvent event) {
        return signed(event, Clock.systemUTC().instant());
    }

    /** {@code event} signed as at {@code time}, if it carries a webhook signature and a plain body. */
    public static APIGatewayV2HTTPEvent signed(APIGatewayV2HTTPEvent event, Instant time) {
        if (event.getHeaders() == null || !event.getHeaders().containsKey(SIGNATURE) || event.getBody() == null
                || event.getIsBase64Encoded()) {
            return event;
        }
        Map<String, String> headers = new LinkedHashMap<>(event.getHeaders());
        headers.put(SIGNATURE, WebhookSignature.header(WEBHOOK_SECRET, time.getEpochSecond(), event.getBody()));
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
