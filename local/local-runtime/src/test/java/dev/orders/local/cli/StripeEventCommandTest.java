package dev.orders.local.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.Role;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.payment.WebhookSignature;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.functions.paymentwebhook.PaymentWebhookFunction;
import dev.orders.local.UsageException;
import dev.orders.local.lambda.FunctionEnvironment;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.localaws.template.TemplateTable;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.lambda.TestContext;
import dev.orders.wiring.Services;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * generate-event stripe prints a delivery of Stripe's, signed now with the secret the local function runs with: the
 * payment webhook itself, built on the environment sam-local gives it, applies every type it prints.
 */
@ExtendWith(DynamoDbExtension.class)
class StripeEventCommandTest {
    /** An order of 12.50 + 21.49 EUR, not the samples' order: the printed event names the one it is given. */
    private static final String ORDER = "01JDA7XK9M3N4P5Q6R7S8T9V0W";
    private static final long TOTAL = 3399;
    private static final UnaryOperator<String> NO_VARIABLES = name -> null;
    private static final Pattern CURL = Pattern.compile("curl -sS (\\S+) \\\\\\n(?<headers>(?:  -H '[^']*' \\\\\\n)+)"
            + "  --data-binary '(?<body>.*)'\\n", Pattern.DOTALL);

    private Fixture fx;
    private PaymentWebhookFunction function;

    @BeforeEach
    void theWebhookOnTheEnvironmentSamLocalGivesIt(TestTable table, LocalDynamoDb server) {
        fx = new Fixture(table);
        fx.createOrder("c-ada", ORDER, 1250, 2149);
        SamTemplate template = SamTemplate.repository();
        FunctionEnvironment environment = new FunctionEnvironment(template, TemplateTable.ORDERS_TABLE, table.tableName(),
                NO_VARIABLES);
        Map<String, String> env = new LinkedHashMap<>(environment.of(template.function("PaymentWebhookFunction")
                .orElseThrow(), Map.of()));
        env.putAll(environment.aws(server.endpoint(), URI.create("http://127.0.0.1:9")));
        function = new PaymentWebhookFunction(Services.fromEnvironment(env), PaymentWebhookFunction.secrets(env),
                Clock.systemUTC());
    }

    /** What generate-event stripe prints, for a caller with {@code env}. */
    private static String generate(UnaryOperator<String> env, String... args) throws Exception {
        StripeEventCommand command = new StripeEventCommand(env, Clock.systemUTC());
        return printed(() -> command.run(Arguments.parse(command.usage(), List.of(args))));
    }

    private interface Run {
        int run() throws Exception;
    }

