package dev.orders.local.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.local.cli.SamLocal;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A poison record on the stream (an event row the publisher cannot read) is reported failed on every
 * retry, its batch is discarded after the template's MaximumRetryAttempts with Lambda's on-failure record in
 * the dead-letter file, and the stream moves on: the events after it are published. {@code ./sam-local
 * redrive} against the running start-api refuses the poison and republishes an order's events.
 */
class StreamDeadLetterEndToEndTest {

    @Test
    void aRecordThePublisherKeepsFailingEndsInTheDeadLetterFileAndTheEventsAfterItArePublishedAndRedriven(@TempDir Path dataDir)
            throws Exception {
        Path events = dataDir.resolve("events.jsonl");
        try (LocalDynamoDb dynamoDb = LocalDynamoDb.launch();
             LocalApi api = LocalApi.start(Map.of(LocalDynamoDb.ENDPOINT_ENV, dynamoDb.endpoint().toString()),
                     "--data-dir", dataDir.toString(), "--events", events.toString())) {
            dynamoDb.client().putItem(b -> b.tableName(SamLocal.TABLE_NAME).item(Map.ofEntries(
                    Map.entry("PK", AttributeValue.fromS("ORDER#o-poison")),
                    Map.entry("SK", AttributeValue.fromS("EVENT#0000000001")),
                    Map.entry("entityType", AttributeValue.fromS("ORDER_EVENT")),
                    Map.entry("orderId", AttributeValue.fromS("o-poison")),
                    Map.entry("customerId", AttributeValue.fromS("c-1")),
                    Map.entry("version", AttributeValue.fromN("1")),
                    Map.entry("type", AttributeValue.fromS("OrderTeleported")),
                    Map.entry("at", AttributeValue.fromS("2026-11-24T10:00:00.000Z")),
                    Map.entry("by", AttributeValue.fromS("nobody")),
                    Map.entry("data", AttributeValue.fromM(Map.of())),
                    Map.entry("correlationId", AttributeValue.fromS("o-poison:1")))));
            HttpResponse<String> product = send(api, api.token("ops-admin", "orders:admin"), "PUT", "/products/MUG",
                    "{\"name\":\"Mug\",\"unitPrice\":1250,\"currency\":\"EUR\"}");
            assertEquals(201, product.statusCode(), product.body());
            HttpResponse<String> order = send(api, api.token("c-1"), "POST", "/customers/c-1/orders",
                    "{\"items\":[{\"sku\":\"MUG\",\"quantity\":1}]}");
            assertEquals(201, order.statusCode(), order.body());

            Path deadLetters = dataDir.resolve("stream-dead-letters.jsonl");
            List<String> published = List.of();
            for (int attempt = 0; attempt < 150 && published.isEmpty(); attempt++) {
                Thread.sleep(200);
                published = Files.exists(events) ? Files.readAllLines(events) : List.of();
            }
            assertEquals(1, published.size(), "the order's OrderCreated, after the poison record: " + published);
            assertTrue(published.get(0).contains("\"detail-type\":\"OrderCreated\""), published.get(0));
            List<String> dead = Files.readAllLines(deadLetters);
            assertEquals(1, dead.size(), dead.toString());
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(deadLetters)),
                    "the dead-letter file is its owner's only, as all of the data dir");
            Map<String, Object> letter = JSON.std.mapFrom(dead.get(0));
            Map<?, ?> request = (Map<?, ?>) letter.get("requestContext");
            assertEquals("RetryAttemptsExhausted", request.get("condition"));
            assertEquals(11, request.get("approximateInvokeCount"), "the first invocation and the template's 10 retries");
            Map<?, ?> batch = (Map<?, ?>) letter.get("DDBStreamBatchInfo");
            assertEquals(1, batch.get("batchSize"));
            assertEquals(batch.get("startSequenceNumber"), batch.get("endSequenceNumber"));
            assertTrue(String.valueOf(batch.get("streamArn")).contains("/orders-local/stream/"), batch.toString());
            String log = Files.readString(api.log);
            assertTrue(log.contains("1 stream records from " + batch.get("startSequenceNumber") + " discarded after 10 retries"),
                    "a line says so");

            Matcher bus = Pattern.compile("event bus at (http://[^\\s,]+)").matcher(log);
            assertTrue(bus.find(), "start-api says where its bus is");
            Map<String, String> env = Map.of(LocalDynamoDb.ENDPOINT_ENV, dynamoDb.endpoint().toString());
            SamLocalCommand.Result poison = SamLocalCommand.run(env, "redrive", "--dead-letters", deadLetters.toString(),
                    "--event-bus", bus.group(1));
            assertEquals(2, poison.exitCode(), poison.stderr());
            assertTrue(poison.stderr().contains("nothing republished: an event of order o-poison cannot be read"), poison.stderr());
            String orderId = String.valueOf(JSON.std.mapFrom(order.body()).get("orderId"));
            SamLocalCommand.Result redriven = SamLocalCommand.run(env, "redrive", "--order", orderId, "--event-bus", bus.group(1));
            assertEquals(0, redriven.exitCode(), redriven.stderr());
            assertEquals("republished " + orderId + ":1\n", redriven.stdout());
            List<String> delivered = Files.readAllLines(events);
            assertEquals(2, delivered.size(), "the order's OrderCreated once more, and nothing of the poison: " + delivered);
            assertTrue(delivered.get(1).contains("\"eventId\":\"" + orderId + ":1\""), delivered.get(1));
            SamLocalCommand.Result withoutBus = SamLocalCommand.run(env, "redrive", "--order", orderId);
            assertEquals(2, withoutBus.exitCode());
            assertTrue(withoutBus.stderr().contains("--event-bus URL"), withoutBus.stderr());
        }
    }

    private static HttpResponse<String> send(LocalApi api, String token, String method, String path, String body)
            throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(api.base() + path))
                .method(method, HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                .header("Content-Type", "application/json").header("Authorization", "Bearer " + token).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }
}
