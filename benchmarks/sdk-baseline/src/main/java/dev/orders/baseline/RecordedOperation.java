package dev.orders.baseline;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * An operation the functions make that can be recorded and sent again: its request's type, the fields of it that
 * are carried ({@link RequestLayout}) and the client's method that sends it. One table of them, so that what can
 * be recorded and what can be sent are the same operations.
 *
 * @param empty what the layout walks when reading, in place of a recorded request (the reader ignores its fields)
 */
record RecordedOperation<R extends DynamoDbRequest>(Class<R> type, R empty, RequestLayout.Part<R> layout,
                                                    BiConsumer<DynamoDbClient, R> clientMethod) {
    private static final List<RecordedOperation<?>> ALL = List.of(
            new RecordedOperation<>(GetItemRequest.class, GetItemRequest.builder().build(), RequestLayout::getItem,
                    DynamoDbClient::getItem),
            new RecordedOperation<>(QueryRequest.class, QueryRequest.builder().build(), RequestLayout::query,
                    DynamoDbClient::query),
            new RecordedOperation<>(BatchGetItemRequest.class, BatchGetItemRequest.builder().build(),
                    RequestLayout::batchGetItem, DynamoDbClient::batchGetItem),
            new RecordedOperation<>(PutItemRequest.class, PutItemRequest.builder().build(), RequestLayout::putItem,
                    DynamoDbClient::putItem),
            new RecordedOperation<>(UpdateItemRequest.class, UpdateItemRequest.builder().build(),
                    RequestLayout::updateItem, DynamoDbClient::updateItem),
            new RecordedOperation<>(DeleteItemRequest.class, DeleteItemRequest.builder().build(),
                    RequestLayout::deleteItem, DynamoDbClient::deleteItem),
            new RecordedOperation<>(TransactWriteItemsRequest.class, TransactWriteItemsRequest.builder().build(),
                    RequestLayout::transactWriteItems, DynamoDbClient::transactWriteItems));

    /** The operation named {@code name}, e.g. {@code GetItem}, if it is one of the table. */
    static Optional<RecordedOperation<?>> named(String name) {
        return ALL.stream().filter(operation -> operation.name().equals(name)).findFirst();
    }

    /** The operation {@code request} is of, if it is one of the table. */
    static Optional<RecordedOperation<?>> of(SdkRequest request) {
        return ALL.stream().filter(operation -> operation.type.isInstance(request)).findFirst();
    }

    /** The DynamoDB operation a request of {@code type} makes, e.g. {@code GetItem}. */
    static String name(Class<?> type) {
        return type.getSimpleName().replace("Request", "");
    }

    String name() {
        return name(type);
    }

    /** The carried fields of {@code recorded} (writing), or of a request read into an empty one (reading, null). */
    R fields(RequestFields f, SdkRequest recorded) throws IOException {
        return layout.of(f, type.isInstance(recorded) ? type.cast(recorded) : empty);
    }

    void send(DynamoDbClient client, SdkRequest request) {
        clientMethod.accept(client, type.cast(request));
    }
}
