package dev.orders.functions.publishevents;

import dev.orders.core.order.OrderEvent;
import dev.orders.core.time.Timestamps;
import dev.orders.dynamodb.order.OrderCodec;
import dev.orders.lambda.json.Json;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An order event as the service publishes it on its bus: the public contract of docs/EVENTS.md
 * ("Published events") and docs/events/*.schema.json. {@code detail} is
 * {@code {metadata: {eventId, orderId, customerId, version, occurredAt, correlationId, schemaVersion}, data}};
 * every field comes from the event row, so a redelivery publishes exactly the same envelope.
 */
record EventEnvelope(String orderId, String source, String detailType, List<String> resources, Instant time,
                     String detail) {
    /** The envelope's version: a change that breaks a consumer gets a new one, announced in the docs. */
    static final String SCHEMA_VERSION = "1";
    /** EventBridge's limit of one entry, and of all entries of one PutEvents request together. */
    static final int MAX_SIZE = 256 * 1024;
    /** What EventBridge counts for an entry's Time, whatever its value. */
    private static final int TIME_SIZE = 14;

    static EventEnvelope of(OrderEvent event, String correlationId, String source) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("eventId", OrderCodec.eventId(event.orderId(), event.version()));
        metadata.put("orderId", event.orderId());
        metadata.put("customerId", event.customerId());
        metadata.put("version", event.version());
        metadata.put("occurredAt", Timestamps.format(event.at()));
        metadata.put("correlationId", correlationId);
        metadata.put("schemaVersion", SCHEMA_VERSION);
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("metadata", metadata);
        detail.put("data", event.change().data());
        return new EventEnvelope(event.orderId(), source, event.type(), List.of(event.orderId()), event.at(),
                Json.write(detail));
    }

    /** The entry's size as EventBridge counts it against {@link #MAX_SIZE}. */
    int size() {
        int size = TIME_SIZE + bytes(source) + bytes(detailType) + bytes(detail);
        for (String resource : resources) {
            size += bytes(resource);
        }
        return size;
    }

    private static int bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
