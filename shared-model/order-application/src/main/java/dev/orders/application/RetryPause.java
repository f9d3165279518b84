package dev.orders.application;

import java.util.concurrent.ThreadLocalRandom;

/**
 * The pause before asking DynamoDB again for what it refused for the moment (a cancelled transaction,
 * unprocessed keys): half jitter, 25 to 50 ms before the second attempt, 50 to 100 ms before the third,
 * 100 to 200 ms before the fourth, at most 500 ms: so racing writers spread out instead of colliding again.
 */
public final class RetryPause {
    private static final long BASE_MILLIS = 50;
    private static final long MAX_MILLIS = 500;

    private RetryPause() {
    }

    /** Sleeps before {@code attempt}; false, with the thread's interrupt flag set again, if interrupted. */
    public static boolean before(int attempt) {
        try {
            Thread.sleep(delayMillis(attempt));
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Half jitter: half the exponential delay, plus a random part of the other half. */
    static long delayMillis(int attempt) {
        long ceiling = Math.min(MAX_MILLIS, BASE_MILLIS << Math.max(0, Math.min(attempt - 2, 10)));
        return ceiling / 2 + ThreadLocalRandom.current().nextLong(ceiling / 2 + 1);
    }
}
