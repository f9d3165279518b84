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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A poison record on the stream (an event row the publisher cannot read) is reported failed on every
 * retry, ends in the dead-letter file after the template's MaximumRetryAttempts, and the stream moves on:
 * the events after it are published.
 */
class StreamDeadLetterEndToEndTest {

    @Test
    void aRecordThePublisherKeepsFailingEndsInTheDeadLetterFileAndTheEventsAfterItArePublished(@TempDir Path dataDir)
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
            Map<String, Object> letter = JSON.std.mapFrom(dead.get(0));
            assertEquals(Map.of("PK", Map.of("S", "ORDER#o-poison"), "SK", Map.of("S", "EVENT#0000000001")), letter.get("keys"));
            assertTrue(Files.readString(api.log).contains("sent to the dead-letter file"), "a line says so");
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
