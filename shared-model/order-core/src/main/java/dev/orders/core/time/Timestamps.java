package dev.orders.core.time;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;

/**
 * Timestamps as stored and as sorted: ISO-8601 UTC with exactly three fraction digits, so that the
 * text order of two timestamps is their time order (ISO_INSTANT drops zero fractions and would not be).
 */
public final class Timestamps {
    /** No time of this service is older than the epoch; an earlier one is a client's mistake. */
    public static final Instant EARLIEST = Instant.EPOCH;
    /** The last four-digit year: "+10000-..." would sort before "2026-..." as text. */
    public static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999Z");
    private static final DateTimeFormatter FIXED =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private Timestamps() {
    }

    public static String format(Instant instant) {
        return FIXED.format(instant);
    }

    /** Parses any ISO-8601 instant a client may send ("2026-01-01T00:00:00Z", with or without a fraction). */
    public static Instant parse(String text) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("not an ISO-8601 UTC timestamp: " + text, e);
        }
    }

    /** Whether {@code instant} lies from {@link #EARLIEST} to {@link #LATEST}, so its text form sorts as its time. */
    public static boolean sortable(Instant instant) {
        return !instant.isBefore(EARLIEST) && !instant.isAfter(LATEST);
    }

    /** Stored times are kept to the millisecond, the precision of their text form. */
    public static Instant truncate(Instant instant) {
        return instant.truncatedTo(ChronoUnit.MILLIS);
    }
}
