package dev.orders.http.stripe;

import dev.orders.core.validation.ValidationException;
import dev.orders.http.request.JsonBody;

/**
 * One event as Stripe sends it: the envelope {@code {id, object: "event", api_version, created, data: {object,
 * previous_attributes}, livemode, pending_webhooks, request, type}}, of which the service reads the id, the type, the
 * time and the object; every other field, and any Stripe adds later, is ignored. Written for API version
 * {@value #API_VERSION}; the fields read are those of every version since 2022-11-15.
 *
 * @param created epoch seconds
 * @param object  {@code data.object}: the PaymentIntent, Checkout Session, ... as it was when the event happened
 */
public record StripeEvent(String id, String type, long created, JsonBody object) {
    /** The API version the route is written and tested for: the endpoint's version in Stripe's dashboard. */
    public static final String API_VERSION = "2026-07-29.dahlia";

    public static StripeEvent read(JsonBody body) {
        String kind = body.requiredString("object");
        if (!kind.equals("event")) {
            throw new ValidationException("object", "must be \"event\": a Stripe event, not a(n) " + kind);
        }
        return new StripeEvent(body.requiredString("id"), body.requiredString("type"), body.requiredLong("created"),
                body.requiredObject("data").requiredObject("object"));
    }
}
