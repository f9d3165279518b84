package dev.orders.testsupport;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A freshly created orders table (from template.yaml's {@code OrdersTable}) that belongs to one
 * test method, and the client to reach it. Injected by {@link DynamoDbLocalExtension}.
 */
public record TestTable(String tableName, DynamoDbClient client) {
}
