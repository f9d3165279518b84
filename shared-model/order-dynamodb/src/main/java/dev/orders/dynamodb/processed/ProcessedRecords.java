package dev.orders.dynamodb.processed;

import static dev.orders.dynamodb.table.Attrs.n;

import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.table.ConditionalWrite;
import dev.orders.dynamodb.table.EntityType;
import dev.orders.dynamodb.table.ItemReader;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.dynamodb.table.Transaction;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The one store of processed records: idempotency keys of order creation and line addition, payment
 * events. A record is written only where no live record holds its key, in the same transaction as
 * the change it stands for or alone, so of any number of deliveries of one request, even concurrent
 * ones, exactly one makes the change. An expired record that TTL has not deleted yet counts as absent; a
 * record without {@code expiresAt} never expires (the condition's comparison with a missing attribute is false).
 */
public record ProcessedRecords(OrdersTable table, Clock clock) {
    /** The name of the record's action in a transaction it joins. */
    public static final String ACTION = "processed-record";
    static final String EXPIRES_AT = "expiresAt";
    private static final String ABSENT_OR_EXPIRED = "attribute_not_exists(#pk) OR #expires <= :now";
    private static final Map<String, String> NAMES = Map.of("#pk", Keys.PK, "#expires", EXPIRES_AT);

    /** A record of {@code type} at {@code key}, live for {@code retention} from now, or for good without one. */
    public ProcessedRecord record(Map<String, AttributeValue> key, EntityType type,
                                  Map<String, AttributeValue> attributes, Optional<Duration> retention) {
        Instant now = clock.instant();
        return new ProcessedRecord(key, type, attributes, now, retention.map(now::plus));
    }

    /** Adds the record to {@code transaction} as the action {@value #ACTION}. */
    public Transaction addTo(Transaction transaction, ProcessedRecord record) {
        return transaction.put(ACTION, record.item(), ABSENT_OR_EXPIRED, NAMES, condition(record));
    }

    /** Writes the record on its own; false when a live record holds its key. */
    public boolean putAlone(ProcessedRecord record) {
        return table.put(record.item(), ABSENT_OR_EXPIRED, NAMES, condition(record))
                instanceof ConditionalWrite.Written;
    }

    /** The live record at {@code key}, read consistently: one without {@code expiresAt} never expires. */
    public Optional<ItemReader> find(Map<String, AttributeValue> key, EntityType type) {
        long now = clock.instant().getEpochSecond();
        return table.getItem(key)
                .filter(item -> !item.containsKey(EXPIRES_AT) || Long.parseLong(item.get(EXPIRES_AT).n()) > now)
                .map(item -> ItemReader.of(item, type));
    }

    private static Map<String, AttributeValue> condition(ProcessedRecord record) {
        return Map.of(":now", n(record.writtenAt().getEpochSecond()));
    }
}
