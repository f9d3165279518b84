package dev.orders.local.streams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.serialization.PojoSerializer;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.core.order.LineRequest;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.functions.publishevents.PublishEventsFunction;
import dev.orders.functions.publishevents.RedriveEvents;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.events.LocalEventBus;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.lambda.TestContext;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;

/**
 * The publisher behind the local stream poller, as start-api runs it, publishing to the local bus, whose rule
 * delivers to a consumer written as docs/EVENTS.md tells consumers to be; the redrive as an operator runs it,
 * on the poller's dead-letter file (the local on-failure queue).
 */
@ExtendWith(DynamoDbExtension.class)
class EventRedriveTest {
    private static final String REGION = "us-east-1";
    private static final String BUS = "OrderEventBus";
    private static final String SOURCE = "order-service";
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dataDir;
    private TestTable table;
    private LocalDynamoDb server;
    private Fixture fx;
    private FollowingConsumer consumer;
    private LocalEventBus bus;
    private EventBridgeClient eventBridge;
    private DynamoDbStreamsClient streams;
    private LocalStreamPoller poller;

    @BeforeEach
    void start(TestTable table, LocalDynamoDb server) {
        this.table = table;
        this.server = server;
        fx = new Fixture(table);
        fx.putProduct("TEA", 899);
        consumer = new FollowingConsumer(fx.reads);
        bus = startBus(0);
        // No SDK retries: an outage of the bus fails each attempt at once (what is tested is what follows it).
        eventBridge = EventBridgeClient.builder().endpointOverride(bus.endpoint()).region(Region.of(REGION))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry())).build();
        streams = DynamoDbStreamsClient.builder().endpointOverride(server.endpoint()).region(Region.of(REGION))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .httpClient(UrlConnectionHttpClient.create()).build();
        SamTemplate.Function function = function();
        poller = new LocalStreamPoller(function, function.streams().get(0), publisher(), table.client(), streams,
                table.tableName(), REGION, Optional.of(dataDir), Clock.systemUTC()).start();
    }

    @AfterEach
    void stop() {
        poller.close();
        bus.close();
        eventBridge.close();
        streams.close();
    }

    /*
     * A PutEvents the bus took but whose answer the publisher missed is published again (at least once), and may
     * be dead-lettered and redriven too: the consumer drops such repeats, so the tests assert what it applied,
     * and that it dropped only what it had applied.
     */
    @Test
    void aConsumerFollowingTheDocsEndsWithEveryVersionAppliedOnceInOrderThroughABusOutageAndARedrive() throws Exception {
        fx.createOrder("c-a", "o-a", 1250);
        fx.createOrder("c-b", "o-b", 1250);
        await(() -> consumer.applied().containsAll(List.of("o-a:1", "o-b:1")), "both creations applied");
        awaitStreamHandled();

        int port = bus.endpoint().getPort();
        bus.close();
        addTea("c-a", "o-a");
        addTea("c-a", "o-a");
        addTea("c-b", "o-b");
        awaitStreamHandled();
        assertTrue(Files.exists(poller.deadLetterFile()), "the outage's events dead-lettered");

        bus = startBus(port);
        addTea("c-a", "o-a");
        await(() -> consumer.applied().contains("o-a:4"), "o-a's version 4 applied");
        assertEquals(List.of("o-a:1", "o-b:1", "o-a:2", "o-a:3", "o-a:4"), consumer.applied(),
                "o-a's gap filled from its history; o-b waits at version 1, nothing after it to show the gap");

        Redrive redrive = redrive("--dead-letters", poller.deadLetterFile().toString());
        assertEquals(0, redrive.exitCode(), redrive.err());
        assertTrue(redrive.out().lines().toList().containsAll(List.of("republished o-a:2", "republished o-a:3",
                "republished o-b:2")), redrive.out());
        await(() -> consumer.applied().contains("o-b:2") && consumer.dropped().containsAll(List.of("o-a:2", "o-a:3")),
                "the redrive delivered");

        assertEquals(List.of("o-a:1", "o-b:1", "o-a:2", "o-a:3", "o-a:4", "o-b:2"), consumer.applied());
        assertTrue(consumer.applied().containsAll(consumer.dropped()), "dropped only repeats: " + consumer.dropped());
    }

    @Test
    void aRedriveOfEventsAlreadyPublishedIsAcceptedAndChangesNothing() throws Exception {
        fx.createOrder("c-a", "o-a", 1250);
        addTea("c-a", "o-a");
        await(() -> consumer.applied().equals(List.of("o-a:1", "o-a:2")), "both events applied");
        awaitStreamHandled();
        List<Map<String, AttributeValue>> partition = fx.partition("ORDER#o-a");
        int droppedBefore = consumer.dropped().size();

        Redrive redrive = redrive("--order", "o-a", "--from", "1");

        assertEquals(0, redrive.exitCode(), redrive.err());
        assertEquals(List.of("republished o-a:1", "republished o-a:2"), redrive.out().lines().toList());
        await(() -> consumer.dropped().size() == droppedBefore + 2, "the repeats delivered");
        assertEquals(List.of("o-a:1", "o-a:2"), consumer.dropped().subList(droppedBefore, droppedBefore + 2));
        assertEquals(List.of("o-a:1", "o-a:2"), consumer.applied(), "nothing applied twice");
        assertEquals(partition, fx.partition("ORDER#o-a"), "the order's partition unchanged");
    }

    @Test
    void theDeadLetterFileReversedAndRepeatedIsRedrivenInVersionOrderEachVersionOnce() throws Exception {
        fx.createOrder("c-a", "o-a", 1250);
        fx.createOrder("c-b", "o-b", 1250);
        await(() -> consumer.applied().containsAll(List.of("o-a:1", "o-b:1")), "both creations applied");
        awaitStreamHandled();
        int port = bus.endpoint().getPort();
        bus.close();
        addTea("c-a", "o-a");
        addTea("c-b", "o-b");
        awaitStreamHandled();
        addTea("c-b", "o-b");
        addTea("c-a", "o-a");
        awaitStreamHandled();
        List<String> letters = new ArrayList<>(Files.readAllLines(poller.deadLetterFile()));
        assertTrue(letters.size() >= 2, "a dead letter for each batch of the outage: " + letters);
        // What a standard SQS queue may give: the messages in another order, one of them twice.
        Collections.reverse(letters);
        letters.add(letters.get(0));
        Files.write(poller.deadLetterFile(), letters);
        bus = startBus(port);

        Redrive redrive = redrive("--dead-letters", poller.deadLetterFile().toString());

        assertEquals(0, redrive.exitCode(), redrive.err());
        long republished = redrive.out().lines().count();
        await(() -> consumer.received().size() == 2 + republished, "the redrive delivered");
        assertEquals(List.of("o-a:1", "o-a:2", "o-a:3"), received(consumer, "o-a"));
        assertEquals(List.of("o-b:1", "o-b:2", "o-b:3"), received(consumer, "o-b"));
        assertEquals(List.of(), consumer.dropped(), "no repeat delivered");
    }

    /** The ids of an order's events the consumer received, in the order received. */
    private static List<String> received(FollowingConsumer consumer, String orderId) {
        return consumer.received().stream().filter(id -> id.startsWith(orderId + ":")).toList();
    }

    /** Until the poller has handled (published or dead-lettered) every record the table's stream holds now. */
    private void awaitStreamHandled() throws InterruptedException {
        String streamArn = table.client().describeTable(b -> b.tableName(table.tableName())).table().latestStreamArn();
        Map<String, String> newest = new LinkedHashMap<>();
        for (Shard shard : streams.describeStream(b -> b.streamArn(streamArn)).streamDescription().shards()) {
            String iterator = streams.getShardIterator(b -> b.streamArn(streamArn).shardId(shard.shardId())
                    .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
            List<Record> records = streams.getRecords(b -> b.shardIterator(iterator).limit(1000)).records();
            if (!records.isEmpty()) {
                newest.put(shard.shardId(), records.get(records.size() - 1).dynamodb().sequenceNumber());
            }
        }
        Path positions = dataDir.resolve("stream-positions-" + function().streams().get(0).event() + ".json");
        await(() -> {
            try {
                Map<String, Object> handled = Files.exists(positions) ? JSON.std.mapFrom(Files.readString(positions)) : Map.of();
                return newest.entrySet().stream().allMatch(shard -> handled.containsKey(shard.getKey())
                        && new BigInteger(String.valueOf(handled.get(shard.getKey()))).compareTo(new BigInteger(shard.getValue())) >= 0);
            } catch (IOException e) {
                return false; // being replaced
            }
        }, "the poller past " + newest);
    }

    private static SamTemplate.Function function() {
        return SamTemplate.repository().function("PublishEventsFunction").orElseThrow();
    }

    private LocalEventBus startBus(int port) {
        return LocalEventBus.start(REGION, Optional.empty(), port, SamTemplate.repository().eventBuses(),
                List.of(new LocalEventBus.Subscription("consumer", BUS, "{\"source\": [\"" + SOURCE + "\"]}",
                        event -> consumer.receive(event))));
    }

    /** The publisher, invoked with the poller's DynamodbEvent JSON as the Lambda Java runtime would. */
    private LocalStreamPoller.Target publisher() {
        PublishEventsFunction function = new PublishEventsFunction(eventBridge, BUS, SOURCE);
        PojoSerializer<DynamodbEvent> events = LambdaEventSerializers.serializerFor(DynamodbEvent.class,
                getClass().getClassLoader());
        return (json, requestId) -> {
            StreamsEventResponse response = function.handleRequest(events.fromJson(new ByteArrayInputStream(json)),
                    new TestContext());
            return JSON.std.asBytes(Map.of("batchItemFailures", response.getBatchItemFailures().stream()
                    .map(failure -> Map.of("itemIdentifier", failure.getItemIdentifier())).toList()));
        };
    }

    private void addTea(String customerId, String orderId) {
        fx.addLine.add(customerId, orderId, new LineRequest("TEA", 1), Optional.empty(), Optional.empty(), "user:" + customerId);
    }

    private record Redrive(int exitCode, String out, String err) {
    }

    /** The redrive command with the publisher's environment, on the test's table and bus. */
    private Redrive redrive(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Map<String, String> env = Map.of("TABLE_NAME", table.tableName(), "EVENT_BUS_NAME", BUS, "EVENT_SOURCE", SOURCE,
                "AWS_REGION", REGION, "AWS_ACCESS_KEY_ID", "local", "AWS_SECRET_ACCESS_KEY", "local",
                "AWS_ENDPOINT_URL_DYNAMODB", server.endpoint().toString(),
                "AWS_ENDPOINT_URL_DYNAMODB_STREAMS", server.endpoint().toString(),
                "AWS_ENDPOINT_URL_EVENTBRIDGE", bus.endpoint().toString());
        int code = RedriveEvents.run(List.of(args), env, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Redrive(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "waited " + WAIT.toSeconds() + " s for: " + what);
            Thread.sleep(50);
        }
    }
}
