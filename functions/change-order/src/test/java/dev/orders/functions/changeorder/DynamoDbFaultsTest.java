package dev.orders.functions.changeorder;

import static dev.orders.dynamodb.support.Fixture.SAMPLE_CUSTOMER;
import static dev.orders.dynamodb.support.Fixture.SAMPLE_ORDER;
import static dev.orders.http.support.Api.asAdmin;
import static dev.orders.http.support.Api.invoke;
import static dev.orders.http.support.Api.withBody;
import static dev.orders.http.support.Api.withHeader;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.application.Rounds;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.OrderStatus;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.dynamodb.table.Transaction;
import dev.orders.http.support.Api.Reply;
import dev.orders.http.support.Api;
import dev.orders.http.support.SampleEvents;
import dev.orders.lambda.aws.AwsClients;
import dev.orders.wiring.Services;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.faults.FaultyHttpClient.Attempt;
import dev.orders.testsupport.faults.FaultyHttpClient.Cancelled;
import dev.orders.testsupport.faults.FaultyHttpClient.Fault;
import dev.orders.testsupport.faults.FaultyHttpClient.Lost;
import dev.orders.testsupport.faults.FaultyHttpClient;
import dev.orders.testsupport.lambda.LogCapture;
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
 * Throttling, server errors, cancelled transactions and lost answers of DynamoDB, which Dynoxide
 * never produces, injected under the production client (AwsClients via Services.dynamoDb: its retry strategy and
 * timeouts) in front of Dynoxide.
 */
