package dev.orders.core.order;

import dev.orders.core.validation.Check;
import dev.orders.core.validation.ValidationException;
import java.util.Currency;
import java.util.regex.Pattern;

/** Money is integer minor units (cents) with an ISO 4217 currency; never floating point. */
public final class Money {
    /** 10^9 minor units: ten million in a two-decimal currency, per unit. */
    public static final long MAX_UNIT_PRICE = 1_000_000_000L;
    public static final int MAX_QUANTITY = 10_000;
    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");

    private Money() {
    }

    public static String currency(String field, String code) {
        if (code == null || code.isEmpty()) {
            throw new ValidationException(field, "is required");
        }
        if (!CURRENCY.matcher(code).matches() || !isIso4217(code)) {
            throw new ValidationException(field, "must be an ISO 4217 currency code such as EUR or USD");
        }
        return code;
    }

    public static long quantity(String field, long quantity) {
        return Check.range(field, quantity, 1, MAX_QUANTITY);
    }

    public static long unitPrice(String field, long unitPrice) {
        return Check.range(field, unitPrice, 0, MAX_UNIT_PRICE);
    }

    /** Bounded inputs keep this far below overflow; exact arithmetic makes sure. */
    public static long lineTotal(long quantity, long unitPrice) {
        return Math.multiplyExact(quantity, unitPrice);
    }

    private static boolean isIso4217(String code) {
        try {
            Currency.getInstance(code);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
