package dev.orders.testsupport;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/** A clock that moves forward by a fixed step each time it is read: every write gets its own instant. */
public final class TickingClock extends Clock {
    private final AtomicReference<Instant> next;
    private final Duration step;

    public TickingClock(Instant start, Duration step) {
        this.next = new AtomicReference<>(start);
        this.step = step;
    }

    @Override
    public Instant instant() {
        return next.getAndUpdate(t -> t.plus(step));
    }

    /** The instant the next read will return. */
    public Instant peek() {
        return next.get();
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("always UTC");
    }
}
