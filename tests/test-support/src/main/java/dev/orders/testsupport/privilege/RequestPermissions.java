package dev.orders.testsupport.privilege;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * The permissions IAM evaluates for one SDK request: {@code dynamodb:<Operation>} on the table, or on its
 * index for a Query or Scan of one; for a transaction, the action of each of its items (Put → PutItem,
 * Update → UpdateItem, Delete → DeleteItem, ConditionCheck → ConditionCheckItem, Get → GetItem), as
 * DynamoDB authorises them; {@code secretsmanager:GetSecretValue} on the secret; {@code events:PutEvents}
 * on the bus of each entry. A request it cannot map fails the call, so no call goes unchecked.
 */
final class RequestPermissions {
    private RequestPermissions() {
    }

    /** {@code service} and {@code operation} as the SDK names them in its execution attributes. */
    static List<Permission> of(SdkRequest request, String service, String operation, NamedResources names) {
        return switch (service) {
            case "DynamoDb" -> dynamoDb((DynamoDbRequest) request, operation, names);
            case "SecretsManager" -> List.of(new Permission("secretsmanager:" + operation,
                    names.secret(field(request, "SecretId", operation))));
            case "EventBridge" -> eventBridge(request, operation, names);
            default -> throw unmapped(service, operation);
        };
    }

    private static List<Permission> dynamoDb(DynamoDbRequest request, String operation, NamedResources names) {
        if (request instanceof TransactWriteItemsRequest transaction) {
            return transaction.transactItems().stream().map(item -> transactWrite(item, names)).toList();
        }
        if (request instanceof TransactGetItemsRequest transaction) {
            return transaction.transactItems().stream()
                    .map(item -> dynamoDb("GetItem", names.table(item.get().tableName()))).toList();
        }
        if (request instanceof BatchGetItemRequest batch) {
            return batch.requestItems().keySet().stream().map(table -> dynamoDb(operation, names.table(table))).toList();
        }
        if (request instanceof BatchWriteItemRequest batch) {
            return batch.requestItems().keySet().stream().map(table -> dynamoDb(operation, names.table(table))).toList();
        }
        if (request instanceof QueryRequest query) {
            return List.of(dynamoDb(operation, query.indexName() == null ? names.table(query.tableName())
                    : names.index(query.tableName(), query.indexName())));
        }
        if (request instanceof ScanRequest scan) {
            return List.of(dynamoDb(operation, scan.indexName() == null ? names.table(scan.tableName())
                    : names.index(scan.tableName(), scan.indexName())));
        }
        if (request instanceof ExecuteStatementRequest || request instanceof BatchExecuteStatementRequest
                || request instanceof ExecuteTransactionRequest) {
            // PartiQL's actions (dynamodb:PartiQLSelect, ...) depend on the statement's text.
            throw unmapped("DynamoDb", operation);
        }
        Optional<String> table = request.getValueForField("TableName", String.class);
        return List.of(dynamoDb(operation, names.table(table.orElseThrow(() -> unmapped("DynamoDb", operation)))));
    }

    private static Permission transactWrite(TransactWriteItem item, NamedResources names) {
        if (item.put() != null) {
            return dynamoDb("PutItem", names.table(item.put().tableName()));
        }
        if (item.update() != null) {
            return dynamoDb("UpdateItem", names.table(item.update().tableName()));
        }
        if (item.delete() != null) {
            return dynamoDb("DeleteItem", names.table(item.delete().tableName()));
        }
        if (item.conditionCheck() != null) {
            return dynamoDb("ConditionCheckItem", names.table(item.conditionCheck().tableName()));
        }
        throw new IllegalStateException("a TransactWriteItems item with no action: " + item);
    }

    private static Permission dynamoDb(String action, String resource) {
        return new Permission("dynamodb:" + action, resource);
    }

    /** PutEvents: each entry is authorised on its own bus (none: the default bus). */
    private static List<Permission> eventBridge(SdkRequest request, String operation, NamedResources names) {
        if (!"PutEvents".equals(operation)) {
            throw unmapped("EventBridge", operation);
        }
        List<Permission> permissions = new ArrayList<>();
        for (Object entry : request.getValueForField("Entries", List.class).orElse(List.of())) {
            String bus = pojoField((SdkPojo) entry, "EventBusName");
            permissions.add(new Permission("events:PutEvents", names.eventBus(bus)));
        }
        return permissions;
    }

    private static String field(SdkRequest request, String name, String operation) {
        return request.getValueForField(name, String.class)
                .orElseThrow(() -> new IllegalStateException(operation + " without " + name));
    }

    private static String pojoField(SdkPojo pojo, String name) {
        for (SdkField<?> field : pojo.sdkFields()) {
            if (field.memberName().equals(name)) {
                Object value = field.getValueOrDefault(pojo);
                return value == null ? null : value.toString();
            }
        }
        throw new IllegalStateException(pojo.getClass().getSimpleName() + " has no field " + name);
    }

    private static IllegalStateException unmapped(String service, String operation) {
        return new IllegalStateException("PrivilegeRecorder knows no IAM action for " + service + " " + operation
                + ": teach RequestPermissions (test-support) which permission it needs");
    }
}
