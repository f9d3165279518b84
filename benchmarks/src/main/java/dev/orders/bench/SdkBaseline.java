package dev.orders.bench;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The program a user writes first, in a fresh JVM: a DynamoDB client with every SDK default (region
 * and credential chains, the default Apache HTTP client), only the endpoint set to DynamoDB Local,
 * and the DynamoDB request a function's route makes. Prints the time since JVM start.
 * Usage: {@code SdkBaseline TABLE get-item|query|transact|get-then-transact}.
 */
public final class SdkBaseline {
    private SdkBaseline() {
    }

    public static void main(String[] args) {
        String table = args[0];
        DynamoDbClient client = DynamoDbClient.builder()
                .endpointOverride(URI.create(System.getenv("AWS_ENDPOINT_URL_DYNAMODB")))
                .build();
        Map<String, AttributeValue> root = BenchData.key("ORDER#" + BenchData.ORDER, "ROOT");
        switch (args[1]) {
            case "get-item" -> client.getItem(b -> b.tableName(table).key(BenchData.key("CUSTOMER#" + BenchData.CUSTOMER, "PROFILE"))
                    .consistentRead(true));
            case "query" -> client.query(b -> b.tableName(table).consistentRead(true)
                    .keyConditionExpression("PK = :pk AND SK BETWEEN :a AND :b")
                    .expressionAttributeValues(Map.of(":pk", BenchData.s("ORDER#" + BenchData.ORDER), ":a", BenchData.s("ITEM#"), ":b", BenchData.s("ROOT"))));
            case "transact" -> client.transactWriteItems(b -> b.transactItems(
                    BenchData.put(table, "ORDER#new", "ROOT"), BenchData.put(table, "ORDER#new", "HISTORY#0000000001"),
                    BenchData.put(table, "ORDER#new", "ITEM#1"), BenchData.put(table, "ORDER#new", "ITEM#2"),
                    BenchData.put(table, "CUSTOMER#" + BenchData.CUSTOMER, "IDEMPOTENCY#new")));
            case "get-then-transact" -> {
                client.getItem(b -> b.tableName(table).key(root).consistentRead(true));
                client.transactWriteItems(b -> b.transactItems(
                        TransactWriteItem.builder().update(u -> u.tableName(table).key(root)
                                .updateExpression("SET version = version + :one")
                                .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1")))).build(),
                        BenchData.put(table, "ORDER#" + BenchData.ORDER, "HISTORY#0000000002")));
            }
            default -> throw new IllegalArgumentException("unknown request " + args[1]);
        }
        long sinceJvmStart = System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
        System.out.println("first-response-ms=" + sinceJvmStart);
        System.exit(0);
    }
}
