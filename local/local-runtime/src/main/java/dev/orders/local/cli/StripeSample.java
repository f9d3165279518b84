package dev.orders.local.cli;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.core.payment.WebhookSignature;
import dev.orders.localaws.RepositoryRoot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

/**
 * A Stripe event of events/payment-webhook/ (Stripe's fixture objects), to deliver anew as Stripe delivers it to
 * {@code POST /webhooks/stripe}: with an order, an amount, a currency, fresh ids of Stripe's shape and the time now,
 * pretty-printed as Stripe prints it, signed, with Stripe's headers. What {@code generate-event stripe} prints, and
 * what the benchmarks send. {@code body} is the sample's event as its HTTP API event holds it.
 */
public record StripeSample(String file, String body) {
    /**
     * The event types the route acts on: those of the samples named after their type (stripe-TYPE.json, with dashes),
     * so a type the route learns is printed once its sample is there.
     */
    public static final List<String> TYPES = sampledTypes();
    /** What Stripe sends besides the body and the signature (the samples' headers, less API Gateway's). */
    private static final Map<String, String> STRIPE_HEADERS = Map.of("accept", "*/*; q=0.5, application/xml",
            "cache-control", "no-cache", "content-type", "application/json; charset=utf-8",
            "user-agent", "Stripe/1.0 (+https://stripe.com/docs/webhooks)");
    /** Stripe's bodies: two-space indents, {@code "key": value}, an array's items on lines of their own, nulls kept. */
    private static final JSON STRIPE_JSON = JSON.std.with(JSON.Feature.PRESERVE_FIELD_ORDERING,
            JSON.Feature.WRITE_NULL_PROPERTIES).with(new DefaultPrettyPrinter(Separators.createDefaultInstance()
            .withObjectFieldValueSpacing(Separators.Spacing.AFTER).withObjectEmptySeparator("").withArrayEmptySeparator(""))
            .withObjectIndenter(new DefaultIndenter("  ", "\n")).withArrayIndenter(new DefaultIndenter("  ", "\n")));
    private static final String ID_CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

    /** The request Stripe sends: its headers (named in lowercase, as API Gateway passes them) and the body they sign. */
    public record Delivery(Map<String, String> headers, String body) {
    }

    /** The sample of {@code type}, one of {@link #TYPES}. */
    public static StripeSample ofType(String type) {
        return named(fileOf(type));
    }

