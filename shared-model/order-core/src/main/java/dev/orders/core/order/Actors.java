package dev.orders.core.order;

import dev.orders.core.validation.Check;

/**
 * Who made a change, as an order's log records it ({@code by}): {@code user:<subject>} for a caller with a
 * token, {@code webhook:stripe} and {@code webhook:payments} for the payment provider (by the route it came through), {@code system:payment-window} for the system closing an
 * order left unpaid ({@link PaymentWindow}). Every subject a caller may have fits.
 */
public final class Actors {
    /** The longest subject (the token's {@code sub}) a caller may have. */
    public static final int MAX_SUBJECT_LENGTH = 256;
    private static final String USER = "user:";
    /** The longest actor: a user with the longest subject. */
    public static final int MAX_LENGTH = USER.length() + MAX_SUBJECT_LENGTH;

    private Actors() {
    }

    /** The actor of a caller with the subject {@code subject}. */
    public static String user(String subject) {
        return USER + subject;
    }

    /** Whether {@code actor} is a caller with a token (not the payment provider). */
    public static boolean isUser(String actor) {
        return actor.startsWith(USER);
    }

    /** {@code actor}, checked as the log's {@code field} keeps it. */
    public static String check(String field, String actor) {
        return Check.text(field, actor, MAX_LENGTH);
    }
}
