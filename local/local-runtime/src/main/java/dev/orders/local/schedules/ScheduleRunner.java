package dev.orders.local.schedules;

import dev.orders.local.streams.LocalStreamPoller;
import dev.orders.localaws.Log;
import dev.orders.localaws.template.ScheduleEvent;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The template's schedules ({@code ScheduleV2} and {@code Schedule} events) run as EventBridge runs them: each enabled
 * one at the times its expression names ({@link ScheduleExpression}), its function invoked as Lambda's asynchronous
 * invocation runs it (nobody waits for the answer) with the event AWS sends ({@link SchedulePayload}). A run the
 * function fails is retried as Lambda retries an asynchronous invocation: after one minute, then two, at most the
 * function's {@code EventInvokeConfig.MaximumRetryAttempts} (default 2), the same event each time; then it is
 * discarded with a line saying so. The schedule's own {@code RetryPolicy} covers failures to reach Lambda, which the
 * local invocation does not have. Time comes from a {@link Clock} and runs are started by a {@link Timer}, so that
 * tests move time on by hand.
 */
public final class ScheduleRunner implements AutoCloseable {
    /** Lambda's waits before the retries of an asynchronous invocation the function failed. */
    static final List<Duration> LAMBDA_RETRY_WAITS = List.of(Duration.ofMinutes(1), Duration.ofMinutes(2));
    /** How long a run in progress may go on once start-api stops. */
    private static final Duration CLOSING = Duration.ofSeconds(4);
    private static final char[] EXECUTION_ID = "abcdefghijklmnopqrstuvwxyz0123456789".toCharArray();

    /** Starts tasks at given instants: a thread pool under start-api, a hand-moved one in tests. */
    public interface Timer extends AutoCloseable {
        void at(Instant when, Runnable task);

        @Override
        void close();

