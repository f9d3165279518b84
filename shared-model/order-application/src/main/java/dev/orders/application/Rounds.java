package dev.orders.application;

import dev.orders.application.port.WriteConflictException;
import java.util.function.Supplier;

/**
 * Read-decide-write rounds. A round that {@link Round.Raced raced} found what it read changed by a
 * concurrent request (its condition failed); the next round reads again and decides again, after a pause.
 * A change is refused only for what it finds, never for having raced another.
 */
public final class Rounds {
    /**
     * Rounds before a request that keeps racing is given up as a conflict. Each lost round means another
     * change committed, so eight concurrent changes of one order all commit within eight rounds.
     */
    public static final int MAX = 10;

    private Rounds() {
    }

    /** Runs {@code round} until it decides, at most {@value #MAX} times; a write conflict counts as a lost round. */
    public static <T> T untilDecided(String what, Supplier<Round<T>> round) {
        for (int attempt = 1; attempt <= MAX; attempt++) {
            try {
                if (round.get() instanceof Round.Decided<T> decided) {
                    return decided.outcome();
                }
            } catch (WriteConflictException e) {
                // A concurrent request is committing a change of the same items.
            }
            if (attempt < MAX && !RetryPause.before(attempt + 1)) {
                break;
            }
        }
        throw new WriteConflictException(what + " kept conflicting", null);
    }
}
