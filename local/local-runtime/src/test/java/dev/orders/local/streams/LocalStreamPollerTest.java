package dev.orders.local.streams;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.events.LocalEventBus;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.localaws.template.TemplateTable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.eventbridge.model.PutEventsResponse;

/** The poller on Dynoxide's stream of a table made from the template, invoking a function that publishes. */
class LocalStreamPollerTest {
    private static final String REGION = "us-east-1";
    private static final StaticCredentialsProvider LOCAL =
            StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));

    private static LocalDynamoDb db;

    @BeforeAll
    static void startServer() {
        db = LocalDynamoDb.startChildProcess(LocalDynamoDb.Options.defaults());
    }

    @AfterAll
    static void stopServer() {
        db.close();
    }

    /**
     * As the publisher bench closes it, once the bus has delivered the last event: the bus delivers before its
     * answer is back at the function, so the PutEvents may still be in flight. Interrupted, the SDK call fails
     * ("Thread was interrupted", or "Unable to unmarshall response (null)" with the bus's 200 in hand).
     */
    @Test
    void closingLetsTheInvocationInFlightFinishItsPutEvents() throws Exception {
        String table = "poller-close";
        TemplateTable.load(RepositoryRoot.template(), TemplateTable.ORDERS_TABLE).createIn(db.client(), table);
        SamTemplate.Function function = SamTemplate.repository().function("PublishEventsFunction").orElseThrow();
        CountDownLatch invoked = new CountDownLatch(1);
        CountDownLatch closing = new CountDownLatch(1);
        CompletableFuture<PutEventsResponse> published = new CompletableFuture<>();
        try (LocalEventBus bus = LocalEventBus.start(REGION, Optional.empty(), SamTemplate.repository().eventBuses());
             EventBridgeClient eventBridge = EventBridgeClient.builder().endpointOverride(bus.endpoint())
                     .region(Region.of(REGION)).credentialsProvider(LOCAL).httpClient(UrlConnectionHttpClient.create()).build();
             DynamoDbStreamsClient streams = DynamoDbStreamsClient.builder().endpointOverride(db.endpoint())
                     .region(Region.of(REGION)).credentialsProvider(LOCAL).httpClient(UrlConnectionHttpClient.create()).build()) {
            // The function publishes once the poller is being closed, so its PutEvents is in flight at close().
            LocalStreamPoller.Target publisher = (event, requestId) -> {
                invoked.countDown();
                try {
                    closing.await();
                    published.complete(eventBridge.putEvents(b -> b.entries(e -> e.eventBusName("OrderEventBus")
                            .source("order-service").detailType("OrderCreated").detail("{\"data\":{}}"))));
                } catch (Exception e) {
                    published.completeExceptionally(e);
                }
                return "{\"batchItemFailures\":[]}".getBytes(StandardCharsets.UTF_8);
            };
            LocalStreamPoller poller = new LocalStreamPoller(function, function.streams().get(0), publisher, db.client(),
                    streams, table, REGION, Optional.empty(), Clock.systemUTC()).start();
            db.client().putItem(b -> b.tableName(table).item(Map.of("PK", AttributeValue.fromS("ORDER#o-1"),
                    "SK", AttributeValue.fromS("EVENT#0001"), "entityType", AttributeValue.fromS("ORDER_EVENT"))));
            assertTrue(invoked.await(30, TimeUnit.SECONDS), "the event row reached the function");

            closing.countDown();
            poller.close();
            boolean finishedBeforeCloseReturned = published.isDone();

            PutEventsResponse response = assertDoesNotThrow(published::join, "the PutEvents in flight at close()");
            assertEquals(0, response.failedEntryCount());
            assertTrue(finishedBeforeCloseReturned, "close() returned with the invocation still in flight");
        }
    }

    /**
     * The template's publisher bisects on a function error: a record the function fails on with an error (not a
     * reported item) ends alone in the dead-letter file after its retries, and the others of its batch go through.
     */
    @Test
    void aBatchTheFunctionFailsOnIsSplitUntilTheBadRecordIsDeadLetteredAlone(@TempDir Path dataDir) throws Exception {
        String table = "poller-bisect";
        TemplateTable.load(RepositoryRoot.template(), TemplateTable.ORDERS_TABLE).createIn(db.client(), table);
        SamTemplate.Function function = SamTemplate.repository().function("PublishEventsFunction").orElseThrow();
        SamTemplate.StreamEvent source = function.streams().get(0);
        assertTrue(source.bisectsOnFunctionError(), "the template's publisher bisects");
        List<String> delivered = Collections.synchronizedList(new ArrayList<>());
        LocalStreamPoller.Target failsOnPoison = (event, requestId) -> {
            String json = new String(event, StandardCharsets.UTF_8);
            if (json.contains("EVENT#poison")) {
                throw new IllegalStateException("cannot publish the poison record");
            }
            for (String sk : List.of("EVENT#0001", "EVENT#0002", "EVENT#0004")) {
                if (json.contains(sk)) {
                    delivered.add(sk);
                }
            }
            return "{\"batchItemFailures\":[]}".getBytes(StandardCharsets.UTF_8);
        };
        try (DynamoDbStreamsClient streams = DynamoDbStreamsClient.builder().endpointOverride(db.endpoint())
                .region(Region.of(REGION)).credentialsProvider(LOCAL).httpClient(UrlConnectionHttpClient.create()).build()) {
            for (String sk : List.of("EVENT#0001", "EVENT#0002", "EVENT#poison", "EVENT#0004")) {
                db.client().putItem(b -> b.tableName(table).item(Map.of("PK", AttributeValue.fromS("ORDER#o-1"),
                        "SK", AttributeValue.fromS(sk), "entityType", AttributeValue.fromS("ORDER_EVENT"))));
            }
            try (LocalStreamPoller poller = new LocalStreamPoller(function, source, failsOnPoison, db.client(), streams,
                    table, REGION, Optional.of(dataDir), Clock.systemUTC())) {
                Path deadLetters = poller.deadLetterFile();
                poller.start();
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (!(Files.isRegularFile(deadLetters) && delivered.size() == 3) && System.nanoTime() < deadline) {
                    Thread.sleep(100);
                }
                assertEquals(List.of("EVENT#0001", "EVENT#0002", "EVENT#0004"), delivered);
                List<String> lines = Files.readAllLines(deadLetters);
                assertEquals(1, lines.size(), String.join("\n", lines));
                assertTrue(lines.get(0).contains("\"batchSize\":1"), lines.get(0));
            }
        }
    }

    /**
     * Lambda discards a record older than the event's MaximumRecordAgeInSeconds before it would send it, and its
     * on-failure record says so ("RecordAgeExceeded", no invocation): a --data-dir's stream outlives a run. The
     * template's publisher allows a day; the poller's clock here is a day and a minute on.
     */
    @Test
    void recordsOlderThanTheEventsMaximumAgeAreDeadLetteredWithoutAnInvocation(@TempDir Path dataDir) throws Exception {
        String table = "poller-age";
        TemplateTable.load(RepositoryRoot.template(), TemplateTable.ORDERS_TABLE).createIn(db.client(), table);
        SamTemplate.Function function = SamTemplate.repository().function("PublishEventsFunction").orElseThrow();
        SamTemplate.StreamEvent source = function.streams().get(0);
        assertEquals(86400, source.maximumRecordAgeSeconds(), "the template's publisher keeps a record a day");
        List<String> invoked = Collections.synchronizedList(new ArrayList<>());
        LocalStreamPoller.Target publisher = (event, requestId) -> {
            invoked.add(requestId);
            return "{\"batchItemFailures\":[]}".getBytes(StandardCharsets.UTF_8);
        };
        Clock aDayAndAMinuteOn = Clock.offset(Clock.systemUTC(), Duration.ofSeconds(86400 + 60));
        try (DynamoDbStreamsClient streams = DynamoDbStreamsClient.builder().endpointOverride(db.endpoint())
                .region(Region.of(REGION)).credentialsProvider(LOCAL).httpClient(UrlConnectionHttpClient.create()).build()) {
            for (String sk : List.of("EVENT#0001", "EVENT#0002")) {
                db.client().putItem(b -> b.tableName(table).item(Map.of("PK", AttributeValue.fromS("ORDER#o-1"),
                        "SK", AttributeValue.fromS(sk), "entityType", AttributeValue.fromS("ORDER_EVENT"))));
            }
            try (LocalStreamPoller poller = new LocalStreamPoller(function, source, publisher, db.client(), streams,
                    table, REGION, Optional.of(dataDir), aDayAndAMinuteOn)) {
                Path deadLetters = poller.deadLetterFile();
                poller.start();
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (!Files.isRegularFile(deadLetters) && System.nanoTime() < deadline) {
                    Thread.sleep(100);
                }
                List<String> lines = Files.readAllLines(deadLetters);
                assertEquals(1, lines.size(), String.join("\n", lines));
                assertTrue(lines.get(0).contains("\"condition\":\"RecordAgeExceeded\""), lines.get(0));
                assertTrue(lines.get(0).contains("\"approximateInvokeCount\":0"), lines.get(0));
                assertTrue(lines.get(0).contains("\"batchSize\":2"), lines.get(0));
                assertEquals(List.of(), invoked, "no expired record reached the function");
            }
        }
    }
}