    private static String printed(Run run) throws Exception {
        PrintStream stdout = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, run.run());
        } finally {
            System.setOut(stdout);
        }
        return printed.toString(StandardCharsets.UTF_8);
    }

    /** The function's answer to {@code event}, as Lambda's Java runtime passes it the JSON. */
    private Map<String, Object> invoked(String event) throws Exception {
        ByteArrayOutputStream response = new ByteArrayOutputStream();
        function.handleRequest(new ByteArrayInputStream(event.getBytes(StandardCharsets.UTF_8)), response, new TestContext());
        return JSON.std.mapFrom(response.toString(StandardCharsets.UTF_8));
    }

    private void assertApplied(String event) throws Exception {
        Map<String, Object> response = invoked(event);
        assertEquals(200, response.get("statusCode"), String.valueOf(response));
        assertEquals("applied", JSON.std.mapFrom(response.get("body")).get("outcome"), String.valueOf(response));
    }

    private Order order() {
        return fx.reads.findRootById(ORDER).orElseThrow();
    }

    static List<String> types() {
        return StripeSample.TYPES;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("types")
    void everyTypeItPrintsIsAppliedByThePaymentWebhookAsInvokeRunsIt(String type) throws Exception {
        String paymentIntent = "pi_" + "3Gen".repeat(6);
        if (type.startsWith("refund.") || type.equals("charge.refunded")) {
            assertApplied(generate(NO_VARIABLES, "payment_intent.succeeded", "--order", ORDER, "--amount", "3399",
                    "--payment-intent", paymentIntent));
            String refund = generate(NO_VARIABLES, type.equals("refund.failed") ? "refund.created" : type,
                    "--payment-intent", paymentIntent, "--amount", "1250");

            assertApplied(refund);
            if (type.equals("refund.failed")) {
                String failed = generate(NO_VARIABLES, type, "--payment-intent", paymentIntent, "--amount", "1250");
                assertEquals("REFUND_FAILED", JSON.std.mapFrom(invoked(failed).get("body")).get("issue"));
            }

            assertEquals(List.of(OrderStatus.PAID, 1250L), List.of(order().status(), order().refundedAmount()));
        } else if (type.startsWith("charge.dispute.")) {
            assertApplied(generate(NO_VARIABLES, "payment_intent.succeeded", "--order", ORDER, "--amount", "3399",
                    "--payment-intent", paymentIntent));
            String opened = generate(NO_VARIABLES, "charge.dispute.created", "--payment-intent", paymentIntent,
                    "--amount", "3399");

            assertEquals("payment-issue", JSON.std.mapFrom(invoked(opened).get("body")).get("outcome"));
            if (type.equals("charge.dispute.closed")) {
                assertApplied(generate(NO_VARIABLES, type, "--payment-intent", paymentIntent, "--amount", "3399"));
            }
        } else if (type.equals("checkout.session.expired")) {
            fx.changeOrderStatus.change(new StatusChangeRequest(Optional.empty(), ORDER, OrderStatus.AWAITING_PAYMENT,
                    Role.ADMINISTRATOR, Optional.empty(), "user:ops-grace", Optional.empty()));

            assertApplied(generate(NO_VARIABLES, type, "--order", ORDER, "--amount", Long.toString(TOTAL)));

            assertEquals(OrderStatus.EXPIRED, order().status());
        } else if (type.endsWith("_failed")) {
            assertApplied(generate(NO_VARIABLES, type, "--order", ORDER, "--amount", "3399"));

            assertEquals(OrderStatus.AWAITING_PAYMENT, order().status());
        } else {
            assertApplied(generate(NO_VARIABLES, type, "--order", ORDER, "--amount", Long.toString(TOTAL)));

            assertEquals(List.of(OrderStatus.PAID, TOTAL), List.of(order().status(), order().capturedAmount()));
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void theEventIsStripesWithTheOrderTheAmountTheCurrencyFreshIdsAndTheTimeNow() throws Exception {
        Map<String, Object> request = JSON.std.mapFrom(generate(NO_VARIABLES, "payment_intent.succeeded", "--order", ORDER,
                "--amount", "4250", "--currency", "usd"));
        String body = (String) request.get("body");
        Map<String, Object> event = JSON.std.mapFrom(body);
        Map<String, Object> paymentIntent = (Map<String, Object>) ((Map<String, Object>) event.get("data")).get("object");

        assertEquals("POST /webhooks/stripe", request.get("routeKey"));
        assertEquals(List.of("payment_intent.succeeded", ORDER, 4250, 4250, "usd"), List.of(event.get("type"),
                ((Map<String, Object>) paymentIntent.get("metadata")).get("order_id"), paymentIntent.get("amount"),
                paymentIntent.get("amount_received"), paymentIntent.get("currency")));
        assertTrue(((String) event.get("id")).matches("evt_[A-Za-z0-9]{24}"), body);
        assertTrue(((String) paymentIntent.get("id")).matches("pi_[A-Za-z0-9]{24}"), body);
        assertTrue(((String) paymentIntent.get("client_secret")).startsWith(paymentIntent.get("id") + "_secret_"), body);
        long now = Clock.systemUTC().instant().getEpochSecond();
        assertTrue(Math.abs(now - ((Number) event.get("created")).longValue()) < 60, body);
        assertTrue(body.startsWith("{\n  \"id\": \"evt_") && body.contains("\n      \"amount\": 4250,\n"),
                "pretty-printed as Stripe prints it: " + body);
        assertNotEquals(event.get("id"), JSON.std.mapFrom(JSON.std.mapFrom(generate(NO_VARIABLES,
                "payment_intent.succeeded", "--order", ORDER, "--amount", "4250")).get("body")).get("id"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void itIsSignedNowWithTheFirstSecretOfStripeWebhookSecretElseTheFunctionsDevelopmentValue() throws Exception {
        Map<String, String> rolling = Map.of(StripeEventCommand.SECRET, "whsec_new,whsec_old");
        Map<String, Object> request = JSON.std.mapFrom(generate(rolling::get, "refund.created", "--amount", "1250"));
        Map<String, String> headers = (Map<String, String>) request.get("headers");
        assertEquals(Optional.empty(), new WebhookSignature(List.of("whsec_new"), Clock.systemUTC())
                .verify(Optional.of(headers.get("stripe-signature")), (String) request.get("body")));

        String development = new FunctionEnvironment(SamTemplate.repository(), TemplateTable.ORDERS_TABLE,
                "orders-local", NO_VARIABLES).secret(StripeEventCommand.SECRET);
        Map<String, Object> unset = JSON.std.mapFrom(generate(NO_VARIABLES, "refund.created", "--amount", "1250"));
        assertEquals(Optional.empty(), new WebhookSignature(List.of(development), Clock.systemUTC()).verify(
                Optional.of(((Map<String, String>) unset.get("headers")).get("stripe-signature")), (String) unset.get("body")));
    }

    @Test
    void withCurlItPrintsTheCommandThatSendsTheSignedBodyToStartApi() throws Exception {
        Map<String, String> env = Map.of(StripeEventCommand.SECRET, "whsec_curl");
        String curl = generate(env::get, "checkout.session.completed", "--order", ORDER, "--amount", "3399", "--curl",
                "--port", "3100");

        Matcher command = CURL.matcher(curl);
        assertTrue(command.matches(), curl);
        assertEquals("http://127.0.0.1:3100/webhooks/stripe", command.group(1));
        String signature = command.group("headers").lines().filter(line -> line.startsWith("  -H 'Stripe-Signature: "))
                .findFirst().orElseThrow().replaceAll("^  -H 'Stripe-Signature: |' \\\\$", "");
        String body = command.group("body");
        assertEquals(ORDER, clientReference(body));
        assertEquals(Optional.empty(), new WebhookSignature(List.of("whsec_curl"), Clock.systemUTC())
                .verify(Optional.of(signature), body));
        assertTrue(command.group("headers").contains("  -H 'Content-Type: application/json; charset=utf-8' \\\n"), curl);
    }

    @SuppressWarnings("unchecked")
    private static String clientReference(String body) throws Exception {
        return (String) ((Map<String, Object>) ((Map<String, Object>) JSON.std.mapFrom(body).get("data")).get("object"))
                .get("client_reference_id");
    }

    @Test
    void helpListsEveryEventTypeAndAnUnknownTypeIsRefusedNamingThem() throws Exception {
        String help = printed(() -> SamLocal.run(List.of("generate-event", "stripe", "--help")));
        assertTrue(help.startsWith("Usage: ./sam-local generate-event stripe [OPTIONS] EVENT_TYPE\n"), help);
        String listed = help.replaceAll("\\s+", " ");
        StripeSample.TYPES.forEach(type -> assertTrue(listed.contains(type), type + " in:\n" + help));

        UsageException unknown = assertThrows(UsageException.class, () -> SamLocal.run(List.of("generate-event", "stripe",
                "charge.succeeded", "--order", ORDER, "--amount", "3399")));
        assertEquals("generate-event stripe takes an event type POST /webhooks/stripe acts on: "
                + String.join(", ", StripeSample.TYPES) + "; 'charge.succeeded' is not one (any other type is"
                + " answered 200 and writes nothing)", unknown.getMessage());
    }

    @Test
    void itRefusesAPaymentWithoutOrderARefundNamingOneAndAnAmountOrCurrencyStripeWouldNotSend() {
        Map<List<String>, String> refusals = Map.of(
                List.of("payment_intent.succeeded", "--amount", "3399"), "needs --order ORDER",
                List.of("refund.created", "--order", ORDER, "--amount", "3399"), "a refund names only its payment",
                List.of("payment_intent.succeeded", "--order", ORDER, "--amount", "33.99"), "--amount is a positive whole",
                List.of("payment_intent.succeeded", "--order", ORDER, "--amount", "3399", "--currency", "EUR"),
                "--currency is an ISO code in lowercase",
                List.of("refund.created", "--amount", "1", "--payment-intent", "ch_1"), "--payment-intent is a PaymentIntent's");
        refusals.forEach((args, message) -> {
            UsageException refused = assertThrows(UsageException.class,
                    () -> generate(NO_VARIABLES, args.toArray(String[]::new)), String.valueOf(args));
            assertTrue(refused.getMessage().contains(message), refused.getMessage());
        });
    }
}
