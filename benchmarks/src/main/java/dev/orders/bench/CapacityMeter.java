package dev.orders.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * Asks DynamoDB for consumed capacity with index detail on every request the code under test makes,
 * and records the operation and what it cost. The code under test is not changed to measure it.
 */
final class CapacityMeter implements ExecutionInterceptor {
    /** One request: its operation, capacity units in total, and per table or index. */
    record Call(String operation, double units, Map<String, Double> byTableOrIndex) {
    }

    private final List<Call> calls = new ArrayList<>();

    synchronized void reset() {
        calls.clear();
    }

    synchronized List<Call> calls() {
        return List.copyOf(calls);
    }

    @Override
    public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
        SdkRequest request = context.request();
        ReturnConsumedCapacity indexes = ReturnConsumedCapacity.INDEXES;
        if (request instanceof GetItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(indexes).build();
        }
        if (request instanceof QueryRequest r) {
            return r.toBuilder().returnConsumedCapacity(indexes).build();
        }
        if (request instanceof PutItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(indexes).build();
        }
        if (request instanceof UpdateItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(indexes).build();
        }
        if (request instanceof DeleteItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(indexes).build();
        }
        if (request instanceof TransactWriteItemsRequest r) {
            return r.toBuilder().returnConsumedCapacity(indexes).build();
        }
        if (request instanceof BatchWriteItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(indexes).build();
        }
        if (request instanceof BatchGetItemRequest r) {
            return r.toBuilder().returnConsumedCapacity(indexes).build();
        }
        return request;
    }

    /** A refused conditional write is a request too; DynamoDB does not say what it cost. */
    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        String operation = context.request().getClass().getSimpleName().replace("Request", "");
        synchronized (this) {
            calls.add(new Call(operation + " (refused)", 0, Map.of()));
        }
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        Object response = context.response();
        List<ConsumedCapacity> consumed = new ArrayList<>();
        if (response instanceof GetItemResponse r && r.consumedCapacity() != null) {
            consumed.add(r.consumedCapacity());
        } else if (response instanceof QueryResponse r && r.consumedCapacity() != null) {
            consumed.add(r.consumedCapacity());
        } else if (response instanceof PutItemResponse r && r.consumedCapacity() != null) {
            consumed.add(r.consumedCapacity());
        } else if (response instanceof UpdateItemResponse r && r.consumedCapacity() != null) {
            consumed.add(r.consumedCapacity());
        } else if (response instanceof DeleteItemResponse r && r.consumedCapacity() != null) {
            consumed.add(r.consumedCapacity());
        } else if (response instanceof TransactWriteItemsResponse r && r.hasConsumedCapacity()) {
            consumed.addAll(r.consumedCapacity());
        } else if (response instanceof BatchWriteItemResponse r && r.hasConsumedCapacity()) {
            consumed.addAll(r.consumedCapacity());
        } else if (response instanceof BatchGetItemResponse r && r.hasConsumedCapacity()) {
            consumed.addAll(r.consumedCapacity());
        }
        String operation = context.request().getClass().getSimpleName().replace("Request", "");
        double units = 0;
        Map<String, Double> parts = new TreeMap<>();
        for (ConsumedCapacity capacity : consumed) {
            units += value(capacity.capacityUnits());
            if (capacity.table() != null) {
                parts.merge("table", value(capacity.table().capacityUnits()), Double::sum);
            }
            if (capacity.hasGlobalSecondaryIndexes()) {
                capacity.globalSecondaryIndexes().forEach((index, c) -> parts.merge(index, value(c.capacityUnits()), Double::sum));
            }
        }
        synchronized (this) {
            calls.add(new Call(operation, units, parts));
        }
    }

    private static double value(Double units) {
        return units == null ? 0 : units;
    }
}
