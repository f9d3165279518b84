package dev.orders.core.feed.violation;

import dev.orders.core.time.violation.ClockOfAFeed;

/** The feed's side of the cycle of {@link ClockOfAFeed}. */
public final class FeedOfAClock {
    public ClockOfAFeed clock() {
        return new ClockOfAFeed();
    }
}
