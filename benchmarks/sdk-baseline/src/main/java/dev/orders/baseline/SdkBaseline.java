package dev.orders.baseline;

import static dev.orders.baseline.RawRequests.key;
import static dev.orders.baseline.RawRequests.put;
import static dev.orders.baseline.RawRequests.s;

import java.lang.management.ManagementFactory;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The program a user writes first, in a fresh JVM on a classpath of the SDK alone:
 * {@code DynamoDbClient.create()} with every default (region and credential chains, the default Apache
 * HTTP client; Dynoxide's endpoint from the standard AWS_ENDPOINT_URL_DYNAMODB), then the
 * DynamoDB request a function's route makes. Prints the time since JVM start.
 * Usage: {@code SdkBaseline TABLE get-item|query|batch-get-then-transact|get-then-transact CUSTOMER_ID ORDER_ID}.
 */
public final class SdkBaseline {
    private SdkBaseline() {
    }

    public static void main(String[] args) {
        String table = args[0];
        String customer = "CUSTOMER#" + args[2];
        String order = "ORDER#" + args[3];
        DynamoDbClient client = DynamoDbClient.create();
        Map<String, AttributeValue> root = key(order, "ROOT");
        switch (args[1]) {
            case "get-item" -> client.getItem(b -> b.tableName(table).key(key(customer, "PROFILE"))
                    .consistentRead(true));
            case "query" -> client.query(b -> b.tableName(table).consistentRead(true)
                    .keyConditionExpression("PK = :pk AND SK BETWEEN :a AND :b")
                    .expressionAttributeValues(Map.of(":pk", s(order), ":a", s("ITEM#"), ":b", s("ROOT"))));
            case "batch-get-then-transact" -> {
                client.batchGetItem(b -> b.requestItems(Map.of(table, KeysAndAttributes.builder().consistentRead(true)
                        .keys(key("PRODUCT#MUG-BLUE", "PRODUCT"), key("PRODUCT#TEA-EARL-100G", "PRODUCT")).build())));
                client.transactWriteItems(b -> b.transactItems(
                        put(table, "ORDER#new", "ROOT"), put(table, "ORDER#new", "EVENT#0000000001"),
                        put(table, "ORDER#new", "ITEM#1"), put(table, "ORDER#new", "ITEM#2"),
                        put(table, customer, "IDEMPOTENCY#new")));
            }
            case "get-then-transact" -> {
                client.getItem(b -> b.tableName(table).key(root).consistentRead(true));
                client.transactWriteItems(b -> b.transactItems(
                        TransactWriteItem.builder().update(u -> u.tableName(table).key(root)
                                .updateExpression("SET version = version + :one")
                                .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1")))).build(),
                        put(table, order, "EVENT#0000000002")));
            }
            default -> throw new IllegalArgumentException("unknown request " + args[1]);
        }
        long sinceJvmStart = System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
        System.out.println("first-response-ms=" + sinceJvmStart);
        System.exit(0);
    }
}
