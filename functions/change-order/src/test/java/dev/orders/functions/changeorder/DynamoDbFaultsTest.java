package dev.orders.functions.changeorder;

import static dev.orders.dynamodb.support.Fixture.SAMPLE_CUSTOMER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ORDER;
import static dev.orders.http.support.Api.asAdmin;
import static dev.orders.http.support.Api.invoke;
import static dev.orders.http.support.Api.withBody;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.order.OrderStatus;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api.Reply;
import dev.orders.http.support.Api;
import dev.orders.http.support.FaultyHttpClient.Attempt;
import dev.orders.http.support.FaultyHttpClient.Fault;
import dev.orders.http.support.FaultyHttpClient;
import dev.orders.http.support.LogCapture;
import dev.orders.http.support.SampleEvents;
import dev.orders.http.wiring.Services;
import dev.orders.local.dynamodb.LocalDynamoDb;
import dev.orders.testsupport.DynamoDbLocalExtension;
import dev.orders.testsupport.TestTable;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;

/**
 * Throttling and server errors of DynamoDB, which DynamoDB Local never produces, injected under the
 * production client (Services.dynamoDb: its retry strategy and timeouts) in front of DynamoDB Local.
 */
@ExtendWith(DynamoDbLocalExtension.class)
class DynamoDbFaultsTest {
    private static final String CHANGE_STATUS = "change-order/change-status";
    private static final String WRITE = "TransactWriteItems";
    private Fixture fx;
    private FaultyHttpClient http;
    private ChangeOrderFunction function;

    @BeforeEach
    void setUp(TestTable table, LocalDynamoDb server) {
        fx = new Fixture(table);
        fx.seedSampleOrder();
        Map<String, String> env = Api.environment(table.tableName(), server.endpoint());
        http = new FaultyHttpClient(UrlConnectionHttpClient.builder().build());
        function = new ChangeOrderFunction(Services.fromEnvironment(env, Services.dynamoDb(env, http)));
    }

    @ParameterizedTest
    @EnumSource(Fault.class)
    void aFaultThatClearsIsRetriedWithBackoffAndInvisibleToTheClient(Fault fault) {
        http.failNext(WRITE, fault, fault);

        Reply reply = invoke(function, SampleEvents.load(CHANGE_STATUS));

        assertEquals(200, reply.status(), reply.response().getBody());
        assertEquals("AWAITING_PAYMENT", reply.json().get("status"));
        List<Attempt> attempts = http.attempts(WRITE);
        assertEquals(List.of(Optional.of(fault), Optional.of(fault), Optional.<Fault>empty()),
                attempts.stream().map(Attempt::fault).toList());
        // Half-jitter backoff never waits less than half its base delay (25 ms; 100 ms when throttled).
        for (int i = 1; i < attempts.size(); i++) {
            long waitedMillis = Duration.ofNanos(attempts.get(i).nanoTime() - attempts.get(i - 1).nanoTime()).toMillis();
            assertTrue(waitedMillis >= 12, "attempt " + (i + 1) + " came " + waitedMillis + " ms after the previous");
        }
        assertEquals(2, fx.reads.findHeaderById(SAMPLE_ORDER).orElseThrow().version());
        assertEquals(List.of(2L, 1L), fx.reads.history(SAMPLE_CUSTOMER, SAMPLE_ORDER, 10, Optional.empty())
                .orElseThrow().items().stream().map(change -> change.version()).toList());
    }

    @ParameterizedTest
    @EnumSource(Fault.class)
    void whenRetriesRunOutTheClientGets503WithRetryAfterAndNothingIsWritten(Fault fault) {
        http.failAlways(WRITE, fault);

        Reply reply = invoke(function, SampleEvents.load(CHANGE_STATUS));

        assertEquals(503, reply.status(), reply.response().getBody());
        assertEquals("application/problem+json", reply.contentType());
        assertEquals("1", reply.header("retry-after").orElseThrow());
        assertEquals(Services.MAX_ATTEMPTS, http.attempts(WRITE).size());
        assertUntouched();
    }

    @Test
    void aFailedAddOfAnItemLeavesTotalAndLinesAsTheyWere() {
        http.failAlways(WRITE, Fault.PROVISIONED_THROUGHPUT_EXCEEDED);

        Reply reply = invoke(function, SampleEvents.load("change-order/add-item"));

        assertEquals(503, reply.status(), reply.response().getBody());
        assertUntouched();
        assertEquals(2 * 1250 + 899, fx.reads.findHeaderById(SAMPLE_ORDER).orElseThrow().total());
    }

    @Test
    @SuppressWarnings("unchecked")
    void theWarningIsOneJsonLogLineWithTheApiRequestIdAsCorrelationId() {
        http.failAlways(WRITE, Fault.SERVICE_UNAVAILABLE);

        LogCapture.Captured<Reply> run = LogCapture.stdout(() -> invoke(function, SampleEvents.load(CHANGE_STATUS)));

        assertEquals(503, run.result().status());
        Map<String, Object> line = run.lines().stream().filter(l -> "WARN".equals(l.get("level")))
                .findFirst().orElseThrow(() -> new AssertionError("no WARN line in " + run.lines()));
        assertEquals("JKJaXmPLvHcESHA=", line.get("correlation_id"));
        assertTrue(((String) line.get("message")).startsWith("DynamoDB unavailable"), line.toString());
        assertEquals("test-function", line.get("function_name"));
        assertTrue(line.containsKey("function_request_id") && line.containsKey("cold_start"), line.toString());
        assertTrue(((Map<String, Object>) line.get("error")).get("name").toString().endsWith("DynamoDbException"),
                line.toString());
    }

    @Test
    void aStatusChangeAfterAnOutageOfWritesSucceedsOnTheSameHandler() {
        http.failAlways(WRITE, Fault.INTERNAL_SERVER_ERROR);
        assertEquals(503, invoke(function, SampleEvents.load(CHANGE_STATUS)).status());

        http.heal();
        Reply reply = invoke(function, asAdmin(withBody(CHANGE_STATUS,
                Map.of("status", "PAID", "expectedVersion", 1, "reason", "captured"))));

        assertEquals(200, reply.status(), reply.response().getBody());
        assertEquals(OrderStatus.PAID, fx.reads.findHeaderById(SAMPLE_ORDER).orElseThrow().status());
    }

    /** The sample order as seeded: version 1, three rows besides its first history row; the sample products. */
    private void assertUntouched() {
        assertEquals(1, fx.reads.findHeaderById(SAMPLE_ORDER).orElseThrow().version());
        assertEquals(OrderStatus.CREATED, fx.reads.findHeaderById(SAMPLE_ORDER).orElseThrow().status());
        assertEquals(List.of(Keys.historySk(1), Keys.ITEM_PREFIX + Fixture.SAMPLE_ITEM,
                        Keys.ITEM_PREFIX + Fixture.SAMPLE_OTHER_ITEM, Keys.ROOT_SK),
                fx.partition(Keys.orderPk(SAMPLE_ORDER)).stream().map(row -> row.get(Keys.SK).s()).toList());
        assertEquals(Fixture.SAMPLE_PRODUCTS.size() + 4, fx.itemCount());
    }
}
