package dev.orders.testsupport.faults;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * A client of Dynoxide that answers the first {@code withheld} BatchGetItems as throttled DynamoDB
 * does: the first key asked for is left in UnprocessedKeys, the others answered. Dynoxide never
 * does so. The reads and writes of the repositories pass through unchanged; BatchGetItems are counted.
 */
public final class UnprocessedKeysClient implements DynamoDbClient {
    private final DynamoDbClient delegate;
    private final AtomicInteger withheld;
    private final AtomicInteger batchGets = new AtomicInteger();

    public UnprocessedKeysClient(DynamoDbClient delegate, int withheld) {
        this.delegate = delegate;
        this.withheld = new AtomicInteger(withheld);
    }

    /** A client that leaves a key unprocessed in every BatchGetItem, however often it is asked again. */
    public static UnprocessedKeysClient always(DynamoDbClient delegate) {
        return new UnprocessedKeysClient(delegate, Integer.MAX_VALUE);
    }

    public int batchGets() {
        return batchGets.get();
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
        batchGets.incrementAndGet();
        if (withheld.getAndDecrement() <= 0) {
            return delegate.batchGetItem(request);
        }
        Map<String, KeysAndAttributes> asked = new HashMap<>();
        Map<String, KeysAndAttributes> unprocessed = new HashMap<>();
        request.requestItems().forEach((table, keys) -> {
            int size = keys.keys().size();
            unprocessed.put(table, keys.toBuilder().keys(keys.keys().subList(0, 1)).build());
            if (size > 1) {
                asked.put(table, keys.toBuilder().keys(keys.keys().subList(1, size)).build());
            }
        });
        BatchGetItemResponse answered = asked.isEmpty() ? BatchGetItemResponse.builder().build()
                : delegate.batchGetItem(request.toBuilder().requestItems(asked).build());
        return answered.toBuilder().unprocessedKeys(unprocessed).build();
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        return delegate.getItem(request);
    }

    @Override
    public QueryResponse query(QueryRequest request) {
        return delegate.query(request);
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        return delegate.putItem(request);
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest request) {
        return delegate.updateItem(request);
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
        return delegate.transactWriteItems(request);
    }

    @Override
    public String serviceName() {
        return delegate.serviceName();
    }

    @Override
    public void close() {
        // The delegate belongs to the test table.
    }
}
