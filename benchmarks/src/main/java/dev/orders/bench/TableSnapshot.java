package dev.orders.bench;

import dev.orders.dynamodb.keys.Keys;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A table's items as they were at one moment, and the writes that put them back: each write that section 7 times
 * meets the state its sample's scene seeded, not the one the write before it left.
 */
final class TableSnapshot {
    /** DynamoDB's most requests of one BatchWriteItem. */
    private static final int BATCH = 25;

    private final DynamoDbClient client;
    private final String tableName;
    private final Map<Map<String, AttributeValue>, Map<String, AttributeValue>> itemsByKey;

    private TableSnapshot(DynamoDbClient client, String tableName,
                          Map<Map<String, AttributeValue>, Map<String, AttributeValue>> itemsByKey) {
        this.client = client;
        this.tableName = tableName;
        this.itemsByKey = itemsByKey;
    }

    static TableSnapshot of(DynamoDbClient client, String tableName) {
        return new TableSnapshot(client, tableName, itemsByKey(client, tableName));
    }

    /** Deletes the items written since the snapshot and puts back those changed or deleted since. */
    void restore() {
        Map<Map<String, AttributeValue>, Map<String, AttributeValue>> now = itemsByKey(client, tableName);
        List<WriteRequest> writes = new ArrayList<>();
        now.keySet().stream().filter(key -> !itemsByKey.containsKey(key))
                .forEach(key -> writes.add(WriteRequest.builder().deleteRequest(delete -> delete.key(key)).build()));
        itemsByKey.forEach((key, item) -> {
            if (!item.equals(now.get(key))) {
                writes.add(WriteRequest.builder().putRequest(put -> put.item(item)).build());
            }
        });
        for (int from = 0; from < writes.size(); from += BATCH) {
            Map<String, List<WriteRequest>> pending = Map.of(tableName,
                    writes.subList(from, Math.min(from + BATCH, writes.size())));
            while (!pending.isEmpty()) {
                Map<String, List<WriteRequest>> batch = pending;
                pending = client.batchWriteItem(request -> request.requestItems(batch)).unprocessedItems();
            }
        }
    }

    private static Map<Map<String, AttributeValue>, Map<String, AttributeValue>> itemsByKey(DynamoDbClient client,
                                                                                           String tableName) {
        Map<Map<String, AttributeValue>, Map<String, AttributeValue>> items = new HashMap<>();
        client.scanPaginator(scan -> scan.tableName(tableName).consistentRead(true)).items()
                .forEach(item -> items.put(Map.of(Keys.PK, item.get(Keys.PK), Keys.SK, item.get(Keys.SK)), item));
        return items;
    }
}
