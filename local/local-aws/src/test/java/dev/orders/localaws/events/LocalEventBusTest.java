package dev.orders.localaws.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.localaws.template.SamTemplate;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.HttpURLConnection;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.eventbridge.model.PutEventsRequestEntry;
import software.amazon.awssdk.services.eventbridge.model.PutEventsResponse;
import software.amazon.awssdk.services.eventbridge.model.PutEventsResultEntry;

/** The local bus as the AWS SDK's EventBridge client sees it, and as a rule's target receives its events. */
class LocalEventBusTest {
    /** The buses template.yaml declares; {@code !Ref OrderEventBus} is the name {@value #ORDER_EVENT_BUS} locally. */
    private static final Set<String> TEMPLATE_BUSES = SamTemplate.repository().eventBuses();
    private static final String ORDER_EVENT_BUS = "OrderEventBus";
    private static final String ANY_ORDER_EVENT = "{\"source\":[\"order-service\"]}";

    private static EventBridgeClient client(LocalEventBus bus) {
        return EventBridgeClient.builder().endpointOverride(bus.endpoint()).region(Region.EU_WEST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(o -> o.apiCallTimeout(Duration.ofSeconds(10))).build();
    }

    private static PutEventsRequestEntry entry(String detailType, String detail) {
        return PutEventsRequestEntry.builder().eventBusName(ORDER_EVENT_BUS).source("order-service")
                .detailType(detailType).resources("o-1").time(Instant.parse("2026-11-24T10:00:00Z")).detail(detail).build();
    }

    @Test
    void acceptedEventsAreWrittenAsEventBridgeDeliversThemAndReachTheRulesTheyMatch(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("events.jsonl");
        List<Map<String, Object>> paid = new CopyOnWriteArrayList<>();
        CountDownLatch paidDelivered = new CountDownLatch(1);
        try (LocalEventBus bus = LocalEventBus.start("eu-west-1", Optional.of(file), 0, TEMPLATE_BUSES, List.of(
                new LocalEventBus.Subscription("OnPaid", ORDER_EVENT_BUS,
                        "{\"source\":[\"order-service\"],\"detail-type\":[\"PaymentCaptured\"]}", event -> {
                            paid.add(event);
                            paidDelivered.countDown();
                        })));
             EventBridgeClient client = client(bus)) {
            PutEventsResponse response = client.putEvents(b -> b.entries(
                    entry("OrderCreated", "{\"metadata\":{\"eventId\":\"o-1:1\"},\"data\":{}}"),
                    entry("PaymentCaptured", "{\"metadata\":{\"eventId\":\"o-1:2\"},\"data\":{\"amount\":3399}}")));

            assertEquals(0, response.failedEntryCount());
            response.entries().forEach(result -> assertNotNull(result.eventId()));
            assertTrue(paidDelivered.await(10, TimeUnit.SECONDS), "the PaymentCaptured event delivered");
        }
        List<Map<String, Object>> written = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            written.add(JSON.std.mapFrom(line));
        }
        assertEquals(List.of("OrderCreated", "PaymentCaptured"), written.stream().map(e -> e.get("detail-type")).toList());
        Map<String, Object> delivered = written.get(1);
        assertEquals(List.of("version", "id", "detail-type", "source", "account", "time", "region", "resources", "detail"),
                List.copyOf(delivered.keySet()));
        assertEquals("0", delivered.get("version"));
        assertEquals("order-service", delivered.get("source"));
        assertEquals("2026-11-24T10:00:00Z", delivered.get("time"));
        assertEquals("eu-west-1", delivered.get("region"));
        assertEquals(List.of("o-1"), delivered.get("resources"));
        assertEquals(Map.of("metadata", Map.of("eventId", "o-1:2"), "data", Map.of("amount", 3399)), delivered.get("detail"));
        assertEquals(List.of(delivered), paid, "only the PaymentCaptured event matches the rule");
    }

