package dev.orders.application;

import dev.orders.application.port.OrderStore;
import dev.orders.core.order.Decision;
import java.util.Optional;

/**
 * What one read-decide-write round came to: decided (refused, or committed), or raced, when what it read
 * changed before its write (a condition failed) and the next round must read and decide again.
 */
public sealed interface Round<T> {
    record Decided<T>(T outcome) implements Round<T> {
    }

    record Raced<T>() implements Round<T> {
    }

    static <T> Round<T> decided(T outcome) {
        return new Decided<>(outcome);
    }

    static <T> Round<T> raced() {
        return new Raced<>();
    }

    /**
     * The round of {@code decision} by {@code actor}, with no processed request: the refusal, or what it
     * writes to {@code store} and its outcome once committed; raced when the root or one of its rows changed
     * since the read.
     */
    static <T> Round<T> write(OrderStore store, Decision<T> decision, String actor) {
        if (decision instanceof Decision.Refused<T> refused) {
            return decided(refused.outcome());
        }
        OrderStore.Commit commit;
        T outcome;
        if (decision instanceof Decision.Write<T> write) {
            commit = store.commit(write.step(), actor, Optional.empty());
            outcome = write.outcome();
        } else {
            Decision.WriteWithoutOrder<T> write = (Decision.WriteWithoutOrder<T>) decision;
            commit = store.commitWithoutOrder(write.rows(), Optional.empty());
            outcome = write.outcome();
        }
        if (commit instanceof OrderStore.Commit.AlreadyProcessed) {
            throw new IllegalStateException("a commit without a processed request found one");
        }
        if (commit instanceof OrderStore.Commit.OutOfStock) {
            throw new IllegalStateException("a step that reserves no stock ran out of it");
        }
        return commit instanceof OrderStore.Commit.Committed ? decided(outcome) : raced();
    }
}
