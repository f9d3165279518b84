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
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
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
                    streams, table, REGION, Optional.empty()).start();
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
}
