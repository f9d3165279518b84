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
 * Invoked locally, a sample with a {@code webhook-signature} or a {@code stripe-signature} header is signed anew,
 * now, with the secret the function runs with for it ({@code WEBHOOK_SECRET} or {@code STRIPE_WEBHOOK_SECRET}, its
 * first value), so the sample shows what a delivery does.
 */
final class SignedSamples {
    /** Each signature header, as the sample names it, with the variable of its secret and its name in a message. */
    enum Signature {
        NEUTRAL("webhook-signature", "WEBHOOK_SECRET", "Webhook-Signature"),
        STRIPE("stripe-signature", "STRIPE_WEBHOOK_SECRET", "Stripe-Signature");

        final String header;
        final String secret;
        final String displayName;

        Signature(String header, String secret, String displayName) {
            this.header = header;
            this.secret = secret;
            this.displayName = displayName;
        }
    }

    private SignedSamples() {
    }

    @SuppressWarnings("unchecked")
    static byte[] signedNow(byte[] event, Map<String, String> env, Clock clock) throws IOException {
        Object parsed = JSON.std.anyFrom(event);
        if (!(parsed instanceof Map<?, ?> json) || !(json.get("headers") instanceof Map<?, ?> headers)) {
            return event;
        }
        for (Signature signature : Signature.values()) {
            String setting = env.get(signature.secret);
            if (setting != null && !setting.isBlank() && headers.containsKey(signature.header)) {
                String body = json.get("body") instanceof String text ? text : "";
                Map<String, Object> signed = new LinkedHashMap<>((Map<String, Object>) json);
                Map<String, Object> newHeaders = new LinkedHashMap<>((Map<String, Object>) headers);
                newHeaders.put(signature.header, WebhookSignature.header(WebhookSignature.secretsOf(setting).get(0),
                        clock.instant().getEpochSecond(), body));
                signed.put("headers", newHeaders);
                Log.SAM_LOCAL.line("the sample's " + signature.displayName + " is signed anew, now, with "
                        + signature.secret);
                return JSON.std.asBytes(signed);
            }
        }
        return event;
    }
}
