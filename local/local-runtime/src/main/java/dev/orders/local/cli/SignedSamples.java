package dev.orders.local.cli;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.core.payment.WebhookSignature;
import dev.orders.localaws.Log;
import java.io.IOException;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The payment webhook's samples are signed at a fixed time, which the webhook refuses 5 minutes later.
 * Invoked locally, a sample with a {@code webhook-signature} header is signed anew, now, with the secret the
 * function runs with ({@code WEBHOOK_SECRET}, its first value), so the sample shows what a delivery does.
 */
final class SignedSamples {
    static final String SECRET = "WEBHOOK_SECRET";
    private static final String HEADER = "webhook-signature";

    private SignedSamples() {
    }

    @SuppressWarnings("unchecked")
    static byte[] signedNow(byte[] event, Map<String, String> env, Clock clock) throws IOException {
        String setting = env.get(SECRET);
        Object parsed = JSON.std.anyFrom(event);
        if (setting == null || setting.isBlank() || !(parsed instanceof Map<?, ?> json)
                || !(json.get("headers") instanceof Map<?, ?> headers) || !headers.containsKey(HEADER)) {
            return event;
        }
        String body = json.get("body") instanceof String text ? text : "";
        Map<String, Object> signed = new LinkedHashMap<>((Map<String, Object>) json);
        Map<String, Object> newHeaders = new LinkedHashMap<>((Map<String, Object>) headers);
        newHeaders.put(HEADER, WebhookSignature.header(WebhookSignature.secretsOf(setting).get(0),
                clock.instant().getEpochSecond(), body));
        signed.put("headers", newHeaders);
        Log.SAM_LOCAL.line("the sample's Webhook-Signature is signed anew, now, with " + SECRET);
        return JSON.std.asBytes(signed);
    }
}
