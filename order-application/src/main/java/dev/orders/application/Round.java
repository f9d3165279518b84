package dev.orders.application;

import dev.orders.application.port.OrderStore;

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
     * A commit without a processed request: {@code outcome} once it committed, raced when the root or one of
     * its rows changed since the read.
     */
    static <T> Round<T> committed(OrderStore.Commit commit, T outcome) {
        if (commit instanceof OrderStore.Commit.AlreadyProcessed) {
            throw new IllegalStateException("a commit without a processed request found one");
        }
        return commit instanceof OrderStore.Commit.Committed ? decided(outcome) : raced();
    }
}
