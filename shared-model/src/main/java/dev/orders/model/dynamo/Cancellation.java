package dev.orders.model.dynamo;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Why a transaction was cancelled, action by action. Conditions are written with
 * ReturnValuesOnConditionCheckFailure=ALL_OLD, so a failed action also tells what the item held.
 */
public final class Cancellation {
    private static final String CONDITION_FAILED = "ConditionalCheckFailed";
    private static final String CONFLICT = "TransactionConflict";

    private final List<CancellationReason> reasons;

    private Cancellation(List<CancellationReason> reasons) {
        this.reasons = reasons;
    }

    /** Reads the reasons; a conflict with a concurrent transaction is rethrown as retryable. */
    public static Cancellation of(TransactionCanceledException e) {
        List<CancellationReason> reasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
        if (reasons.stream().anyMatch(r -> CONFLICT.equals(r.code()))) {
            throw new WriteConflictException("a concurrent transaction touched the same items", e);
        }
        if (reasons.stream().noneMatch(r -> CONDITION_FAILED.equals(r.code()))) {
            throw e;
        }
        return new Cancellation(reasons);
    }

    public boolean failed(int action) {
        return action < reasons.size() && CONDITION_FAILED.equals(reasons.get(action).code());
    }

    /** What the item of a failed action held; empty when it did not exist. */
    public Optional<Map<String, AttributeValue>> oldItem(int action) {
        Map<String, AttributeValue> item = reasons.get(action).item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(item);
    }
}
