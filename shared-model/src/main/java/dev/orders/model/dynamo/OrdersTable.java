package dev.orders.model.dynamo;

import dev.orders.model.keys.Keys;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The table the repositories work on.
 *
 * @param statusShards partitions per status in the global status feed; may be raised later (readers
 *                     fan out over every shard below it, old orders stay found), never lowered.
 */
public record OrdersTable(DynamoDbClient client, String tableName, int statusShards) {
    public static final int DEFAULT_STATUS_SHARDS = 1;
    public static final int MAX_STATUS_SHARDS = 32;

    public OrdersTable {
        if (tableName == null || tableName.isBlank()) {
            throw new IllegalArgumentException("table name is required");
        }
        if (statusShards < 1 || statusShards > MAX_STATUS_SHARDS) {
            throw new IllegalArgumentException("status shards must be 1.." + MAX_STATUS_SHARDS);
        }
    }

    public OrdersTable(DynamoDbClient client, String tableName) {
        this(client, tableName, DEFAULT_STATUS_SHARDS);
    }

    /** A transaction action that writes {@code item} only where no item is: new rows never overwrite. */
    public TransactWriteItem putNew(Map<String, AttributeValue> item) {
        return TransactWriteItem.builder().put(p -> p
                .tableName(tableName)
                .item(item)
                .conditionExpression("attribute_not_exists(#pk)")
                .expressionAttributeNames(Map.of("#pk", Keys.PK))).build();
    }

    /** A strongly consistent GetItem: reads that decide a write must see the latest write. */
    public Optional<Map<String, AttributeValue>> getItem(Map<String, AttributeValue> key) {
        GetItemResponse response = client.getItem(b -> b.tableName(tableName).key(key).consistentRead(true));
        return response.hasItem() && !response.item().isEmpty() ? Optional.of(response.item()) : Optional.empty();
    }
}