        /**
         * On {@code clock}'s time, with two daemon threads. Closing drops the runs still to come and gives a run in
         * progress a few seconds to end (stopped half way, its SDK calls would fail half done).
         */
        static Timer system(Clock clock) {
            ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(2, task -> {
                Thread thread = new Thread(task, "sam-local-schedules");
                thread.setDaemon(true);
                return thread;
            });
            pool.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
            return new Timer() {
                @Override
                public void at(Instant when, Runnable task) {
                    long delay = Math.max(0, Duration.between(clock.instant(), when).toMillis());
                    pool.schedule(task, delay, TimeUnit.MILLISECONDS);
                }

                @Override
                public void close() {
                    pool.shutdown();
                    try {
                        pool.awaitTermination(CLOSING.toMillis(), TimeUnit.MILLISECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    pool.shutdownNow();
                }
            };
        }
    }

    /** A schedule with what runs it. */
    private record Mounted(ScheduleEvent schedule, ScheduleExpression expression, LocalStreamPoller.Target function) {
    }

    private final List<Mounted> mounted = new ArrayList<>();
    private final List<ScheduleEvent> disabled = new ArrayList<>();
    private final String region;
    private final Clock clock;
    private final Timer timer;
    private final SecureRandom random = new SecureRandom();

    /**
     * {@code schedules} run on the functions {@code targets} gives; fails (IllegalArgumentException naming the event)
     * on an expression or an {@code Input} EventBridge refuses, before anything runs.
     */
    public ScheduleRunner(List<ScheduleEvent> schedules, Function<ScheduleEvent, LocalStreamPoller.Target> targets,
                          String region, Clock clock, Timer timer) {
        this.region = region;
        this.clock = clock;
        this.timer = timer;
        for (ScheduleEvent schedule : schedules) {
            ScheduleExpression expression = checked(schedule);
            if (schedule.enabled()) {
                mounted.add(new Mounted(schedule, expression, targets.apply(schedule)));
            } else {
                disabled.add(schedule);
            }
        }
    }

    /** Checks the schedules as {@link #ScheduleRunner} does, running nothing: start-api's launcher, before it starts. */
    public static void check(List<ScheduleEvent> schedules) {
        schedules.forEach(ScheduleRunner::checked);
    }

    private static ScheduleExpression checked(ScheduleEvent schedule) {
        SchedulePayload.check(schedule);
        return ScheduleExpression.of(schedule);
    }

    /** Mounts each enabled schedule and times its first run, with a line each; a disabled one's says it does not run. */
    public ScheduleRunner start() {
        Instant now = clock.instant();
        disabled.forEach(schedule -> Log.SAM_LOCAL.line(schedule.function() + "'s schedule " + describe(schedule)
                + " is disabled: not run"));
        for (Mounted each : mounted) {
            Optional<Instant> first = each.expression().first(now);
            Log.SAM_LOCAL.line(each.schedule().function() + " runs on its schedule " + describe(each.schedule())
                    + first.map(at -> ", first at " + at.truncatedTo(ChronoUnit.SECONDS)).orElse(", which names no time to come"));
            first.ifPresent(at -> timer.at(at, () -> run(each, at)));
        }
        return this;
    }

    private static String describe(ScheduleEvent schedule) {
        return schedule.name() + " (" + schedule.event() + ": " + schedule.kind().eventType() + " " + schedule.expression()
                + (schedule.kind() == ScheduleEvent.Kind.SCHEDULER ? ", time zone " + schedule.timezone() : "") + ")";
    }

    /** The run of {@code scheduled}: the next one timed first (runs missed while the machine slept are skipped). */
    private void run(Mounted each, Instant scheduled) {
        Instant now = clock.instant();
        Optional<Instant> next = each.expression().after(scheduled);
        while (next.isPresent() && next.get().isBefore(now)) {
            next = each.expression().after(next.get());
        }
        next.ifPresent(at -> timer.at(at, () -> run(each, at)));
        SchedulePayload.Run run = new SchedulePayload.Run(scheduled, executionId(), 1);
        invoke(each, run, SchedulePayload.of(each.schedule(), run, region, UUID.randomUUID().toString()), 0);
    }

    /** One attempt of Lambda's at the event; a failure is retried later, on the timer, while retries are left. */
    private void invoke(Mounted each, SchedulePayload.Run run, byte[] event, int retried) {
        String requestId = UUID.randomUUID().toString();
        String where = each.schedule().where();
        String time = run.scheduledTime().truncatedTo(ChronoUnit.SECONDS).toString();
        Log.SAM_LOCAL.line(where + ": scheduled run of " + time + (retried > 0 ? ", retry " + retried : "")
                + " (execution " + run.executionId() + "), request " + requestId);
        try {
            each.function().invoke(event, requestId);
        } catch (Exception | LinkageError e) {
            int allowed = Math.min(each.schedule().retryAttempts(), LAMBDA_RETRY_WAITS.size());
            if (retried < allowed) {
                Duration wait = LAMBDA_RETRY_WAITS.get(retried);
                Log.SAM_LOCAL.line(where + ": the function failed on the run of " + time + ": " + e + "; Lambda retries it in "
                        + wait.toMinutes() + " min (retry " + (retried + 1) + " of " + allowed + ")");
                timer.at(clock.instant().plus(wait), () -> invoke(each, run, event, retried + 1));
            } else {
                Log.SAM_LOCAL.line(where + ": the function failed on the run of " + time + ": " + e + "; discarded after "
                        + retried + " retries (no on-failure destination locally)");
            }
        }
    }

    /** An id of the shape EventBridge Scheduler's execution ids have, e.g. d32c5kddcf5bb8c3. */
    private String executionId() {
        char[] id = new char[16];
        for (int i = 0; i < id.length; i++) {
            id[i] = EXECUTION_ID[random.nextInt(EXECUTION_ID.length)];
        }
        return new String(id);
    }

    /** Stops timing runs (see {@link Timer#close}). */
    @Override
    public void close() {
        timer.close();
    }
}
