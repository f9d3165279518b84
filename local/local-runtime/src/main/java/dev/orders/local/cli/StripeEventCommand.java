package dev.orders.local.cli;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.core.payment.WebhookSignature;
import dev.orders.local.UsageException;
import dev.orders.local.api.HttpApiEvents;
import dev.orders.local.lambda.FunctionEnvironment;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.localaws.template.TemplateTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * {@code generate-event stripe EVENT_TYPE}: a delivery of Stripe's to {@code POST /webhooks/stripe}, as Stripe sends
 * it. The event is the type's sample of events/payment-webhook/ (Stripe's fixture objects) with the order, the amount,
 * the currency, fresh ids of Stripe's shape and the time now, pretty-printed as Stripe prints it, and signed now with
 * the secret the local function runs with for the route ({@link FunctionEnvironment#secret}). Printed as the HTTP API
 * event of that request (for invoke -e), or with {@code --curl} as the curl command that sends it to start-api.
 */
final class StripeEventCommand implements Command {
    static final String SERVICE = "stripe";
    /**
     * The event types the route acts on: those of the samples named after their type (events/payment-webhook/
     * stripe-TYPE.json, with dashes), so a type the route learns is printed once its sample is there.
     */
    static final List<String> TYPES = sampledTypes();
    static final String ROUTE = "POST /webhooks/stripe";
    /** The variable of the route's signing secret, as the function reads it locally. */
    static final String SECRET = SignedSamples.Signature.STRIPE.secret;
    static final Option ORDER = Option.value("ORDER", "The order the payment is for (the PaymentIntent's metadata.order_id,"
            + " a Checkout Session's client_reference_id); not for a refund, a dispute or a charge's refunds, which name"
            + " only their payment.",
            "--order");
    static final Option AMOUNT = Option.value("INTEGER", "The amount in the currency's smallest unit, as Stripe counts it"
            + " (3399 is 33.99 eur): amount and amount_received, amount_total, a refund's or a dispute's amount, a charge's"
            + " amount_refunded (its refunds in all).",
            "--amount");
    static final Option CURRENCY = Option.value("TEXT", "The currency, lowercase as Stripe sends it (default: eur).",
            "--currency");
    static final Option PAYMENT_INTENT = Option.value("pi_...", "An existing PaymentIntent, e.g. the one a capture"
            + " paid with, to refund or dispute it (default: a fresh one).", "--payment-intent");
    static final Option CURL = Option.flag("Print the curl command that sends the delivery to start-api, instead of"
            + " the HTTP API event.", "--curl");
    static final Option HOST = Option.value("TEXT", "start-api's --host (default: 127.0.0.1).", "--host");
    static final Option PORT = Option.value("INTEGER", "start-api's --port (default: 3000).", "-p", "--port");
    static final Usage USAGE = Usage.ownCommand("generate-event stripe", "EVENT_TYPE", "Prints a delivery of Stripe's to "
                    + ROUTE + ", as Stripe sends it: the event of EVENT_TYPE for an order and an amount, signed now with "
                    + SECRET + " (yours if exported, else the development value the local function gets), as the HTTP"
                    + " API event of the request, or with --curl the curl command for start-api. EVENT_TYPE is one of: "
                    + String.join(", ", TYPES) + ".",
            List.of("./sam-local generate-event stripe payment_intent.succeeded --order ORDER --amount 3399"
                    + " | ./sam-local invoke PaymentWebhookFunction -e -",
                    "./sam-local generate-event stripe refund.created --payment-intent pi_... --amount 1250 --curl | sh"),
            List.of(new Usage.Section("Options", ORDER, AMOUNT, CURRENCY, PAYMENT_INTENT, CURL, HOST, PORT)));
    private static final Pattern CURRENCY_CODE = Pattern.compile("[a-z]{3}");
    private static final Pattern PAYMENT_INTENT_ID = Pattern.compile("pi_[A-Za-z0-9]+");
    private static final String ID_CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    /** What Stripe sends besides the body and the signature (the samples' headers, less API Gateway's). */
    private static final Map<String, String> STRIPE_HEADERS = Map.of("accept", "*/*; q=0.5, application/xml",
            "cache-control", "no-cache", "content-type", "application/json; charset=utf-8",
            "user-agent", "Stripe/1.0 (+https://stripe.com/docs/webhooks)");
    /** Stripe's bodies: two-space indents, {@code "key": value}, an array's items on lines of their own, nulls kept. */
    private static final JSON STRIPE_JSON = JSON.std.with(JSON.Feature.PRESERVE_FIELD_ORDERING,
            JSON.Feature.WRITE_NULL_PROPERTIES).with(new DefaultPrettyPrinter(Separators.createDefaultInstance()
            .withObjectFieldValueSpacing(Separators.Spacing.AFTER).withObjectEmptySeparator("").withArrayEmptySeparator(""))
            .withObjectIndenter(new DefaultIndenter("  ", "\n")).withArrayIndenter(new DefaultIndenter("  ", "\n")));

    private final UnaryOperator<String> env;
    private final Clock clock;

    StripeEventCommand() {
        this(System::getenv, Clock.systemUTC());
    }

    /** With the caller's environment (its {@link #SECRET}) and clock as given: for tests. */
    StripeEventCommand(UnaryOperator<String> env, Clock clock) {
        this.env = env;
        this.clock = clock;
    }

    @Override
    public Usage usage() {
        return USAGE;
    }

    @Override
    public int run(Arguments arguments) throws IOException {
        arguments.atMostPositionals(1);
        String type = arguments.positional(0, "EVENT_TYPE (" + String.join(", ", TYPES) + ")");
        if (!TYPES.contains(type)) {
            throw new UsageException("generate-event stripe takes an event type " + ROUTE + " acts on: "
                    + String.join(", ", TYPES) + "; '" + type + "' is not one (any other type is answered 200 and"
                    + " writes nothing)");
        }
        SamTemplate template = SamTemplate.repository();
        HttpApiEvents.Match route = new HttpApiEvents.Routes(template).byKey(ROUTE)
                .orElseThrow(() -> new UsageException("template.yaml has no route " + ROUTE));
        long now = clock.instant().getEpochSecond();
        String body = STRIPE_JSON.asString(event(type, arguments, now));
        String secret = WebhookSignature.secretsOf(new FunctionEnvironment(template, TemplateTable.ORDERS_TABLE,
                SamLocal.TABLE_NAME, env).secret(SECRET)).get(0);
        Map<String, String> headers = new TreeMap<>(STRIPE_HEADERS);
        headers.put(SignedSamples.Signature.STRIPE.header, WebhookSignature.header(secret, now, body));
        String host = arguments.value(HOST.name(), "127.0.0.1") + ":" + arguments.port(3000);
        System.out.println(arguments.flag(CURL.name()) ? curl(host + route.route().path(), headers, body)
                : JSON.std.with(JSON.Feature.PRETTY_PRINT_OUTPUT).asString(request(route, host, headers, body)));
        return 0;
    }

    private static List<String> sampledTypes() {
        try (var samples = Files.list(RepositoryRoot.locate().resolve("events/payment-webhook"))) {
            List<String> types = new ArrayList<>();
            for (Path sample : samples.sorted().toList()) {
                Object body = JSON.std.mapFrom(Files.readString(sample)).get("body");
                Object type = body instanceof String text ? JSON.std.mapFrom(text).get("type") : null;
                if (type instanceof String name && sample.getFileName().toString().equals(sampleName(name))) {
                    types.add(name);
                }
            }
            return List.copyOf(types);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the Stripe samples of events/payment-webhook", e);
        }
    }

    private static String sampleName(String type) {
        return "stripe-" + type.replace('.', '-').replace('_', '-') + ".json";
    }

    /** The sample's event with this delivery's order, amount, currency, ids and time. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> event(String type, Arguments arguments, long now) throws IOException {
        Path sample = RepositoryRoot.locate().resolve("events/payment-webhook")
                .resolve(sampleName(type));
        Map<String, Object> event = STRIPE_JSON.mapFrom(JSON.std.mapFrom(Files.readString(sample)).get("body"));
        Map<String, Object> object = object(object(event, "data"), "object");
        // A refund, a dispute or a charge's refunds in all name only its payment (and its charge), not the order.
        boolean refund = List.of("refund", "dispute", "charge").contains(object.get("object"));
        long amount = amount(arguments);
        String paymentIntent = "payment_intent".equals(object.get("object")) ? (String) object.get("id")
                : (String) object.get("payment_intent");
        Map<String, String> ids = new LinkedHashMap<>();
        if (paymentIntent != null) {
            // An expired session never had one.
            ids.put(paymentIntent, arguments.value(PAYMENT_INTENT.name()).map(StripeEventCommand::paymentIntent)
                    .orElse(fresh(paymentIntent)));
        }
        ids.put((String) event.get("id"), fresh((String) event.get("id")));
        ids.putIfAbsent((String) object.get("id"), fresh((String) object.get("id")));
        Optional.ofNullable((String) (refund ? object.get("charge") : object.get("latest_charge")))
                .ifPresent(charge -> ids.put(charge, fresh(charge)));
        Optional<String> order = arguments.value(ORDER.name());
        if (refund && order.isPresent()) {
            throw new UsageException("a " + object.get("object") + " names only its payment, not an order: give the"
                    + " capture's --payment-intent");
        }
        if (!refund) {
            Object sampleOrder = object.containsKey("client_reference_id") ? object.get("client_reference_id")
                    : object(object, "metadata").get("order_id");
            ids.put((String) sampleOrder, order.filter(id -> !id.isBlank()).orElseThrow(() -> new UsageException(
                    "generate-event stripe " + type + " needs --order ORDER, the order it pays")));
        }
        event.put("created", now);
        object.put("created", now);
        object.put("currency", currency(arguments));
        // Of a charge, the amount is its refunds in all; elsewhere the object's own.
        List<String> amounts = "charge".equals(object.get("object")) ? List.of("amount_refunded")
                : List.of("amount", "amount_received", "amount_subtotal", "amount_total");
        for (String field : amounts) {
            // A failed PaymentIntent received nothing: its amount_received stays 0.
            object.computeIfPresent(field, (name, sampled) -> ((Number) sampled).longValue() == 0 ? 0L : amount);
        }
        return (Map<String, Object>) replaced(event, ids);
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
    static String fresh(String sample) {
        int prefix = sample.lastIndexOf('_') + 1;
        StringBuilder id = new StringBuilder(sample.substring(0, prefix));
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int i = prefix; i < sample.length(); i++) {
            id.append(ID_CHARACTERS.charAt(random.nextInt(ID_CHARACTERS.length())));
        }
        return id.toString();
    }

    private static String paymentIntent(String id) {
        if (!PAYMENT_INTENT_ID.matcher(id).matches()) {
            throw new UsageException("--payment-intent is a PaymentIntent's id, pi_ and letters and digits, not '" + id + "'");
        }
        return id;
    }

    private static long amount(Arguments arguments) {
        String text = arguments.value(AMOUNT.name()).orElseThrow(() -> new UsageException(
                "generate-event stripe needs --amount N, in the currency's smallest unit (3399 is 33.99 eur)"));
        try {
            long amount = Long.parseLong(text);
            if (amount > 0) {
                return amount;
            }
        } catch (NumberFormatException e) {
            // Answered below, as a non-positive amount is.
        }
        throw new UsageException("--amount is a positive whole number of the currency's smallest unit (3399 is 33.99 eur),"
                + " not '" + text + "'");
    }

    private static String currency(Arguments arguments) {
        String currency = arguments.value(CURRENCY.name(), "eur");
        if (!CURRENCY_CODE.matcher(currency).matches()) {
            throw new UsageException("--currency is an ISO code in lowercase, as Stripe sends it (eur, usd), not '"
                    + currency + "'");
        }
        return currency;
    }

    /** The HTTP API event of the delivery, as start-api makes it of the request Stripe sends. */
    private Map<String, Object> request(HttpApiEvents.Match route, String host, Map<String, String> headers, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        Map<String, List<String>> sent = new LinkedHashMap<>();
        headers.forEach((name, value) -> sent.put(name, List.of(value)));
        sent.put("content-length", List.of(Integer.toString(bytes.length)));
        return HttpApiEvents.event(new HttpApiEvents.Request("POST", route.route().path(), "", sent, bytes, "127.0.0.1",
                "HTTP/1.1", host), route, clock.instant(), Optional.empty());
    }

    /** The curl command that sends the delivery, its body exactly (single-quoted: no byte changes, no final newline). */
    private static String curl(String url, Map<String, String> headers, String body) {
        StringBuilder curl = new StringBuilder("curl -sS http://" + url);
        headers.forEach((name, value) -> curl.append(" \\\n  -H ").append(quoted(capitalised(name) + ": " + value)));
        return curl.append(" \\\n  --data-binary ").append(quoted(body)).toString();
    }

    /** A header's name as Stripe's documentation writes it: {@code Stripe-Signature}. */
    private static String capitalised(String name) {
        return Pattern.compile("(^|-)([a-z])").matcher(name).replaceAll(word -> word.group(1) + word.group(2).toUpperCase(Locale.ROOT));
    }

    private static String quoted(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
