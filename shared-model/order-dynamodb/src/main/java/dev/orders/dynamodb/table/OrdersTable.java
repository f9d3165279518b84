package dev.orders.dynamodb.table;

import dev.orders.application.RetryPause;
import dev.orders.application.port.WriteConflictException;
import dev.orders.dynamodb.keys.Keys;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * The gateway to the orders table: every request the repositories make goes through here, with
 * the table's name filled in. Conditional writes answer what refused them instead of throwing.
 */
public final class OrdersTable {
    public static final int DEFAULT_STATUS_SHARDS = 1;
    public static final int MAX_STATUS_SHARDS = 32;
    /** DynamoDB's limit of keys in one BatchGetItem. */
    public static final int MAX_BATCH_GET_KEYS = 100;
    /** Rounds of one BatchGetItem, the first included, before keys DynamoDB keeps leaving unprocessed are given up. */
    public static final int BATCH_GET_ATTEMPTS = 4;
    /** The condition of a row that must be new: no item holds its key. */
    static final String NO_ITEM = "attribute_not_exists(#pk)";
    /** Every entity's time of creation and of its last change, as {@link #upsert} keeps them. */
    public static final String CREATED_AT = "createdAt";
    public static final String UPDATED_AT = "updatedAt";
    static final Map<String, String> NO_ITEM_NAMES = Map.of("#pk", Keys.PK);

    private final DynamoDbClient client;
    private final String tableName;
    private final int statusShards;

    /**
     * @param statusShards partitions per status in the global status feed; may be raised later
     *                     (readers fan out over every shard below it, old orders stay found), never lowered.
     */
    public OrdersTable(DynamoDbClient client, String tableName, int statusShards) {
        if (tableName == null || tableName.isBlank()) {
            throw new IllegalArgumentException("table name is required");
        }
        if (statusShards < 1 || statusShards > MAX_STATUS_SHARDS) {
            throw new IllegalArgumentException("status shards must be 1.." + MAX_STATUS_SHARDS);
        }
        this.client = client;
        this.tableName = tableName;
        this.statusShards = statusShards;
    }

    public OrdersTable(DynamoDbClient client, String tableName) {
        this(client, tableName, DEFAULT_STATUS_SHARDS);
    }

    public String tableName() {
        return tableName;
    }

    public int statusShards() {
        return statusShards;
    }

    /** A strongly consistent GetItem: reads that decide a write must see the latest write. */
    public Optional<Map<String, AttributeValue>> getItem(Map<String, AttributeValue> key) {
        GetItemResponse response = client.getItem(b -> b.tableName(tableName).key(key).consistentRead(true));
        return response.hasItem() && !response.item().isEmpty() ? Optional.of(response.item()) : Optional.empty();
    }

    /**
     * The items at {@code keys} (distinct, at most {@value #MAX_BATCH_GET_KEYS}) with one BatchGetItem,
     * strongly consistent; a key without an item is simply not answered. Keys DynamoDB leaves unprocessed
     * (throttling, or an answer over 16 MB) are asked for again after a backoff, a bounded number of
     * times, and if some are left even then the read fails with {@link UnprocessedKeysException}: a
     * partial answer never passes for items that do not exist.
     */
    public List<Map<String, AttributeValue>> batchGetItems(List<Map<String, AttributeValue>> keys) {
        if (keys.size() > MAX_BATCH_GET_KEYS) {
            throw new IllegalArgumentException("a BatchGetItem of " + keys.size() + " keys exceeds " + MAX_BATCH_GET_KEYS);
        }
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        KeysAndAttributes pending = KeysAndAttributes.builder().keys(keys).consistentRead(true).build();
        for (int attempt = 1; !pending.keys().isEmpty(); attempt++) {
            KeysAndAttributes asked = pending;
            BatchGetItemResponse response = client.batchGetItem(b -> b.requestItems(Map.of(tableName, asked)));
            items.addAll(response.responses().getOrDefault(tableName, List.of()));
            KeysAndAttributes unprocessed = response.unprocessedKeys().get(tableName);
            if (unprocessed == null || unprocessed.keys().isEmpty()) {
                break;
            }
            if (attempt == BATCH_GET_ATTEMPTS) {
                throw new UnprocessedKeysException(unprocessed.keys().size() + " of " + keys.size()
                        + " keys were still unprocessed after " + attempt + " attempts");
            }
            if (!RetryPause.before(attempt + 1)) {
                throw new UnprocessedKeysException("interrupted while waiting to ask again for unprocessed keys");
            }
            pending = unprocessed.toBuilder().consistentRead(true).build();
        }
        return items;
    }