    /** The sample in {@code file} of events/payment-webhook/, e.g. {@code stripe-payment-intent-no-order.json}. */
    public static StripeSample named(String file) {
        try {
            Object body = JSON.std.mapFrom(Files.readString(samples().resolve(file))).get("body");
            if (!(body instanceof String text)) {
                throw new IllegalArgumentException("events/payment-webhook/" + file + " has no body");
            }
            return new StripeSample(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read events/payment-webhook/" + file, e);
        }
    }

    /**
     * What the event carries: {@code payment_intent}, {@code checkout.session}, {@code refund}, {@code dispute},
     * {@code charge}.
     */
    String object() {
        return (String) object(object(event(), "data"), "object").get("object");
    }

    /** A refund, a dispute or a charge's refunds in all name only its payment (and its charge), not the order. */
    boolean namesOnlyItsPayment() {
        return namesOnlyItsPayment(object());
    }

    private static boolean namesOnlyItsPayment(Object object) {
        return List.of("refund", "dispute", "charge").contains(object);
    }

    /**
     * The sample's event, delivered now ({@code now}, in epoch seconds) for {@code order} (the PaymentIntent's
     * {@code metadata.order_id}, a session's {@code client_reference_id}: given where the sample names one, and only
     * there), of {@code amount} in {@code currency}'s smallest unit, of {@code paymentIntent} (else a fresh one), and
     * signed with {@code secret} as Stripe signs it ({@code Stripe-Signature}).
     */
    public Delivery delivered(Optional<String> order, long amount, String currency, Optional<String> paymentIntent,
                              String secret, long now) {
        String body;
        try {
            body = STRIPE_JSON.asString(event(order, amount, currency, paymentIntent, now));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the event of events/payment-webhook/" + file, e);
        }
        Map<String, String> headers = new TreeMap<>(STRIPE_HEADERS);
        headers.put(SignedSamples.Signature.STRIPE.header, WebhookSignature.header(secret, now, body));
        return new Delivery(headers, body);
    }

    private Map<String, Object> event() {
        try {
            return STRIPE_JSON.mapFrom(body);
        } catch (IOException e) {
            throw new UncheckedIOException("events/payment-webhook/" + file + " has no JSON body", e);
        }
    }

    /** The sample's event with this delivery's order, amount, currency, ids and time. */
    @SuppressWarnings("unchecked")
    private Map<String, Object> event(Optional<String> order, long amount, String currency,
                                      Optional<String> paymentIntent, long now) {
        Map<String, Object> event = event();
        Map<String, Object> object = object(object(event, "data"), "object");
        boolean onlyItsPayment = namesOnlyItsPayment(object.get("object"));
        String samplePaymentIntent = "payment_intent".equals(object.get("object")) ? (String) object.get("id")
                : (String) object.get("payment_intent");
        Map<String, String> ids = new LinkedHashMap<>();
        if (samplePaymentIntent != null) {
            // An expired session never had one.
            ids.put(samplePaymentIntent, paymentIntent.orElse(fresh(samplePaymentIntent)));
        }
        ids.put((String) event.get("id"), fresh((String) event.get("id")));
        ids.putIfAbsent((String) object.get("id"), fresh((String) object.get("id")));
        Optional.ofNullable((String) (onlyItsPayment ? object.get("charge") : object.get("latest_charge")))
                .ifPresent(charge -> ids.put(charge, fresh(charge)));
        Optional<String> sampleOrder = onlyItsPayment ? Optional.empty()
                : Optional.ofNullable((String) (object.containsKey("client_reference_id")
                        ? object.get("client_reference_id") : object(object, "metadata").get("order_id")));
        if (sampleOrder.isPresent() != order.isPresent()) {
            throw new IllegalArgumentException("events/payment-webhook/" + file + (sampleOrder.isPresent()
                    ? " names an order: give the one it pays" : " names no order: it is delivered for none"));
        }
        sampleOrder.ifPresent(sampled -> ids.put(sampled, order.orElseThrow()));
        event.put("created", now);
        object.put("created", now);
        object.put("currency", currency);
        // Of a charge, the amount is its refunds in all; elsewhere the object's own.
        List<String> amounts = "charge".equals(object.get("object")) ? List.of("amount_refunded")
                : List.of("amount", "amount_received", "amount_subtotal", "amount_total");
        for (String field : amounts) {
            // A failed PaymentIntent received nothing: its amount_received stays 0.
            object.computeIfPresent(field, (name, sampled) -> ((Number) sampled).longValue() == 0 ? 0L : amount);
        }
        return (Map<String, Object>) replaced(event, ids);
    }

    private static Path samples() {
        return RepositoryRoot.locate().resolve("events/payment-webhook");
    }

    private static List<String> sampledTypes() {
        try (var samples = Files.list(samples())) {
            List<String> types = new ArrayList<>();
            for (Path sample : samples.sorted().toList()) {
                Object body = JSON.std.mapFrom(Files.readString(sample)).get("body");
                Object type = body instanceof String text ? JSON.std.mapFrom(text).get("type") : null;
                if (type instanceof String name && sample.getFileName().toString().equals(fileOf(name))) {
                    types.add(name);
                }
            }
            return List.copyOf(types);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the Stripe samples of events/payment-webhook", e);
        }
    }

    private static String fileOf(String type) {
        return "stripe-" + type.replace('.', '-').replace('_', '-') + ".json";
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Map<String, Object> parent, String field) {
        return (Map<String, Object>) parent.get(field);
    }

    /** {@code json} with each of {@code ids}' keys in its strings replaced by its value (a client_secret holds its id). */
    private static Object replaced(Object json, Map<String, String> ids) {
        if (json instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((key, value) -> copy.put((String) key, replaced(value, ids)));
            return copy;
        }
        if (json instanceof List<?> list) {
            return list.stream().map(item -> replaced(item, ids)).collect(Collectors.toList());
        }
        if (json instanceof String text) {
            String result = text;
            for (Map.Entry<String, String> id : ids.entrySet()) {
                result = result.replace(id.getKey(), id.getValue());
            }
            return result;
        }
        return json;
    }

    /** A new id of {@code sample}'s shape: its prefix ({@code pi_}, {@code cs_test_}), then as many random letters and digits. */
    private static String fresh(String sample) {
        int prefix = sample.lastIndexOf('_') + 1;
        StringBuilder id = new StringBuilder(sample.substring(0, prefix));
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int i = prefix; i < sample.length(); i++) {
            id.append(ID_CHARACTERS.charAt(random.nextInt(ID_CHARACTERS.length())));
        }
        return id.toString();
    }
}
