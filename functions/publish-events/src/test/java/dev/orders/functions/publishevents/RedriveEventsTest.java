package dev.orders.functions.publishevents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.order.LineRequest;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.events.LocalEventBus;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The redrive command on a Dynoxide table made from the template and the local bus: what it republishes, in
 * the publisher's envelope, and that bad input is one clear line, exit code 2, and nothing published.
 */
@ExtendWith(DynamoDbExtension.class)
class RedriveEventsTest {
    @TempDir
    Path dir;
    private Fixture fx;
    private OrderStream stream;
    private LocalEventBus bus;
    private Path published;
    private Map<String, String> env;

    @BeforeEach
    void setUp(TestTable table, LocalDynamoDb server) {
        fx = new Fixture(table);
        fx.putProduct("TEA", 899);
        stream = new OrderStream(table, server);
        published = dir.resolve("published.jsonl");
        bus = LocalEventBus.start("us-east-1", Optional.of(published), SamTemplate.repository().eventBuses());
        env = new HashMap<>(Map.of("TABLE_NAME", table.tableName(), "EVENT_BUS_NAME", "OrderEventBus",
                "EVENT_SOURCE", "order-service", "AWS_REGION", "us-east-1", "AWS_ACCESS_KEY_ID", "local",
                "AWS_SECRET_ACCESS_KEY", "local", "AWS_ENDPOINT_URL_DYNAMODB", server.endpoint().toString(),
                "AWS_ENDPOINT_URL_DYNAMODB_STREAMS", server.endpoint().toString(),
                "AWS_ENDPOINT_URL_EVENTBRIDGE", bus.endpoint().toString()));
    }

    @AfterEach
    void tearDown() {
        bus.close();
    }

    @Test
    void anOrdersVersionsAreRepublishedInOrderInThePublishersEnvelope() throws IOException {
        fx.createOrder("c-1", "o-1", 1250);
        fx.addLine.add("c-1", "o-1", new LineRequest("TEA", 1), Optional.empty(), Optional.empty(), "user:c-1");
        fx.addLine.add("c-1", "o-1", new LineRequest("TEA", 2), Optional.empty(), Optional.empty(), "user:c-1");

        Run run = redrive("--order", "o-1", "--from", "2");

        assertEquals(0, run.code(), run.err());
        assertEquals(List.of("republished o-1:2", "republished o-1:3"), run.out().lines().toList());
        List<String> events = Files.readAllLines(published);
        assertEquals(2, events.size());
        assertTrue(events.get(0).contains("\"detail-type\":\"OrderLineAdded\""), events.get(0));
        assertTrue(events.get(0).contains("\"eventId\":\"o-1:2\""), events.get(0));
        assertTrue(events.get(1).contains("\"eventId\":\"o-1:3\""), events.get(1));
    }

