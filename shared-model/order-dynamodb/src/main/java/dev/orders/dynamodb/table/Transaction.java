package dev.orders.dynamodb.table;

import dev.orders.application.RetryPause;
import dev.orders.application.port.WriteConflictException;
import dev.orders.core.order.OrderLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * One TransactWriteItems whose actions have names, so that a cancelled transaction tells which
 * action failed its condition, and what that item held, by name. Every condition returns the old
 * item on failure. Commits carry a client request token: an SDK retry of a transaction that did
 * commit is answered as a success rather than failing its own conditions.
 */
public final class Transaction {
    /** Attempts of a transaction that DynamoDB cancels for the moment only (throttling, conflicts). */
    public static final int ATTEMPTS = 3;

    private final DynamoDbClient client;
    private final String tableName;
    private final List<String> names = new ArrayList<>();
    private final List<TransactWriteItem> actions = new ArrayList<>();

    Transaction(DynamoDbClient client, String tableName) {
        this.client = client;
        this.tableName = tableName;
    }

    /** Puts {@code item} only where no item holds its key: new rows never overwrite. */
    public Transaction putNew(String action, Map<String, AttributeValue> item) {
        return put(action, item, OrdersTable.NO_ITEM, OrdersTable.NO_ITEM_NAMES, Map.of());
    }

    public Transaction put(String action, Map<String, AttributeValue> item, String condition,
                           Map<String, String> names, Map<String, AttributeValue> values) {
        return add(action, TransactWriteItem.builder().put(p -> p.tableName(tableName).item(item)
                .conditionExpression(condition)
                .expressionAttributeNames(names)
                .expressionAttributeValues(OrdersTable.orAbsent(values))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build());
    }

    public Transaction update(String action, Map<String, AttributeValue> key, String update, String condition,
                              Map<String, String> names, Map<String, AttributeValue> values) {
        return add(action, TransactWriteItem.builder().update(u -> u.tableName(tableName).key(key)
                .updateExpression(update)
                .conditionExpression(condition)
                .expressionAttributeNames(names)
                .expressionAttributeValues(OrdersTable.orAbsent(values))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build());
    }

    public Transaction delete(String action, Map<String, AttributeValue> key, String condition,
                              Map<String, String> names, Map<String, AttributeValue> values) {
        return add(action, TransactWriteItem.builder().delete(d -> d.tableName(tableName).key(key)
                .conditionExpression(condition)
                .expressionAttributeNames(names)
                .expressionAttributeValues(OrdersTable.orAbsent(values))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build());
    }

    /** Deletes the item at {@code key} if there is one: for a row whose absence is as good (one never written). */
    public Transaction deleteIfAny(String action, Map<String, AttributeValue> key) {
        return add(action, TransactWriteItem.builder().delete(d -> d.tableName(tableName).key(key)).build());
    }

    /** Writes nothing, but commits only where no item holds {@code key}. */
    public Transaction requireAbsent(String action, Map<String, AttributeValue> key) {
        return add(action, TransactWriteItem.builder().conditionCheck(c -> c.tableName(tableName).key(key)
                .conditionExpression(OrdersTable.NO_ITEM)
                .expressionAttributeNames(OrdersTable.NO_ITEM_NAMES)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build());
    }

    /** What became of a transaction: every action written, or none because a condition failed. */
    public sealed interface Outcome {
        record Committed() implements Outcome {
        }

        /** A condition failed (the cancellation says which); nothing was written. */
        record Cancelled(Cancellation cancellation) implements Outcome {
        }
    }

    /**
     * Commits every action or none: committed, or cancelled when a condition failed. A cancellation for the moment only (throttling, a conflicting transaction) wrote nothing
     * and is tried again, {@value #ATTEMPTS} attempts in all with backoff; then a conflict is thrown as
     * {@link WriteConflictException}, throttling as the {@link TransactionCanceledException} it is.
     */
    public Outcome commit() {
        if (actions.size() > OrderLimits.TRANSACTION_ACTIONS) {
            throw new IllegalStateException("a transaction of " + actions.size() + " actions exceeds "
                    + OrderLimits.TRANSACTION_ACTIONS);
        }
        for (int attempt = 1; ; attempt++) {
            try {
                // A new token per attempt: each one after the first follows a cancellation, which applied nothing.
                client.transactWriteItems(b -> b.transactItems(actions).clientRequestToken(UUID.randomUUID().toString()));
                return new Outcome.Committed();
            } catch (TransactionCanceledException e) {
                if (!Cancellation.busy(e)) {
                    return new Outcome.Cancelled(Cancellation.of(e, names));
                }
                if (attempt == ATTEMPTS) {
                    throw Cancellation.gaveUp(e);
                }
                if (!RetryPause.before(attempt + 1)) {
                    throw Cancellation.gaveUp(e);
                }
            }
        }
    }

    private Transaction add(String action, TransactWriteItem item) {
        if (names.contains(action)) {
            throw new IllegalArgumentException("two actions are named " + action);
        }
        names.add(action);
        actions.add(item);
        return this;
    }
}
