package dev.orders.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api;
import dev.orders.http.support.SampleEvents;
import dev.orders.http.support.Seeds;
import dev.orders.http.support.SignedSamples;
import dev.orders.lambda.logging.PowertoolsLogLevels;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.lambda.EmfOutput;
import dev.orders.wiring.Services;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.event.Level;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.lambda.powertools.logging.internal.LoggingManagerRegistry;

/**
 * What every HTTP handler logs, over the DynamoDB client a function builds from its environment: at DEBUG (set as
 * Powertools sets POWERTOOLS_LOG_LEVEL=DEBUG, on every logger) what a developer asks of a surprising request, and
 * never a token, a signature or a secret; at INFO no line of a request's answer (its metric line records it) and the
 * DynamoDB requests of before.
 */
@ExtendWith(DynamoDbExtension.class)
class HandlerLogsTest {
    private static final String UNIQUE = UUID.randomUUID().toString().replace("-", "");
    private static final String BEARER_TOKEN = "eyJhbGciOiJSUzI1NiIsImtpZCI6ImxvY2FsIn0.eyJzdWIiOiJjLWFkYSJ9."
            + "c2lnbmF0dXJlLW9mLXRoZS10b2tlbg" + UNIQUE;
    private static final String SECRET_ACCESS_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCY" + UNIQUE;
    private static final String SESSION_TOKEN = "IQoJb3JpZ2luX2VjEJr//////////wEaCXVzLWVhc3QtMSJHMEUCIQ" + UNIQUE;
    private static final String CURSOR_SECRET = "cursor-secret-" + UNIQUE;

    @AfterEach
    void levelsOfTheConfiguration() {
        PowertoolsLogLevels.reset();
    }

    static List<Exchange> samples() {
        return Exchanges.samples();
    }

    /**
     * Each sample at INFO, then again at DEBUG (on the table as the first left it: only what is logged matters
     * then), both carrying a bearer token, the webhook's signed with its secret, over a client whose credentials
     * hold a session token.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void atInfoARequestIsItsMetricLineAndAtDebugItsAnswerAndCallsButNoTokenSignatureOrSecret(Exchange sample,
                                                                                          TestTable table,
                                                                                          LocalDynamoDb server) {
        Fixture fx = new Fixture(table);
        sample.seed().accept(fx);
        try (RecordingHttpClient http = new RecordingHttpClient()) {
            Handlers handlers = handlers(fx, server, http);
            Run info = run(handlers, http, sample, signedWithToken(sample), Level.INFO);
            assertEquals(sample.status(), info.status(), info.output());
            assertLoggedAtInfo(sample, info);

            Run debug = run(handlers, http, sample, signedWithToken(sample), Level.DEBUG);
            assertAnswerLoggedAtDebug(debug);
            assertTrue(debug.requests().stream().allMatch(request -> request.contains("\"ReturnConsumedCapacity\":\"TOTAL\"")),
                    "at DEBUG every request asks for its consumed capacity: " + debug.requests());
            assertNoSecret(debug);
        }
    }

    /**
     * At INFO no line of the answer, only the webhook's own about the payment event, as before: the metric line is
     * the request's record, its exact status and request id beside the route; the requests as built.
     */
    private static void assertLoggedAtInfo(Exchange sample, Run run) {
        List<String> expected = new ArrayList<>();
        if (sample.sample().startsWith("payment-webhook/")) {
            assertTrue(messages(run).get(0).matches("(INFO|WARN) payment event .*"), run.output());
            expected.add(messages(run).get(0));
        }
        assertEquals(expected, messages(run), run.output());
        Map<String, Object> metric = requestsMetric(run);
        assertEquals(sample.status(), metric.get("status"), run.output());
        assertEquals(run.event().getRequestContext().getRequestId(), metric.get("correlation_id"), run.output());
        assertFalse(run.requests().isEmpty());
        assertTrue(run.requests().stream().noneMatch(request -> request.contains("ReturnConsumedCapacity")),
                run.requests().toString());
    }

    /** At DEBUG the answer's line of before, its level aside. */
    private static void assertAnswerLoggedAtDebug(Run run) {
        String answer = "DEBUG method=" + run.event().getRequestContext().getHttp().getMethod() + " route="
                + run.event().getRouteKey() + " answered status=" + run.status() + " in durationMs=N";
        assertTrue(messages(run).contains(answer), answer + " not in:\n" + run.output());
    }

