package dev.orders.core.time.violation;

import dev.orders.core.feed.violation.FeedOfAClock;

/** A deliberate violation for ArchitectureRulesViolationTest: time calls back into the feed that uses it, a cycle. */
public final class ClockOfAFeed {
    public FeedOfAClock feed() {
        return new FeedOfAClock();
    }
}
