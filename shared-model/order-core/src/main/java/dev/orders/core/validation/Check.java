package dev.orders.core.validation;

import java.util.Arrays;
import java.util.regex.Pattern;

/** Small argument checks shared by the value types of the core; each failure names the field. */
public final class Check {
    /** Ids become parts of keys: a fixed alphabet that can never contain the key delimiter '#'. */
    public static final Pattern SAFE_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    private Check() {
    }

    public static String safeId(String field, String value) {
        return matching(field, value, SAFE_ID, "must be 1 to 64 characters of A-Z, a-z, 0-9, '_' or '-'");
    }

    /** {@code value} if it is present and wholly matches {@code pattern}; else {@code rule} is the error. */
    public static String matching(String field, String value, Pattern pattern, String rule) {
        if (value == null || value.isEmpty()) {
            throw new ValidationException(field, "is required");
        }
        if (!pattern.matcher(value).matches()) {
            throw new ValidationException(field, rule);
        }
        return value;
    }

    /** Free text that is stored but never part of a key: bounded, trimmed, no control characters. */
    public static String text(String field, String value, int maxLength) {
        if (value == null || value.isBlank()) {
            throw new ValidationException(field, "is required");
        }
        String trimmed = value.strip();
        if (trimmed.codePointCount(0, trimmed.length()) > maxLength) {
            throw new ValidationException(field, "must be at most " + maxLength + " characters");
        }
        if (trimmed.codePoints().anyMatch(Character::isISOControl)) {
            throw new ValidationException(field, "must not contain control characters");
        }
        return trimmed;
    }

    public static long range(String field, long value, long min, long max) {
        if (value < min || value > max) {
            throw new ValidationException(field, "must be between " + min + " and " + max);
        }
        return value;
    }

    /** The constant of {@code type} named exactly {@code text}; the error lists the accepted names. */
    public static <E extends Enum<E>> E oneOf(String field, String text, Class<E> type) {
        if (text == null || text.isEmpty()) {
            throw new ValidationException(field, "is required");
        }
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equals(text)) {
                return constant;
            }
        }
        throw new ValidationException(field, "must be one of " + Arrays.toString(type.getEnumConstants()));
    }

    public static <T> T required(String field, T value) {
        if (value == null) {
            throw new ValidationException(field, "is required");
        }
        return value;
    }
}