    @Test
    void badArgumentsAreRefusedWithOneClearLineAndNothingIsPublished() throws IOException {
        fx.createOrder("c-1", "o-1", 1250);
        Path notJson = Files.writeString(dir.resolve("not-json.jsonl"), deadLetter("shardId-1", "1", "2", 1) + "\n{\"DDBStreamBatchInfo\":\n");
        Path otherQueue = Files.writeString(dir.resolve("other.jsonl"), "{\"Records\":[]}\n");
        Path reversed = Files.writeString(dir.resolve("reversed.jsonl"), deadLetter("shardId-1", "9", "2", 1) + "\n");
        Map<List<String>, String> refusals = Map.ofEntries(
                Map.entry(List.of(), "give either --dead-letters or --order"),
                Map.entry(List.of("--order", "o-1", "--dead-letters", notJson.toString()), "give either --dead-letters or --order"),
                Map.entry(List.of("--order"), "--order needs a value"),
                Map.entry(List.of("--order", "o-1", "--since", "2"), "unknown option --since"),
                Map.entry(List.of("--order", "o-1", "--from", "two"), "--from is no version (1 to 9999999999): two"),
                Map.entry(List.of("--order", "o-1", "--from", "0"), "--from is no version (1 to 9999999999): 0"),
                Map.entry(List.of("--order", "o-1", "--from", "3", "--to", "2"), "versions 3 to 2 are no range of versions"),
                Map.entry(List.of("--order", "o 1"), "--order: "),
                Map.entry(List.of("--order", "o-2"), "nothing republished: order o-2 has no event from version 1"),
                Map.entry(List.of("--order", "o-1", "--from", "2", "--to", "5"), "nothing republished: order o-1 has no event from version 2 to 5"),
                Map.entry(List.of("--dead-letters", notJson.toString(), "--from", "1"), "--from and --to go with --order"),
                Map.entry(List.of("--dead-letters", dir.resolve("absent.jsonl").toString()), "cannot read "),
                Map.entry(List.of("--dead-letters", notJson.toString()), notJson + ", line 2: not JSON"),
                Map.entry(List.of("--dead-letters", otherQueue.toString()), "line 1: no DDBStreamBatchInfo object"),
                Map.entry(List.of("--dead-letters", reversed.toString()), "startSequenceNumber is after its endSequenceNumber"));
        refusals.forEach((args, message) -> {
            Run run = redrive(args.toArray(String[]::new));
            assertEquals(2, run.code(), args + ": " + run.err());
            assertTrue(run.err().contains(message), args + ": " + run.err());
            assertEquals("", run.out(), args.toString());
        });
        env.remove("TABLE_NAME");
        Run withoutTable = redrive("--order", "o-1");
        assertEquals(2, withoutTable.code());
        assertTrue(withoutTable.err().contains("environment variable TABLE_NAME is not set"), withoutTable.err());
        assertFalse(Files.exists(published), "nothing was published");
    }

    @Test
    void aRedriveTheBusDoesNotTakeSaysWhatWasNotPublishedAndExitsWith1() {
        fx.createOrder("c-1", "o-1", 1250);
        bus.close();

        Run run = redrive("--order", "o-1");

        assertEquals(1, run.code(), run.err());
        assertTrue(run.err().startsWith("redrive: o-1:1 was not published (PutEvents failed"), run.err());
        assertEquals("", run.out());
    }

    @Test
    void aDeadLetterWhoseRecordsTheStreamDoesNotHoldIsRefused() throws IOException {
        fx.createOrder("c-1", "o-1", 1250);
        Path letters = Files.writeString(dir.resolve("dead-letters.jsonl"),
                deadLetter("shardId-1", "99999999990", "99999999999", 1) + "\n");

        Run run = redrive("--dead-letters", letters.toString());

        assertEquals(2, run.code(), run.err());
        assertTrue(run.err().startsWith("redrive: nothing republished: the stream"), run.err());
        assertFalse(Files.exists(published), "nothing was published");
    }

