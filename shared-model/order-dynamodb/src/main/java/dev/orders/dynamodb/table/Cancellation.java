package dev.orders.dynamodb.table;

import dev.orders.application.port.WriteConflictException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
    /** Reasons that cancel a transaction for the moment only: the same transaction may commit when retried. */
    private static final Set<String> BUSY = Set.of("ThrottlingError", "ProvisionedThroughputExceeded", CONFLICT);

    private final List<String> actions;
    private final List<CancellationReason> reasons;

    private Cancellation(List<String> actions, List<CancellationReason> reasons) {
        this.actions = actions;
        this.reasons = reasons;
    }

    /** Reads the reasons of a cancellation that is not {@link #busy}; one without a failed condition is rethrown. */
    static Cancellation of(TransactionCanceledException e, List<String> actions) {
        List<CancellationReason> reasons = reasons(e);
        if (reasons.stream().noneMatch(r -> CONDITION_FAILED.equals(r.code()))) {
            throw e;
        }
        return new Cancellation(List.copyOf(actions), reasons);
    }

    /** Whether DynamoDB cancelled for the moment only (throttling, a conflicting transaction), not for the items. */
    static boolean busy(TransactionCanceledException e) {
        return reasons(e).stream().anyMatch(r -> BUSY.contains(r.code()));
    }

    /**
     * What a busy cancellation that outlasted the retries is thrown as: a conflict as a
     * {@link WriteConflictException}, so that read-decide-write loops read again; throttling as it came.
     */
    static RuntimeException gaveUp(TransactionCanceledException e) {
        return reasons(e).stream().anyMatch(r -> CONFLICT.equals(r.code()))
                ? new WriteConflictException("concurrent transactions kept touching the same items", e) : e;
    }

    private static List<CancellationReason> reasons(TransactionCanceledException e) {
        return e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
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
