package dev.orders.dynamodb.processed;

import static dev.orders.dynamodb.table.Attrs.n;
import static dev.orders.dynamodb.table.Attrs.s;

import dev.orders.dynamodb.table.EntityType;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The record that one request was processed: an idempotency key of an order creation or a line
 * addition, an event of the payment provider. Made by {@link ProcessedRecords#record}; it stays live
 * until {@code expiresAt}, after which DynamoDB's TTL deletes it and the same request would be
 * processed again, or for good without one (no TTL attribute).
 */
public record ProcessedRecord(Map<String, AttributeValue> key, EntityType type, Map<String, AttributeValue> attributes,
                              Instant writtenAt, Optional<Instant> expiresAt) {
    public ProcessedRecord {
        key = Map.copyOf(key);
        attributes = Map.copyOf(attributes);
    }

    Map<String, AttributeValue> item() {
        Map<String, AttributeValue> item = new HashMap<>(attributes);
        item.putAll(key);
        item.put(EntityType.ATTRIBUTE, s(type));
        expiresAt.ifPresent(at -> item.put(ProcessedRecords.EXPIRES_AT, n(at.getEpochSecond())));
        return item;
    }
}