    /*
     * SQS keeps no order and delivers at least once, and the operator may gather messages of several receives:
     * whatever the order of the messages, each order's versions they name go out once, oldest first.
     */
    @Test
    void deadLettersInAnyOrderOverlappingAndRepeatedRepublishEachOrdersVersionsOnceInVersionOrder() throws IOException {
        List<String> orders = List.of("o-1", "o-2", "o-3");
        orders.forEach(order -> fx.createOrder("c-1", order, 1250));
        for (int round = 0; round < 3; round++) {
            orders.forEach(order -> fx.addLine.add("c-1", order, new LineRequest("TEA", 1), Optional.empty(), Optional.empty(), "user:c-1"));
        }
        List<OrderStream.ShardRecord> events = stream.passing();
        assertEquals(List.of("o-1:1", "o-2:1", "o-3:1", "o-1:2", "o-2:2", "o-3:2", "o-1:3", "o-2:3", "o-3:3", "o-1:4",
                "o-2:4", "o-3:4"), events.stream().map(RedriveEventsTest::eventId).toList(), "the orders interleaved");
        // Batches of the stream as Lambda sends their places to the queue: one overlapping two others, one twice,
        // and none holding o-3:3 (its batch was published).
        List<String> letters = new ArrayList<>(List.of(deadLetter(events, 0, 2), deadLetter(events, 3, 5),
                deadLetter(events, 4, 7), deadLetter(events, 3, 5), deadLetter(events, 9, 11)));
        Map<String, List<Integer>> expected = Map.of("o-1", List.of(1, 2, 3, 4), "o-2", List.of(1, 2, 3, 4),
                "o-3", List.of(1, 2, 4));

        Collections.reverse(letters);
        Run reversed = redrive("--dead-letters", Files.write(dir.resolve("reversed.jsonl"), letters).toString());
        Collections.shuffle(letters, new Random(20261126));
        Run shuffled = redrive("--dead-letters", Files.write(dir.resolve("shuffled.jsonl"), letters).toString());

        assertEquals(0, reversed.code(), reversed.err());
        assertEquals(0, shuffled.code(), shuffled.err());
        assertEquals(expected, versionsByOrder(reversed.out().lines().map(line -> line.substring("republished ".length()))));
        assertEquals(expected, versionsByOrder(shuffled.out().lines().map(line -> line.substring("republished ".length()))));
        List<String> delivered = Files.readAllLines(published);
        assertEquals(22, delivered.size(), "11 events by each redrive");
        assertEquals(expected, versionsByOrder(delivered.subList(0, 11).stream().map(RedriveEventsTest::eventId)));
        assertEquals(expected, versionsByOrder(delivered.subList(11, 22).stream().map(RedriveEventsTest::eventId)));
    }

    private record Run(int code, String out, String err) {
    }

    private Run redrive(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = RedriveEvents.run(List.of(args), env, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Each order's versions among these event ids ({@code <orderId>:<version>}), in the order given. */
    private static Map<String, List<Integer>> versionsByOrder(Stream<String> eventIds) {
        return eventIds.map(id -> id.split(":")).collect(Collectors.groupingBy(id -> id[0],
                Collectors.mapping(id -> Integer.valueOf(id[1]), Collectors.toList())));
    }

    /** The {@code eventId} of an event as the bus delivers it. */
    private static String eventId(String delivered) {
        Matcher id = Pattern.compile("\"eventId\":\"([^\"]+)\"").matcher(delivered);
        assertTrue(id.find(), delivered);
        return id.group(1);
    }

    /** The {@code eventId} of the event row a stream record inserts. */
    private static String eventId(OrderStream.ShardRecord record) {
        Map<String, AttributeValue> keys = record.record().dynamodb().keys();
        return keys.get("PK").s().substring("ORDER#".length()) + ":"
                + Long.parseLong(keys.get("SK").s().substring("EVENT#".length()));
    }

    /** The message of the on-failure queue for the batch of {@code events} {@code first} to {@code last}. */
    private String deadLetter(List<OrderStream.ShardRecord> events, int first, int last) {
        assertEquals(events.get(first).shardId(), events.get(last).shardId(), "a batch is of one shard");
        return deadLetter(events.get(first).shardId(), events.get(first).record().dynamodb().sequenceNumber(),
                events.get(last).record().dynamodb().sequenceNumber(), last - first + 1);
    }

    /** A message of the on-failure queue for the batch between two sequence numbers of a shard of the table's stream. */
    private String deadLetter(String shardId, String start, String end, int batchSize) {
        return "{\"requestContext\":{\"condition\":\"RetryAttemptsExhausted\",\"approximateInvokeCount\":11},"
                + "\"version\":\"1.0\",\"DDBStreamBatchInfo\":{\"shardId\":\"" + shardId + "\",\"startSequenceNumber\":\""
                + start + "\",\"endSequenceNumber\":\"" + end + "\",\"batchSize\":" + batchSize + ",\"streamArn\":\""
                + stream.streamArn() + "\"}}";
    }
}
