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

    /** Stored times are kept to the millisecond, the precision of their text form. */
    public static Instant truncate(Instant instant) {
        return instant.truncatedTo(ChronoUnit.MILLIS);
    }
}