    @Test
    void theDefaultBusAndTheTemplatesBusByNameOrByArnAreDeliveredEachToTheRulesOnIt(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("events.jsonl");
        List<Object> onOrderBus = new CopyOnWriteArrayList<>();
        List<Object> onDefault = new CopyOnWriteArrayList<>();
        CountDownLatch delivered = new CountDownLatch(5);
        String stderr = stderrOf(() -> {
            try (LocalEventBus bus = LocalEventBus.start("eu-west-1", Optional.of(file), 0, TEMPLATE_BUSES, List.of(
                    new LocalEventBus.Subscription("OnOrderBus", ORDER_EVENT_BUS, ANY_ORDER_EVENT, event -> {
                        onOrderBus.add(event.get("detail"));
                        delivered.countDown();
                    }),
                    new LocalEventBus.Subscription("OnDefault", "default", ANY_ORDER_EVENT, event -> {
                        onDefault.add(event.get("detail"));
                        delivered.countDown();
                    })));
                 EventBridgeClient client = client(bus)) {
                PutEventsResponse response = client.putEvents(b -> b.entries(
                        numbered(1, null),
                        numbered(2, "default"),
                        numbered(3, ORDER_EVENT_BUS),
                        numbered(4, "arn:aws:events:eu-west-1:123456789012:event-bus/" + ORDER_EVENT_BUS),
                        numbered(5, "arn:aws:events:eu-west-1:123456789012:event-bus/default")));

                assertEquals(0, response.failedEntryCount());
                assertTrue(delivered.await(10, TimeUnit.SECONDS), "five deliveries");
            }
        });

        assertEquals(List.of(Map.of("n", 3), Map.of("n", 4)), onOrderBus);
        assertEquals(List.of(Map.of("n", 1), Map.of("n", 2), Map.of("n", 5)), onDefault);
        assertEquals(5, Files.readAllLines(file).size());
        assertFalse(stderr.contains("WARNING"), stderr);
    }

    @Test
    void anEntryForABusTheTemplateDoesNotDeclareIsAcceptedAsEventBridgeAcceptsItAndDeliveredNowhere(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("events.jsonl");
        List<Object> received = new CopyOnWriteArrayList<>();
        CountDownLatch last = new CountDownLatch(1);
        String otherRegion = "arn:aws:events:us-east-1:123456789012:event-bus/" + ORDER_EVENT_BUS;
        String stderr = stderrOf(() -> {
            try (LocalEventBus bus = LocalEventBus.start("eu-west-1", Optional.of(file), 0, TEMPLATE_BUSES, List.of(
                    new LocalEventBus.Subscription("OnOrderBus", ORDER_EVENT_BUS, ANY_ORDER_EVENT, event -> {
                        received.add(event.get("detail"));
                        last.countDown();
                    }),
                    new LocalEventBus.Subscription("OnDefault", "default", ANY_ORDER_EVENT,
                            event -> received.add(event.get("detail"))),
                    new LocalEventBus.Subscription("OnTypo", "OrderEventBu", ANY_ORDER_EVENT,
                            event -> received.add(event.get("detail")))));
                 EventBridgeClient client = client(bus)) {
                PutEventsResponse response = client.putEvents(b -> b.entries(
                        numbered(1, "OrderEventBu"), numbered(2, "OrderEventBu"), numbered(3, otherRegion)));

                assertEquals(0, response.failedEntryCount());
                assertEquals(3, response.entries().stream().map(PutEventsResultEntry::eventId).distinct()
                        .filter(Objects::nonNull).count(), "three event ids");
                // Delivered in the order accepted: once this one is, the ones before it would have been.
                client.putEvents(b -> b.entries(numbered(4, ORDER_EVENT_BUS)));
                assertTrue(last.await(10, TimeUnit.SECONDS), "the last entry delivered");
            }
        });

        assertEquals(List.of(Map.of("n", 4)), received, "no rule sees an entry for a bus that does not exist");
        assertEquals(1, Files.readAllLines(file).size(), "nor does the events file");
        List<String> warnings = stderr.lines().filter(line -> line.contains("WARNING")).toList();
        assertEquals(2, warnings.size(), stderr);
        assertTrue(warnings.get(0).startsWith("[sam-local] WARNING: event bus \"OrderEventBu\" does not exist"),
                warnings.get(0));
        assertTrue(warnings.get(1).startsWith("[sam-local] WARNING: event bus \"" + otherRegion + "\" does not exist"),
                warnings.get(1));
        assertTrue(warnings.get(0).contains("accepted and delivered nowhere"), warnings.get(0));
    }

