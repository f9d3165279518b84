package dev.orders.local.schedules;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.PriorityQueue;

/** A clock and a timer that move only when the test moves them: runs due by then are run in time order. */
public final class ManualTime extends Clock implements ScheduleRunner.Timer {
    private record Task(Instant when, long order, Runnable run) {
    }

    private final PriorityQueue<Task> tasks = new PriorityQueue<>(Comparator.comparing(Task::when).thenComparing(Task::order));
    private Instant now;
    private long added;
    private boolean closed;

    public ManualTime(Instant start) {
        now = start;
    }

    /** Moves time on by {@code duration}, running every task due meanwhile at its time. */
    public void advance(Duration duration) {
        Instant until = now.plus(duration);
        while (!tasks.isEmpty() && !tasks.peek().when().isAfter(until)) {
            Task task = tasks.poll();
            if (task.when().isAfter(now)) {
                now = task.when();
            }
            task.run().run();
        }
        now = until;
    }

    @Override
    public void at(Instant when, Runnable task) {
        if (!closed) {
            tasks.add(new Task(when, added++, task));
        }
    }

    @Override
    public void close() {
        closed = true;
        tasks.clear();
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("the schedules read instants only");
    }
}
