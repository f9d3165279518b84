package dev.orders.local.invoke;

import dev.orders.localaws.Log;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Lambda's queue of asynchronous ({@code Event}) invocations: every one accepted (202) is kept until a thread
 * runs it, however many wait; a failure is logged. On stop, what is queued still runs for a grace period, and
 * any invocation left then is named on stderr rather than dropped without a word.
 */
final class EventInvocations implements AutoCloseable {
    private static final Duration DRAIN = Duration.ofSeconds(4);

    /** One accepted invocation. */
    record Accepted(String functionName, String requestId, Runnable invocation) implements Runnable {
        @Override
        public void run() {
            invocation.run();
        }
    }

    private final ExecutorService workers;

    EventInvocations(int threads) {
        workers = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread thread = new Thread(r, "sam-local-event-invocations");
            thread.setDaemon(true);
            return thread;
        });
    }

    void accept(Accepted invocation) {
        workers.execute(invocation);
    }

    @Override
    public void close() {
        workers.shutdown();
        try {
            if (workers.awaitTermination(DRAIN.toMillis(), TimeUnit.MILLISECONDS)) {
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<Runnable> left = workers.shutdownNow();
        for (Runnable runnable : left) {
            Accepted invocation = (Accepted) runnable;
            Log.SAM_LOCAL.line("stopping: Event invocation " + invocation.requestId() + " of " + invocation.functionName()
                    + " was accepted but not run");
        }
    }
}