    /** Each JSON log line's level and message, a number ending it as N; the metric lines left out. */
    private static List<String> messages(Run run) {
        return run.output().lines().filter(line -> line.startsWith("{\"level\":"))
                .map(line -> line.replaceAll("^\\{\"level\":\"(\\w+)\",\"message\":\"([^\"]*)\".*", "$1 $2")
                        .replaceAll("\\d+$", "N"))
                .toList();
    }

    /** The one metric line counting the request. */
    private static Map<String, Object> requestsMetric(Run run) {
        List<Map<String, Object>> documents = EmfOutput.documents(run.output()).stream()
                .filter(document -> document.containsKey("Requests")).toList();
        assertEquals(1, documents.size(), run.output());
        return documents.get(0);
    }

    private static void assertNoSecret(Run run) {
        String signature = Optional.ofNullable(run.event().getHeaders().get("webhook-signature"))
                .orElse(run.event().getHeaders().get("stripe-signature"));
        List<String> secrets = new ArrayList<>(List.of(BEARER_TOKEN, BEARER_TOKEN.substring(BEARER_TOKEN.lastIndexOf('.')),
                SECRET_ACCESS_KEY, SESSION_TOKEN, CURSOR_SECRET, SignedSamples.WEBHOOK_SECRET,
                SignedSamples.STRIPE_WEBHOOK_SECRET,
                // What the SDK writes of a request it signs.
                "AWS4-HMAC-SHA256", "x-amz-security-token", "X-Amz-Security-Token"));
        if (signature != null) {
            secrets.addAll(List.of(signature, signature.substring(signature.indexOf("v1=") + 3)));
        }
        for (String secret : secrets) {
            assertFalse(run.output().contains(secret), secret + " in the output:\n" + run.output());
        }
    }

    /** A refusal names its reason and its status; the order's root was read, and what the read consumed is said. */
    @Test
    void atDebugARefusalLogsTheCoresDecisionWithItsReasonItsReadAndTheStatus(TestTable table, LocalDynamoDb server) {
        Run run = run(error("409 illegal transition: change-order/mark-paid to IN_FULFILLMENT"), table, server);

        assertDebugLine(run, "IllegalTransition answered 409 {\\\"type\\\":\\\"urn:order-service:problem:illegal-transition\\\"");
        assertTrue(run.output().contains("An order in CREATED cannot move to IN_FULFILLMENT."), run.output());
        assertDebugLine(run, "GetItem {PK=ORDER#" + Fixture.SAMPLE_ORDER + ", SK=ROOT}: done; consumed ");
        assertFalse(run.output().contains("TransactWriteItems"), "a refusal writes nothing: " + run.output());
    }

    /** A change names its events and versions, the transaction that wrote them with its conditions, and the status. */
    @Test
    void atDebugAChangeLogsItsEventsTheTransactionAndTheStatus(TestTable table, LocalDynamoDb server) {
        Run run = run(Exchange.of("checkout", "change-order/change-status", Seeds.ORDER, UnaryOperator.identity(), 200),
                table, server);

        assertDebugLine(run, "order " + Fixture.SAMPLE_ORDER + " v1 -> v2 by user:" + Fixture.SAMPLE_CUSTOMER
                + ": [OrderStatusChanged v2 {from=CREATED, to=AWAITING_PAYMENT, reason=");
        assertDebugLine(run, "TransactWriteItems [Update {PK=ORDER#" + Fixture.SAMPLE_ORDER + ", SK=ROOT} if ");
        assertTrue(run.output().contains(": committed; consumed "), run.output());
        assertDebugLine(run, "Changed answered 200");
    }

    /** A write whose condition fails says so, and the refusal it becomes. */
    @Test
    void atDebugAFailedConditionIsLogged(TestTable table, LocalDynamoDb server) {
        Run run = run(error("412 exists already: customer-profile/put-customer-if-absent"), table, server);

        assertDebugLine(run, "PutItem {PK=CUSTOMER#" + Fixture.SAMPLE_CUSTOMER + ", SK=PROFILE} if ");
        assertTrue(run.output().contains(": condition failed"), run.output());
        assertDebugLine(run, "AlreadyExists answered 412 ");
        assertFalse(run.output().contains("ada@example.com"), "the customer's data is not logged: " + run.output());
    }

