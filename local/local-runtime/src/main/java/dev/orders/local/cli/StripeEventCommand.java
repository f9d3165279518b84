package dev.orders.local.cli;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.core.payment.WebhookSignature;
import dev.orders.local.UsageException;
import dev.orders.local.api.HttpApiEvents;
import dev.orders.local.lambda.FunctionEnvironment;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.localaws.template.TemplateTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * {@code generate-event stripe EVENT_TYPE}: a delivery of Stripe's to {@code POST /webhooks/stripe}, as Stripe sends
 * it: the type's {@link StripeSample} for the order, the amount and the currency given, signed now with the secret the
 * local function runs with for the route ({@link FunctionEnvironment#secret}). Printed as the HTTP API event of that
 * request (for invoke -e), or with {@code --curl} as the curl command that sends it to start-api.
 */
final class StripeEventCommand implements Command {
    static final String SERVICE = "stripe";
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
                    + String.join(", ", StripeSample.TYPES) + ".",
            List.of("./sam-local generate-event stripe payment_intent.succeeded --order ORDER --amount 3399"
                    + " | ./sam-local invoke PaymentWebhookFunction -e -",
                    "./sam-local generate-event stripe refund.created --payment-intent pi_... --amount 1250 --curl | sh"),
            List.of(new Usage.Section("Options", ORDER, AMOUNT, CURRENCY, PAYMENT_INTENT, CURL, HOST, PORT)));
    private static final Pattern CURRENCY_CODE = Pattern.compile("[a-z]{3}");
    private static final Pattern PAYMENT_INTENT_ID = Pattern.compile("pi_[A-Za-z0-9]+");

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
        String type = arguments.positional(0, "EVENT_TYPE (" + String.join(", ", StripeSample.TYPES) + ")");
        if (!StripeSample.TYPES.contains(type)) {
            throw new UsageException("generate-event stripe takes an event type " + ROUTE + " acts on: "
                    + String.join(", ", StripeSample.TYPES) + "; '" + type + "' is not one (any other type is answered"
                    + " 200 and writes nothing)");
        }
        SamTemplate template = SamTemplate.repository();
        HttpApiEvents.Match route = new HttpApiEvents.Routes(template).byKey(ROUTE)
                .orElseThrow(() -> new UsageException("template.yaml has no route " + ROUTE));
        StripeSample sample = StripeSample.ofType(type);
        long amount = amount(arguments);
        Optional<String> paymentIntent = arguments.value(PAYMENT_INTENT.name()).map(StripeEventCommand::paymentIntent);
        Optional<String> order = arguments.value(ORDER.name());
        if (sample.namesOnlyItsPayment() && order.isPresent()) {
            throw new UsageException("a " + sample.object() + " names only its payment, not an order: give the"
                    + " capture's --payment-intent");
        }
        if (!sample.namesOnlyItsPayment() && order.filter(id -> !id.isBlank()).isEmpty()) {
            throw new UsageException("generate-event stripe " + type + " needs --order ORDER, the order it pays");
        }
        String secret = WebhookSignature.secretsOf(new FunctionEnvironment(template, TemplateTable.ORDERS_TABLE,
                SamLocal.TABLE_NAME, env).secret(SECRET)).get(0);
        StripeSample.Delivery delivery = sample.delivered(order, amount, currency(arguments), paymentIntent, secret,
                clock.instant().getEpochSecond());
        String host = arguments.value(HOST.name(), "127.0.0.1") + ":" + arguments.port(3000);
        System.out.println(arguments.flag(CURL.name()) ? curl(host + route.route().path(), delivery)
                : JSON.std.with(JSON.Feature.PRETTY_PRINT_OUTPUT).asString(request(route, host, delivery)));
        return 0;
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
    private Map<String, Object> request(HttpApiEvents.Match route, String host, StripeSample.Delivery delivery) {
        byte[] bytes = delivery.body().getBytes(StandardCharsets.UTF_8);
        Map<String, List<String>> sent = new LinkedHashMap<>();
        delivery.headers().forEach((name, value) -> sent.put(name, List.of(value)));
        sent.put("content-length", List.of(Integer.toString(bytes.length)));
        return HttpApiEvents.event(new HttpApiEvents.Request("POST", route.route().path(), "", sent, bytes, "127.0.0.1",
                "HTTP/1.1", host), route, clock.instant(), Optional.empty());
    }

    /** The curl command that sends the delivery, its body exactly (single-quoted: no byte changes, no final newline). */
    private static String curl(String url, StripeSample.Delivery delivery) {
        StringBuilder curl = new StringBuilder("curl -sS http://" + url);
        delivery.headers().forEach((name, value) -> curl.append(" \\\n  -H ").append(quoted(capitalised(name) + ": "
                + value)));
        return curl.append(" \\\n  --data-binary ").append(quoted(delivery.body())).toString();
    }

    /** A header's name as Stripe's documentation writes it: {@code Stripe-Signature}. */
    private static String capitalised(String name) {
        return Pattern.compile("(^|-)([a-z])").matcher(name).replaceAll(word -> word.group(1) + word.group(2).toUpperCase(Locale.ROOT));
    }

    private static String quoted(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