    /** One Query page of the table or one of its indexes. */
    public QueryResponse query(Consumer<QueryRequest.Builder> request) {
        return client.query(b -> request.accept(b.tableName(tableName)));
    }

    /** Puts {@code item} only where no item holds its key. */
    public ConditionalWrite putNew(Map<String, AttributeValue> item) {
        return put(item, NO_ITEM, NO_ITEM_NAMES, Map.of());
    }

    /** A PutItem on {@code condition}; refused with the item that failed it. */
    public ConditionalWrite put(Map<String, AttributeValue> item, String condition, Map<String, String> names,
                                Map<String, AttributeValue> values) {
        try {
            client.putItem(b -> b.tableName(tableName).item(item)
                    .conditionExpression(condition)
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(orAbsent(values))
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD));
            return new ConditionalWrite.Written(Map.of());
        } catch (ConditionalCheckFailedException e) {
            return new ConditionalWrite.Refused(e.hasItem() ? e.item() : Map.of());
        } catch (TransactionConflictException e) {
            throw new WriteConflictException("a transaction in progress holds the item", e);
        }
    }

    /**
     * An UpdateItem on {@code condition}; written with the attributes it set as they were before (none when the
     * item is new), or refused with the item. {@code UPDATED_OLD}, not {@code ALL_OLD}: both answer that on
     * DynamoDB, but Dynoxide answers ALL_OLD of a new item with its key attributes.
     */
    public ConditionalWrite update(Map<String, AttributeValue> key, String update, String condition,
                                   Map<String, String> names, Map<String, AttributeValue> values) {
        try {
            UpdateItemResponse response = client.updateItem(b -> b.tableName(tableName).key(key)
                    .updateExpression(update)
                    .conditionExpression(condition)
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(orAbsent(values))
                    .returnValues(ReturnValue.UPDATED_OLD)
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD));
            return new ConditionalWrite.Written(response.hasAttributes() ? response.attributes() : Map.of());
        } catch (ConditionalCheckFailedException e) {
            return new ConditionalWrite.Refused(e.hasItem() ? e.item() : Map.of());
        } catch (TransactionConflictException e) {
            throw new WriteConflictException("a transaction in progress holds the item", e);
        }
    }

    /**
     * Creates or replaces the entity of {@code type} at {@code key} in one UpdateItem: {@code attributes}
     * set, {@value #UPDATED_AT} now, {@value #CREATED_AT} only on the first write. An update, not a put, so
     * attributes this code does not know (written by a newer version) survive. A key that holds an item
     * of another type is refused as corrupt data. Answers the entity as it was (every attribute it sets, so
     * all but the key); empty when it is new.
     */
    public Map<String, AttributeValue> upsert(Map<String, AttributeValue> key, EntityType type,
                                              Map<String, AttributeValue> attributes, Instant now) {
        Map<String, String> names = new HashMap<>(Map.of("#pk", Keys.PK, "#type", EntityType.ATTRIBUTE,
                "#updated", UPDATED_AT, "#created", CREATED_AT));
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":type", Attrs.s(type), ":now", Attrs.time(now)));
        StringBuilder update =
                new StringBuilder("SET #type = :type, #updated = :now, #created = if_not_exists(#created, :now)");
        attributes.forEach((name, value) -> {
            String placeholder = "a" + names.size();
            names.put("#" + placeholder, name);
            values.put(":" + placeholder, value);
            update.append(", #").append(placeholder).append(" = :").append(placeholder);
        });
        ConditionalWrite write = update(key, update.toString(), "attribute_not_exists(#pk) OR #type = :type",
                names, values);
        if (write instanceof ConditionalWrite.Refused refused) {
            ItemReader.of(refused.holder(), type); // throws, naming the type the key holds
            throw new CorruptItemException("the " + type + " at " + key + " refused an update");
        }
        return ((ConditionalWrite.Written) write).before();
    }

    /** A new transaction on this table; nothing is sent before {@link Transaction#commit()}. */
    public Transaction transaction() {
        return new Transaction(client, tableName);
    }

    /** DynamoDB refuses an empty map of expression values; no map is sent instead. */
    static Map<String, AttributeValue> orAbsent(Map<String, AttributeValue> values) {
        return values.isEmpty() ? null : values;
    }
}
