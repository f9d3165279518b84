package dev.orders.localaws.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.jr.ob.JSON;
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
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.eventbridge.model.PutEventsRequestEntry;
import software.amazon.awssdk.services.eventbridge.model.PutEventsResponse;

/** The local bus as the AWS SDK's EventBridge client sees it, and as a rule's target receives its events. */
class LocalEventBusTest {

    private static EventBridgeClient client(LocalEventBus bus) {
        return EventBridgeClient.builder().endpointOverride(bus.endpoint()).region(Region.EU_WEST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(o -> o.apiCallTimeout(Duration.ofSeconds(10))).build();
    }

    private static PutEventsRequestEntry entry(String detailType, String detail) {
        return PutEventsRequestEntry.builder().eventBusName("OrderEventBus").source("order-service")
                .detailType(detailType).resources("o-1").time(Instant.parse("2026-11-24T10:00:00Z")).detail(detail).build();
    }

    @Test
    void acceptedEventsAreWrittenAsEventBridgeDeliversThemAndReachTheRulesTheyMatch(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("events.jsonl");
        List<Map<String, Object>> paid = new CopyOnWriteArrayList<>();
        try (LocalEventBus bus = LocalEventBus.start("eu-west-1", Optional.of(file), 0, List.of(
                new LocalEventBus.Subscription("OnPaid", "{\"source\":[\"order-service\"],\"detail-type\":[\"PaymentCaptured\"]}",
                        paid::add)));
             EventBridgeClient client = client(bus)) {
            PutEventsResponse response = client.putEvents(b -> b.entries(
                    entry("OrderCreated", "{\"metadata\":{\"eventId\":\"o-1:1\"},\"data\":{}}"),
                    entry("PaymentCaptured", "{\"metadata\":{\"eventId\":\"o-1:2\"},\"data\":{\"amount\":3399}}")));

            assertEquals(0, response.failedEntryCount());
            response.entries().forEach(result -> assertNotNull(result.eventId()));
            for (int i = 0; i < 50 && paid.isEmpty(); i++) {
                Thread.sleep(20);
            }
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

    /** What a publisher's SDK call interrupted while sending leaves: headers, part of the body, then nothing. */
    @Test
    void aRequestStoppedHalfwayHoldsUpNoOtherPutEvents() throws Exception {
        try (LocalEventBus bus = LocalEventBus.start("eu-west-1", Optional.empty());
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
        try (LocalEventBus bus = LocalEventBus.start("eu-west-1", Optional.empty());
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
        try (LocalEventBus bus = LocalEventBus.start("eu-west-1", Optional.empty());
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
        try (LocalEventBus bus = LocalEventBus.start("eu-west-1", Optional.empty())) {
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
