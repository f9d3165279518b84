package dev.orders.dynamodb.table;

import java.time.Duration;
import software.amazon.awssdk.retries.api.BackoffStrategy;

/**
 * The pause before asking DynamoDB again for what it refused for the moment (a cancelled transaction,
 * unprocessed keys): half jitter, 25 to 50 ms before the second attempt, 50 to 100 ms before the third,
 * 100 to 200 ms before the fourth.
 */
final class RetryPause {
    private static final BackoffStrategy BACKOFF =
            BackoffStrategy.exponentialDelayHalfJitter(Duration.ofMillis(50), Duration.ofMillis(500));

    private RetryPause() {
    }

    /** Sleeps before {@code attempt}; false, with the thread's interrupt flag set again, if interrupted. */
    static boolean before(int attempt) {
        try {
            Thread.sleep(BACKOFF.computeDelay(attempt).toMillis());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
