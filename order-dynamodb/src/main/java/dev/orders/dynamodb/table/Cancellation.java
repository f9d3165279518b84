package dev.orders.dynamodb.table;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Why a transaction was cancelled, action by action name. Conditions are written with
 * ReturnValuesOnConditionCheckFailure=ALL_OLD, so a failed action also tells what the item held.
 */
public final class Cancellation {
    private static final String CONDITION_FAILED = "ConditionalCheckFailed";
    private static final String CONFLICT = "TransactionConflict";

    private final List<String> actions;
    private final List<CancellationReason> reasons;

    private Cancellation(List<String> actions, List<CancellationReason> reasons) {
        this.actions = actions;
        this.reasons = reasons;
    }

    /** Reads the reasons; a conflict with a concurrent transaction is rethrown as retryable. */
    static Cancellation of(TransactionCanceledException e, List<String> actions) {
        List<CancellationReason> reasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
        if (reasons.stream().anyMatch(r -> CONFLICT.equals(r.code()))) {
            throw new WriteConflictException("a concurrent transaction touched the same items", e);
        }
        if (reasons.stream().noneMatch(r -> CONDITION_FAILED.equals(r.code()))) {
            throw e;
        }
        return new Cancellation(List.copyOf(actions), reasons);
    }

    /** Whether the action named {@code action} failed its condition. */
    public boolean failed(String action) {
        int index = index(action);
        return index < reasons.size() && CONDITION_FAILED.equals(reasons.get(index).code());
    }

    /** What the item of a failed action held; empty when it did not exist. */
    public Optional<Map<String, AttributeValue>> oldItem(String action) {
        int index = index(action);
        Map<String, AttributeValue> item = index < reasons.size() ? reasons.get(index).item() : null;
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(item);
    }

    private int index(String action) {
        int index = actions.indexOf(action);
        if (index < 0) {
            throw new IllegalArgumentException("the transaction has no action named " + action);
        }
        return index;
    }
}
