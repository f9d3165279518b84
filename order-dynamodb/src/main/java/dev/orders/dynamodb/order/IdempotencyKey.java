package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.s;

import dev.orders.core.validation.ValidationException;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.processed.ProcessedRecord;
import dev.orders.dynamodb.processed.ProcessedRecords;
import dev.orders.dynamodb.table.EntityType;
import dev.orders.dynamodb.table.ItemReader;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A client's Idempotency-Key: it names one change a customer asked for, on whichever route. Its
 * processed record, in the customer's partition, joins the transaction of the change and keeps the
 * fingerprint of the request and what its answer needs, so a retry answers as the first request did.
 */
record IdempotencyKey(String customerId, String value) {
    /** How long a key is remembered; DynamoDB TTL deletes the record some time after. */
    static final Duration RETENTION = Duration.ofHours(24);
    private static final Pattern VALID = Pattern.compile("[\\x21-\\x7E]{1,128}");
    private static final String FINGERPRINT = "fingerprint";

    /** The key the client sent, if any; refused unless it is 1 to 128 visible ASCII characters. */
    static Optional<IdempotencyKey> of(String customerId, Optional<String> header) {
        header.ifPresent(value -> {
            if (!VALID.matcher(value).matches()) {
                throw new ValidationException("Idempotency-Key", "must be 1 to 128 visible ASCII characters");
            }
        });
        return header.map(value -> new IdempotencyKey(customerId, value));
    }

    /** The record that this key was used for the request of {@code fingerprint}, holding {@code answer}. */
    ProcessedRecord record(ProcessedRecords records, String fingerprint, Map<String, AttributeValue> answer) {
        Map<String, AttributeValue> attributes = new HashMap<>(answer);
        attributes.put(FINGERPRINT, s(fingerprint));
        return records.record(recordKey(), EntityType.IDEMPOTENCY_KEY, attributes, RETENTION);
    }

    /** The live record of this key, read consistently. */
    Optional<ItemReader> find(ProcessedRecords records) {
        return records.find(recordKey(), EntityType.IDEMPOTENCY_KEY);
    }

    /** Whether {@code record} was written for the request of {@code fingerprint}, not another one. */
    static boolean sameRequest(ItemReader record, String fingerprint) {
        return record.string(FINGERPRINT).equals(fingerprint);
    }

    private Map<String, AttributeValue> recordKey() {
        return Map.of(Keys.PK, s(Keys.customerPk(customerId)), Keys.SK, s(Keys.idempotencySk(value)));
    }
}