@ExtendWith(DynamoDbExtension.class)
class DynamoDbFaultsTest {
    private static final String CHANGE_STATUS = "change-order/change-status";
    private static final String ADMIN_STATUS = "change-order/mark-paid";
    private static final String ADD_ITEM = "change-order/add-item";
    private static final String WRITE = "TransactWriteItems";
    private static final Map<String, String> NOTHING_CHANGED = Map.of("type", "urn:order-service:problem:unavailable",
            "detail", "The order store is busy and refused the request; nothing was changed. Retry shortly.");
    private static final Map<String, String> OUTCOME_UNKNOWN = Map.of("type", "urn:order-service:problem:outcome-unknown",
            "detail", "The order store did not confirm the change, so it may or may not have been made. Retry shortly: "
                    + "a retry with the same Idempotency-Key is applied at most once; without one, read the resource "
                    + "first to see whether it was.");
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
        assertEquals(2, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().version());
        assertEquals(List.of(2L, 1L), fx.reads.history(SAMPLE_CUSTOMER, SAMPLE_ORDER, 10, Optional.empty())
                .orElseThrow().items().stream().map(change -> change.version()).toList());
    }

    @ParameterizedTest
    @EnumSource(Fault.class)
    void whenRetriesRunOutTheClientGets503WithRetryAfterClaimingOnlyWhatIsKnown(Fault fault) {
        http.failAlways(WRITE, fault);

        Reply reply = invoke(function, SampleEvents.load(CHANGE_STATUS));

        assertEquals(503, reply.status(), reply.response().getBody());
        assertEquals("application/problem+json", reply.contentType());
        assertEquals("1", reply.header("retry-after").orElseThrow());
        assertEquals(AwsClients.MAX_ATTEMPTS, http.attempts(WRITE).size());
        boolean refusedByDynamoDb = fault == Fault.THROTTLING || fault == Fault.PROVISIONED_THROUGHPUT_EXCEEDED;
        // A 5xx of DynamoDB does not say whether the write was applied: the client is not told it was not.
        assertProblem(reply, refusedByDynamoDb ? NOTHING_CHANGED : OUTCOME_UNKNOWN);
        assertUntouched();
    }

    @ParameterizedTest
    @EnumSource(Cancelled.class)
    void aTransactionCancelledForTheMomentIsRetriedWithBackoffAndInvisibleWhenItClears(Cancelled reason) {
        http.failNext(WRITE, reason, reason);

        Reply reply = invoke(function, SampleEvents.load(CHANGE_STATUS));

        assertEquals(200, reply.status(), reply.response().getBody());
        List<Attempt> attempts = http.attempts(WRITE);
        assertEquals(List.of(Optional.of(reason), Optional.of(reason), Optional.<Cancelled>empty()),
                attempts.stream().map(Attempt::fault).toList());
        for (int i = 1; i < attempts.size(); i++) {
            long waitedMillis = Duration.ofNanos(attempts.get(i).nanoTime() - attempts.get(i - 1).nanoTime()).toMillis();
            assertTrue(waitedMillis >= 25, "attempt " + (i + 1) + " came " + waitedMillis + " ms after the previous");
        }
        assertEquals(2, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().version());
    }

    @ParameterizedTest
    @EnumSource(Cancelled.class)
    void aTransactionCancelledOnEveryAttemptIs503WithRetryAfterNever500Or409(Cancelled reason) {
        http.failAlways(WRITE, reason);

        Reply reply = invoke(function, SampleEvents.load(CHANGE_STATUS));

        assertEquals(503, reply.status(), reply.response().getBody());
        assertEquals("1", reply.header("retry-after").orElseThrow());
        assertProblem(reply, NOTHING_CHANGED);
        // Each attempt is one request the SDK does not retry: a cancellation is an answer, not an error. A conflict
        // that outlasts the attempts is a lost round: the change is read and decided again, Rounds.MAX rounds in all.
        int rounds = reason == Cancelled.TRANSACTION_CONFLICT ? Rounds.MAX : 1;
        assertEquals(rounds * Transaction.ATTEMPTS, http.attempts(WRITE).size());
        assertUntouched();
    }

    @Test
    void aStatusChangeReadsTheOrderOnceAndWritesOnce() {
        Reply reply = invoke(function, SampleEvents.load(CHANGE_STATUS));

        assertEquals(200, reply.status(), reply.response().getBody());
        assertEquals(1, http.attempts("GetItem").size());
        assertEquals(1, http.attempts(WRITE).size());
    }

    @Test
    void anIdempotentLineAdditionWhoseTransactionKeepsConflictingIs503AfterAsManyRoundsAsAnyChange() {
        http.failAlways(WRITE, Cancelled.TRANSACTION_CONFLICT);

        Reply reply = invoke(function, withHeader(SampleEvents.load(ADD_ITEM), "idempotency-key", "add-biscuits-1"));

        assertEquals(503, reply.status(), reply.response().getBody());
        assertProblem(reply, NOTHING_CHANGED);
        assertEquals(Rounds.MAX * Transaction.ATTEMPTS, http.attempts(WRITE).size());
        assertUntouched();
    }

    @Test
    void anAnswerLostAfterDynamoDbAppliedTheChangeIs503ThatClaimsNothingAndTheRetryLearnsItHappened() {
        http.failAlways(WRITE, Lost.AFTER_DELIVERY);

        Reply lost = invoke(function, SampleEvents.load(CHANGE_STATUS));
        http.heal();
        Reply retry = invoke(function, SampleEvents.load(CHANGE_STATUS));

        assertEquals(503, lost.status(), lost.response().getBody());
        assertEquals("1", lost.header("retry-after").orElseThrow());
        assertProblem(lost, OUTCOME_UNKNOWN);
        // Every attempt carried the same client request token: the change was applied once.
        assertEquals(AwsClients.MAX_ATTEMPTS, http.attempts(WRITE).size());
        assertEquals(List.of(2L, 1L), fx.reads.history(SAMPLE_CUSTOMER, SAMPLE_ORDER, 10, Optional.empty())
                .orElseThrow().items().stream().map(change -> change.version()).toList());
        assertEquals(409, retry.status(), retry.response().getBody());
        assertEquals(2, retry.json().get("currentVersion"));
    }

    @Test
    void aRetryAfterALostAnswerWhoseLineWasAddedAnswersThatLineAndAddsItOnce() {
        http.failAlways(WRITE, Lost.AFTER_DELIVERY);
        Reply lost = invoke(function, withHeader(SampleEvents.load(ADD_ITEM), "idempotency-key", "add-biscuits-1"));
        http.heal();

        Reply retry = invoke(function, withHeader(SampleEvents.load(ADD_ITEM), "idempotency-key", "add-biscuits-1"));

        assertEquals(503, lost.status(), lost.response().getBody());
        assertProblem(lost, OUTCOME_UNKNOWN);
        assertEquals(201, retry.status(), retry.response().getBody());
        assertEquals("true", retry.header("idempotent-replayed").orElseThrow());
        List<OrderLine> biscuits = fx.reads.findAggregate(SAMPLE_CUSTOMER, SAMPLE_ORDER).orElseThrow().items().stream()
                .filter(item -> item.sku().equals("BISCUITS-200G")).toList();
        assertEquals(1, biscuits.size());
        assertEquals(biscuits.get(0).itemId(), retry.json().get("itemId"));
        Order order = fx.reads.findRootById(SAMPLE_ORDER).orElseThrow();
        assertEquals(3, order.itemCount());
        assertEquals(2 * 1250 + 899 + 3 * 349, order.total());
    }

    @Test
    void throttlingAfterALostAnswerStillClaimsNothingForTheLostAttemptMayHaveBeenApplied() {
        http.failNext(WRITE, Lost.AFTER_DELIVERY, Fault.THROTTLING, Fault.THROTTLING, Fault.THROTTLING);

        Reply reply = invoke(function, SampleEvents.load(CHANGE_STATUS));

        assertEquals(503, reply.status(), reply.response().getBody());
        assertProblem(reply, OUTCOME_UNKNOWN);
        assertEquals(2, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().version());
    }

    @Test
    void aFailedAddOfAnItemLeavesTotalAndLinesAsTheyWere() {
        http.failAlways(WRITE, Fault.PROVISIONED_THROUGHPUT_EXCEEDED);

        Reply reply = invoke(function, SampleEvents.load(ADD_ITEM));

        assertEquals(503, reply.status(), reply.response().getBody());
        assertUntouched();
        assertEquals(2 * 1250 + 899, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().total());
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
        assertTrue(((String) line.get("message")).startsWith("store unavailable"), line.toString());
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
        Reply reply = invoke(function, asAdmin(withBody(ADMIN_STATUS,
                Map.of("status", "PAID", "expectedVersion", 1, "reason", "captured"))));

        assertEquals(200, reply.status(), reply.response().getBody());
        assertEquals(OrderStatus.PAID, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().status());
    }

    /** The problem's type and detail are those of {@code expected}. */
    private static void assertProblem(Reply reply, Map<String, String> expected) {
        assertEquals(expected.get("type"), reply.json().get("type"), reply.response().getBody());
        assertEquals(expected.get("detail"), reply.json().get("detail"), reply.response().getBody());
    }

    /** The sample order as seeded: version 1, three rows besides its first history row; the sample products. */
    private void assertUntouched() {
        assertEquals(1, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().version());
        assertEquals(OrderStatus.CREATED, fx.reads.findRootById(SAMPLE_ORDER).orElseThrow().status());
        assertEquals(List.of(Keys.eventSk(1), Keys.ITEM_PREFIX + Fixture.SAMPLE_ITEM,
                        Keys.ITEM_PREFIX + Fixture.SAMPLE_OTHER_ITEM, Keys.ROOT_SK),
                fx.partition(Keys.orderPk(SAMPLE_ORDER)).stream().map(row -> row.get(Keys.SK).s()).toList());
        assertEquals(Fixture.SAMPLE_PRODUCTS.size() + 4, fx.itemCount());
    }
}
