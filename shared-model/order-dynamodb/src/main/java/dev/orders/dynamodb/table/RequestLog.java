package dev.orders.dynamodb.table;

import dev.orders.dynamodb.keys.Keys;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * At DEBUG, one line per DynamoDB call of the store: the operation, the keys it reads or writes, its conditions and
 * how they came out, and the capacity it consumed (asked for with {@code ReturnConsumedCapacity} only then). At INFO
 * a request goes out as it was built and nothing is logged. Keys, not items: an item's attributes are the
 * customer's data.
 */
public final class RequestLog implements ExecutionInterceptor {
    private static final Logger LOG = LoggerFactory.getLogger(RequestLog.class);

    @Override
    public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
        return LOG.isDebugEnabled() ? withConsumedCapacity(context.request()) : context.request();
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        if (LOG.isDebugEnabled()) {
            LOG.debug("{} {}: {}{}", attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME),
                    describe(context.request()), success(context.request()),
                    consumed(context.response()));
        }
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        if (LOG.isDebugEnabled()) {
            LOG.debug("{} {}: {}", attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME),
                    describe(context.request()), failure(context.exception()));
        }
    }

    /** The request asking for its total consumed capacity, where the store's requests can and do not already. */
    static SdkRequest withConsumedCapacity(SdkRequest request) {
        ReturnConsumedCapacity total = ReturnConsumedCapacity.TOTAL;
        if (request instanceof GetItemRequest get && get.returnConsumedCapacity() == null) {
            return get.toBuilder().returnConsumedCapacity(total).build();
        }
        if (request instanceof PutItemRequest put && put.returnConsumedCapacity() == null) {
            return put.toBuilder().returnConsumedCapacity(total).build();
        }
        if (request instanceof UpdateItemRequest update && update.returnConsumedCapacity() == null) {
            return update.toBuilder().returnConsumedCapacity(total).build();
        }
        if (request instanceof QueryRequest query && query.returnConsumedCapacity() == null) {
            return query.toBuilder().returnConsumedCapacity(total).build();
        }
        if (request instanceof BatchGetItemRequest batch && batch.returnConsumedCapacity() == null) {
            return batch.toBuilder().returnConsumedCapacity(total).build();
        }
        if (request instanceof TransactWriteItemsRequest transaction && transaction.returnConsumedCapacity() == null) {
            return transaction.toBuilder().returnConsumedCapacity(total).build();
        }
        return request;
    }

    /** What the request reads or writes: keys, a query's index and key condition, each write's condition. */
    static String describe(SdkRequest request) {
        if (request instanceof GetItemRequest get) {
            return key(get.key());
        }
        if (request instanceof PutItemRequest put) {
            return key(put.item()) + condition(put.conditionExpression());
        }
        if (request instanceof UpdateItemRequest update) {
            return key(update.key()) + condition(update.conditionExpression());
        }
        if (request instanceof QueryRequest query) {
            return (query.indexName() == null ? "" : query.indexName() + " ") + "where " + query.keyConditionExpression()
                    + " " + values(query.expressionAttributeValues())
                    + (query.hasExclusiveStartKey() ? " after " + key(query.exclusiveStartKey()) : "");
        }
        if (request instanceof BatchGetItemRequest batch) {
            return batch.requestItems().values().stream().flatMap(keys -> keys.keys().stream()).map(RequestLog::key)
                    .collect(Collectors.joining(", ", "[", "]"));
        }
        if (request instanceof TransactWriteItemsRequest transaction) {
            return transaction.transactItems().stream().map(RequestLog::action).collect(Collectors.joining(", ", "[", "]"));
        }
        return request.getClass().getSimpleName();
    }

    /** How a failed call came out: the conditions that failed, or the error DynamoDB (or the client) gave. */
    static String failure(Throwable failure) {
        if (failure instanceof ConditionalCheckFailedException) {
            return "condition failed";
        }
        if (failure instanceof TransactionCanceledException cancelled && cancelled.hasCancellationReasons()) {
            return "cancelled, per action " + cancelled.cancellationReasons().stream().map(CancellationReason::code)
                    .toList();
        }
        if (failure instanceof AwsServiceException service && service.awsErrorDetails() != null) {
            return "failed: " + service.awsErrorDetails().errorCode();
        }
        return "failed: " + failure.getClass().getSimpleName();
    }

    private static String action(TransactWriteItem item) {
        if (item.put() != null) {
            return "Put " + key(item.put().item()) + condition(item.put().conditionExpression());
        }
        if (item.update() != null) {
            return "Update " + key(item.update().key()) + condition(item.update().conditionExpression());
        }
        if (item.delete() != null) {
            return "Delete " + key(item.delete().key()) + condition(item.delete().conditionExpression());
        }
        return "ConditionCheck " + key(item.conditionCheck().key()) + condition(item.conditionCheck().conditionExpression());
    }

    /** A call that went through: a write's condition held, a transaction committed (every action's held). */
    private static String success(SdkRequest request) {
        if (request instanceof TransactWriteItemsRequest) {
            return "committed";
        }
        boolean conditional = request instanceof PutItemRequest put && put.conditionExpression() != null
                || request instanceof UpdateItemRequest update && update.conditionExpression() != null;
        return conditional ? "condition held" : "done";
    }

    /** The capacity the call consumed, where DynamoDB said (it does when asked). */
    private static String consumed(SdkResponse response) {
        List<ConsumedCapacity> capacity = capacityOf(response);
        if (capacity.isEmpty()) {
            return "";
        }
        return "; consumed " + capacity.stream().map(ConsumedCapacity::capacityUnits).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).sum() + " capacity units";
    }

    private static List<ConsumedCapacity> capacityOf(SdkResponse response) {
        if (response instanceof GetItemResponse get) {
            return listOf(get.consumedCapacity());
        }
        if (response instanceof PutItemResponse put) {
            return listOf(put.consumedCapacity());
        }
        if (response instanceof UpdateItemResponse update) {
            return listOf(update.consumedCapacity());
        }
        if (response instanceof QueryResponse query) {
            return listOf(query.consumedCapacity());
        }
        if (response instanceof BatchGetItemResponse batch) {
            return batch.consumedCapacity();
        }
        if (response instanceof TransactWriteItemsResponse transaction) {
            return transaction.consumedCapacity();
        }
        return List.of();
    }

    private static List<ConsumedCapacity> listOf(ConsumedCapacity capacity) {
        return capacity == null ? List.of() : List.of(capacity);
    }

    /** The item's key (the table's PK and SK), whatever else the map holds. */
    private static String key(Map<String, AttributeValue> item) {
        return "{" + Keys.PK + "=" + text(item.get(Keys.PK)) + ", " + Keys.SK + "=" + text(item.get(Keys.SK)) + "}";
    }

    private static String condition(String expression) {
        return expression == null ? "" : " if " + expression;
    }

    private static String values(Map<String, AttributeValue> values) {
        return values.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(value -> value.getKey() + "=" + text(value.getValue())).collect(Collectors.joining(", ", "{", "}"));
    }

    private static String text(AttributeValue value) {
        if (value == null) {
            return "-";
        }
        return value.s() != null ? value.s() : value.n() != null ? value.n() : value.toString();
    }
}
