package dev.orders.model.dynamo;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

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
}
