package dev.orders.application.order;

import dev.orders.application.port.OrderStore;
import java.util.Optional;

/** How a use case without a processed request reads a commit: decided when it committed, another round otherwise. */
final class Commits {
    private Commits() {
    }

    /**
     * {@code outcome} when the step committed; empty (decide again on what is there now) when the root or
     * one of its rows changed since the read.
     */
    static <O> Optional<O> committed(OrderStore.Commit commit, O outcome) {
        if (commit instanceof OrderStore.Commit.AlreadyProcessed) {
            throw new IllegalStateException("a commit without a processed request found one");
        }
        return commit instanceof OrderStore.Commit.Committed ? Optional.of(outcome) : Optional.empty();
    }
}