    /** An entry of source order-service whose detail says which one it is, on {@code bus} (null: none named). */
    private static PutEventsRequestEntry numbered(int n, String bus) {
        return entry("OrderCreated", "{\"n\":" + n + "}").toBuilder().eventBusName(bus).build();
    }

    private interface Run {
        void run() throws Exception;
    }

    /** What {@code run} wrote on stderr, where the bus's log lines go. */
    private static String stderrOf(Run run) throws Exception {
        PrintStream stderr = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            run.run();
        } finally {
            System.setErr(stderr);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    /** What a publisher's SDK call interrupted while sending leaves: headers, part of the body, then nothing. */
    @Test
    void aRequestStoppedHalfwayHoldsUpNoOtherPutEvents() throws Exception {
        try (LocalEventBus bus = LocalEventBus.start("eu-west-1", Optional.empty(), TEMPLATE_BUSES);
             Socket stalled = new Socket(bus.endpoint().getHost(), bus.endpoint().getPort());
             EventBridgeClient client = client(bus)) {
            stalled.getOutputStream().write(("POST / HTTP/1.1\r\nHost: localhost\r\nX-Amz-Target: AWSEvents.PutEvents\r\n"
                    + "Content-Type: application/x-amz-json-1.1\r\nContent-Length: 1000\r\n\r\n{\"Entries\":[")
                    .getBytes(StandardCharsets.US_ASCII));
            stalled.getOutputStream().flush();

            PutEventsResponse response = client.putEvents(b -> b.entries(entry("OrderCreated", "{\"data\":{}}")));

            assertEquals(0, response.failedEntryCount());
        }
    }

    @Test
    void anEntryWhoseDetailIsNoJsonIsRefusedAloneAsEventBridgeRefusesIt() {
        try (LocalEventBus bus = LocalEventBus.start("eu-west-1", Optional.empty(), TEMPLATE_BUSES);
             EventBridgeClient client = client(bus)) {
            PutEventsResponse response = client.putEvents(b -> b.entries(entry("OrderCreated", "{\"data\":{}}"),
                    entry("OrderCreated", "not json")));

            assertEquals(1, response.failedEntryCount());
            assertNotNull(response.entries().get(0).eventId());
            assertNull(response.entries().get(1).eventId());
            assertEquals("MalformedDetail", response.entries().get(1).errorCode());
        }
    }

    @Test
    void entriesEventBridgeRefusesAreRefusedAloneWithItsErrorCodes() {
        try (LocalEventBus bus = LocalEventBus.start("eu-west-1", Optional.empty(), TEMPLATE_BUSES);
             EventBridgeClient client = client(bus)) {
            PutEventsResponse response = client.putEvents(b -> b.entries(
                    entry("OrderCreated", "{\"data\":{}}").toBuilder().source("aws.events").build(),
                    entry("OrderCreated", "{\"data\":{}}").toBuilder().source(null).build(),
                    entry("OrderCreated", "{\"data\":{}}").toBuilder().detailType(null).build(),
                    entry("OrderCreated", "{\"data\":{}}")));

            assertEquals(3, response.failedEntryCount());
            assertEquals("NotAuthorizedForSourceException", response.entries().get(0).errorCode());
            assertEquals("InvalidArgument", response.entries().get(1).errorCode());
            assertEquals("Parameter Source is not valid. Reason: Source is a required argument.",
                    response.entries().get(1).errorMessage());
            assertEquals("InvalidArgument", response.entries().get(2).errorCode());
            assertNotNull(response.entries().get(3).eventId());
        }
    }

    @Test
    void aBodyThatIsNoJsonIs400SerializationExceptionAsEventBridgeAnswersIt() throws Exception {
        try (LocalEventBus bus = LocalEventBus.start("eu-west-1", Optional.empty(), TEMPLATE_BUSES)) {
            HttpURLConnection post = (HttpURLConnection) bus.endpoint().toURL().openConnection();
            post.setRequestMethod("POST");
            post.setDoOutput(true);
            post.setRequestProperty("X-Amz-Target", "AWSEvents.PutEvents");
            post.setRequestProperty("Content-Type", "application/x-amz-json-1.1");
            post.getOutputStream().write("{\"Entries\": [".getBytes(StandardCharsets.UTF_8));

            assertEquals(400, post.getResponseCode());
            assertEquals("SerializationException", JSON.std.mapFrom(post.getErrorStream()).get("__type"));
        }
    }
}