    /** What a request was answered and printed, the event it was, and the DynamoDB requests it sent (their JSON bodies). */
    private record Run(APIGatewayV2HTTPEvent event, int status, String output, List<String> requests) {
    }

    /** {@code exchange} (its earlier requests first) at DEBUG, over its seeded table. */
    private static Run run(Exchange exchange, TestTable table, LocalDynamoDb server) {
        Fixture fx = new Fixture(table);
        exchange.seed().accept(fx);
        try (RecordingHttpClient http = new RecordingHttpClient()) {
            Handlers handlers = handlers(fx, server, http);
            for (UnaryOperator<APIGatewayV2HTTPEvent> earlier : exchange.earlier()) {
                handlers.invoke(exchange.sample(), earlier.apply(SampleEvents.load(exchange.sample())));
            }
            Run run = run(handlers, http, exchange, exchange.request().apply(SampleEvents.load(exchange.sample())),
                    Level.DEBUG);
            assertEquals(exchange.status(), run.status(), run.output());
            return run;
        }
    }

    /**
     * The handlers as Lambda builds a function from its environment: the fixture's table, credentials with a session
     * token, the cursor's secret; their DynamoDB client's requests go through {@code http}.
     */
    private static Handlers handlers(Fixture fx, LocalDynamoDb server, RecordingHttpClient http) {
        Map<String, String> env = new HashMap<>(Api.environment(fx));
        env.putAll(Map.of(Services.CURSOR_SECRET, CURSOR_SECRET, Services.DYNAMODB_ENDPOINT, server.endpoint().toString(),
                "AWS_REGION", "us-east-1", "AWS_ACCESS_KEY_ID", "ASIAEXAMPLE" + UNIQUE.substring(0, 8),
                "AWS_SECRET_ACCESS_KEY", SECRET_ACCESS_KEY, "AWS_SESSION_TOKEN", SESSION_TOKEN));
        return Handlers.over(Services.fromEnvironment(env, Services.dynamoDb(env, http)));
    }

    /** {@code event} to the function of {@code exchange} at {@code level}, set as Powertools sets POWERTOOLS_LOG_LEVEL. */
    private static Run run(Handlers handlers, RecordingHttpClient http, Exchange exchange, APIGatewayV2HTTPEvent event,
                           Level level) {
        http.bodies.clear();
        LoggingManagerRegistry.getLoggingManager().setLogLevel(level);
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        PrintStream out = System.out;
        PrintStream err = System.err;
        APIGatewayV2HTTPResponse response;
        try (PrintStream capture = new PrintStream(output, true, StandardCharsets.UTF_8)) {
            System.setOut(capture);
            System.setErr(capture);
            response = handlers.invoke(exchange.sample(), event);
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        return new Run(event, response.getStatusCode(), output.toString(StandardCharsets.UTF_8), List.copyOf(http.bodies));
    }

    private static APIGatewayV2HTTPEvent signedWithToken(Exchange sample) {
        return withBearerToken(SignedSamples.signedNow(SampleEvents.load(sample.sample())));
    }

    private static APIGatewayV2HTTPEvent withBearerToken(APIGatewayV2HTTPEvent event) {
        Map<String, String> headers = new LinkedHashMap<>(event.getHeaders());
        headers.put("authorization", "Bearer " + BEARER_TOKEN);
        event.setHeaders(headers);
        return event;
    }

    private static Exchange error(String name) {
        return Exchanges.errors().stream().filter(e -> e.name().equals(name)).findFirst().orElseThrow();
    }

    private static void assertDebugLine(Run run, String start) {
        assertTrue(run.output().contains("\"level\":\"DEBUG\",\"message\":\"" + start), "no DEBUG line starting \""
                + start + "\" in:\n" + run.output());
    }

    /** The SDK's HTTP client, keeping the body of every request it sends. */
    private static final class RecordingHttpClient implements SdkHttpClient {
        private final SdkHttpClient delegate = UrlConnectionHttpClient.create();
        private final List<String> bodies = Collections.synchronizedList(new ArrayList<>());

        @Override
        public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
            request.contentStreamProvider().ifPresent(content -> {
                try (InputStream in = content.newStream()) {
                    bodies.add(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            return delegate.prepareRequest(request);
        }

        @Override
        public void close() {
            delegate.close();
        }
    }
}
