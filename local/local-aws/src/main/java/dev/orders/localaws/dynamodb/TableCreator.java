package dev.orders.localaws.dynamodb;

import java.time.Duration;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/** Creates a table and returns once it can be used: it and its indexes ACTIVE, its TTL setting applied. */
public final class TableCreator {
    private static final Duration ACTIVE_TIMEOUT = Duration.ofSeconds(60);

    private TableCreator() {
    }

    /** Creates the table of {@code request}; returns the ACTIVE table's description. */
    public static TableDescription create(DynamoDbClient client, CreateTableRequest request, Optional<String> timeToLiveAttribute) {
        client.createTable(request);
        TableDescription table = awaitActive(client, request.tableName());
        timeToLiveAttribute.ifPresent(attribute -> client.updateTimeToLive(b -> b
                .tableName(request.tableName())
                .timeToLiveSpecification(t -> t.attributeName(attribute).enabled(true))));
        return table;
    }

    public static boolean exists(DynamoDbClient client, String tableName) {
        try {
            client.describeTable(b -> b.tableName(tableName));
            return true;
        } catch (ResourceNotFoundException e) {
            return false;
        }
    }

    /** Our own short polling, not the SDK waiter: that sleeps 20 s between checks, Dynoxide is ACTIVE at once. */
    private static TableDescription awaitActive(DynamoDbClient client, String tableName) {
        long deadline = System.nanoTime() + ACTIVE_TIMEOUT.toNanos();
        long sleepMillis = 20;
        while (true) {
            TableDescription table = client.describeTable(b -> b.tableName(tableName)).table();
            boolean indexesActive = table.globalSecondaryIndexes().stream().allMatch(i -> i.indexStatus() == IndexStatus.ACTIVE);
            if (table.tableStatus() == TableStatus.ACTIVE && indexesActive) {
                return table;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("table " + tableName + " not ACTIVE after " + ACTIVE_TIMEOUT + ": " + table.tableStatus());
            }
            try {
                Thread.sleep(sleepMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for table " + tableName, e);
            }
            sleepMillis = Math.min(sleepMillis * 2, 1000);
        }
    }
}
