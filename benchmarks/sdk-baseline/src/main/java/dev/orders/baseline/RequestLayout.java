package dev.orders.baseline;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Which fields of each recorded operation's request are carried, in the order they are in the file: one walk of
 * a request's parts serves both writing (from the recorded request) and reading (into a new one), so the two
 * cannot disagree. A field not named here is not carried; {@link RecordedRequests#write} refuses a request with one.
 */
final class RequestLayout {
    private RequestLayout() {
    }

    static GetItemRequest getItem(RequestFields f, GetItemRequest r) throws IOException {
        return GetItemRequest.builder().tableName(f.table(r.tableName()))
                .key(f.item(ifSet(r.hasKey(), r.key())))
                .consistentRead(f.bool(r.consistentRead()))
                .projectionExpression(f.string(r.projectionExpression()))
                .expressionAttributeNames(f.names(ifSet(r.hasExpressionAttributeNames(), r.expressionAttributeNames())))
                .build();
    }

    static QueryRequest query(RequestFields f, QueryRequest r) throws IOException {
        return QueryRequest.builder().tableName(f.table(r.tableName()))
                .indexName(f.string(r.indexName()))
                .select(f.string(r.selectAsString()))
                .limit(f.integer(r.limit()))
                .consistentRead(f.bool(r.consistentRead()))
                .scanIndexForward(f.bool(r.scanIndexForward()))
                .exclusiveStartKey(f.item(ifSet(r.hasExclusiveStartKey(), r.exclusiveStartKey())))
                .keyConditionExpression(f.string(r.keyConditionExpression()))
                .filterExpression(f.string(r.filterExpression()))
                .projectionExpression(f.string(r.projectionExpression()))
                .expressionAttributeNames(f.names(ifSet(r.hasExpressionAttributeNames(), r.expressionAttributeNames())))
                .expressionAttributeValues(f.item(ifSet(r.hasExpressionAttributeValues(), r.expressionAttributeValues())))
                .build();
    }

    static BatchGetItemRequest batchGetItem(RequestFields f, BatchGetItemRequest r) throws IOException {
        List<Map.Entry<String, KeysAndAttributes>> recorded = List.copyOf(r.requestItems().entrySet());
        int tables = f.count(recorded.size());
        Map<String, KeysAndAttributes> requestItems = new LinkedHashMap<>();
        for (int i = 0; i < tables; i++) {
            Map.Entry<String, KeysAndAttributes> entry =
                    i < recorded.size() ? recorded.get(i) : Map.entry("", KeysAndAttributes.builder().build());
            requestItems.put(f.table(entry.getKey()), keysAndAttributes(f, entry.getValue()));
        }
        return BatchGetItemRequest.builder().requestItems(requestItems).build();
    }

    private static KeysAndAttributes keysAndAttributes(RequestFields f, KeysAndAttributes r) throws IOException {
        return KeysAndAttributes.builder()
                .keys(list(f, r.keys(), Map.of(), RequestFields::item))
                .consistentRead(f.bool(r.consistentRead()))
                .projectionExpression(f.string(r.projectionExpression()))
                .expressionAttributeNames(f.names(ifSet(r.hasExpressionAttributeNames(), r.expressionAttributeNames())))
                .build();
    }

    static PutItemRequest putItem(RequestFields f, PutItemRequest r) throws IOException {
        return PutItemRequest.builder().tableName(f.table(r.tableName()))
                .item(f.item(ifSet(r.hasItem(), r.item())))
                .conditionExpression(f.string(r.conditionExpression()))
                .expressionAttributeNames(f.names(ifSet(r.hasExpressionAttributeNames(), r.expressionAttributeNames())))
                .expressionAttributeValues(f.item(ifSet(r.hasExpressionAttributeValues(), r.expressionAttributeValues())))
                .returnValues(f.string(r.returnValuesAsString()))
                .returnValuesOnConditionCheckFailure(f.string(r.returnValuesOnConditionCheckFailureAsString()))
                .build();
    }

    static UpdateItemRequest updateItem(RequestFields f, UpdateItemRequest r) throws IOException {
        return UpdateItemRequest.builder().tableName(f.table(r.tableName()))
                .key(f.item(ifSet(r.hasKey(), r.key())))
                .updateExpression(f.string(r.updateExpression()))
                .conditionExpression(f.string(r.conditionExpression()))
                .expressionAttributeNames(f.names(ifSet(r.hasExpressionAttributeNames(), r.expressionAttributeNames())))
                .expressionAttributeValues(f.item(ifSet(r.hasExpressionAttributeValues(), r.expressionAttributeValues())))
                .returnValues(f.string(r.returnValuesAsString()))
                .returnValuesOnConditionCheckFailure(f.string(r.returnValuesOnConditionCheckFailureAsString()))
                .build();
    }

    static DeleteItemRequest deleteItem(RequestFields f, DeleteItemRequest r) throws IOException {
        return DeleteItemRequest.builder().tableName(f.table(r.tableName()))
                .key(f.item(ifSet(r.hasKey(), r.key())))
                .conditionExpression(f.string(r.conditionExpression()))
                .expressionAttributeNames(f.names(ifSet(r.hasExpressionAttributeNames(), r.expressionAttributeNames())))
                .expressionAttributeValues(f.item(ifSet(r.hasExpressionAttributeValues(), r.expressionAttributeValues())))
                .returnValues(f.string(r.returnValuesAsString()))
                .returnValuesOnConditionCheckFailure(f.string(r.returnValuesOnConditionCheckFailureAsString()))
                .build();
    }

    static TransactWriteItemsRequest transactWriteItems(RequestFields f, TransactWriteItemsRequest r)
            throws IOException {
        return TransactWriteItemsRequest.builder()
                .transactItems(list(f, r.transactItems(), TransactWriteItem.builder().build(),
                        RequestLayout::action))
                .clientRequestToken(f.token(r.clientRequestToken()))
                .build();
    }

    /** One action of a transaction: exactly one of its four kinds is set. */
    private static TransactWriteItem action(RequestFields f, TransactWriteItem a) throws IOException {
        return TransactWriteItem.builder()
                .put(optional(f, a.put(), Put.builder().build(), RequestLayout::put))
                .update(optional(f, a.update(), Update.builder().build(), RequestLayout::update))
                .delete(optional(f, a.delete(), Delete.builder().build(), RequestLayout::delete))
                .conditionCheck(optional(f, a.conditionCheck(), ConditionCheck.builder().build(),
                        RequestLayout::conditionCheck))
                .build();
    }

    private static Put put(RequestFields f, Put p) throws IOException {
        return Put.builder().tableName(f.table(p.tableName()))
                .item(f.item(ifSet(p.hasItem(), p.item())))
                .conditionExpression(f.string(p.conditionExpression()))
                .expressionAttributeNames(f.names(ifSet(p.hasExpressionAttributeNames(), p.expressionAttributeNames())))
                .expressionAttributeValues(f.item(ifSet(p.hasExpressionAttributeValues(), p.expressionAttributeValues())))
                .returnValuesOnConditionCheckFailure(f.string(p.returnValuesOnConditionCheckFailureAsString()))
                .build();
    }

    private static Update update(RequestFields f, Update u) throws IOException {
        return Update.builder().tableName(f.table(u.tableName()))
                .key(f.item(ifSet(u.hasKey(), u.key())))
                .updateExpression(f.string(u.updateExpression()))
                .conditionExpression(f.string(u.conditionExpression()))
                .expressionAttributeNames(f.names(ifSet(u.hasExpressionAttributeNames(), u.expressionAttributeNames())))
                .expressionAttributeValues(f.item(ifSet(u.hasExpressionAttributeValues(), u.expressionAttributeValues())))
                .returnValuesOnConditionCheckFailure(f.string(u.returnValuesOnConditionCheckFailureAsString()))
                .build();
    }

    private static Delete delete(RequestFields f, Delete d) throws IOException {
        return Delete.builder().tableName(f.table(d.tableName()))
                .key(f.item(ifSet(d.hasKey(), d.key())))
                .conditionExpression(f.string(d.conditionExpression()))
                .expressionAttributeNames(f.names(ifSet(d.hasExpressionAttributeNames(), d.expressionAttributeNames())))
                .expressionAttributeValues(f.item(ifSet(d.hasExpressionAttributeValues(), d.expressionAttributeValues())))
                .returnValuesOnConditionCheckFailure(f.string(d.returnValuesOnConditionCheckFailureAsString()))
                .build();
    }

    private static ConditionCheck conditionCheck(RequestFields f, ConditionCheck c) throws IOException {
        return ConditionCheck.builder().tableName(f.table(c.tableName()))
                .key(f.item(ifSet(c.hasKey(), c.key())))
                .conditionExpression(f.string(c.conditionExpression()))
                .expressionAttributeNames(f.names(ifSet(c.hasExpressionAttributeNames(), c.expressionAttributeNames())))
                .expressionAttributeValues(f.item(ifSet(c.hasExpressionAttributeValues(), c.expressionAttributeValues())))
                .returnValuesOnConditionCheckFailure(f.string(c.returnValuesOnConditionCheckFailureAsString()))
                .build();
    }

    /** The SDK answers an unset map or list as an empty one; an unset one is written as absent. */
    private static <T> T ifSet(boolean set, T value) {
        return set ? value : null;
    }

    /** One part of a request, written from the recorded one or read into a new one. */
    @FunctionalInterface
    interface Part<T> {
        T of(RequestFields f, T recorded) throws IOException;
    }

    /** A part that may be absent; {@code empty} stands for the recorded one when reading. */
    private static <T> T optional(RequestFields f, T recorded, T empty, Part<T> part) throws IOException {
        return f.present(recorded != null) ? part.of(f, recorded != null ? recorded : empty) : null;
    }

    /** The elements of a list, as many as recorded (written) or as were written (read). */
    private static <T> List<T> list(RequestFields f, List<T> recorded, T empty, Part<T> element) throws IOException {
        int count = f.count(recorded.size());
        List<T> elements = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            elements.add(element.of(f, i < recorded.size() ? recorded.get(i) : empty));
        }
        return elements;
    }
}
