package dev.orders.core.money;

import dev.orders.core.validation.Check;
import dev.orders.core.validation.ValidationException;

/** Money is integer minor units of a circulating ISO 4217 currency ({@link Currencies}); never floating point. */
public final class Money {
    /** The highest unit price in major units of its currency: ten million euros, yen or dinars. */
    public static final long MAX_UNIT_PRICE_MAJOR_UNITS = 10_000_000L;
    /** The highest unit price in minor units of any currency: ten million units of one with three decimals. */
    public static final long MAX_UNIT_PRICE = maxUnitPrice(Currencies.mostMinorUnits());
    public static final int MAX_QUANTITY = 10_000;
    /**
     * The largest amount an order holds (2^53 - 1 minor units): JavaScript and EventBridge's numeric matching
     * read integers as doubles, exact only up to here.
     */
    public static final long MAX_AMOUNT = 9_007_199_254_740_991L;

    private Money() {
    }

    public static String currency(String field, String code) {
        if (code == null || code.isEmpty()) {
            throw new ValidationException(field, "is required");
        }
        if (!Currencies.isCirculating(code)) {
            throw new ValidationException(field, "must be the ISO 4217 code of a circulating currency, such as EUR or USD");
        }
        return code;
    }

    public static long quantity(String field, long quantity) {
        return Check.range(field, quantity, 1, MAX_QUANTITY);
    }

    /** A unit price of a line, whatever its currency; the catalogue has checked it against its currency. */
    public static long unitPrice(String field, long unitPrice) {
        return Check.range(field, unitPrice, 0, MAX_UNIT_PRICE);
    }

    /** A unit price in minor units of {@code currency}, a circulating currency: at most ten million of its major units. */
    public static long unitPrice(String field, long unitPrice, String currency) {
        return Check.range(field, unitPrice, 0, maxUnitPrice(Currencies.minorUnits(currency)));
    }

    /** Bounded inputs keep this far below overflow; exact arithmetic makes sure. */
    public static long lineTotal(long quantity, long unitPrice) {
        return Math.multiplyExact(quantity, unitPrice);
    }

    /** Whether {@code amount} is one an order may hold. */
    public static boolean withinMaxAmount(long amount) {
        return amount <= MAX_AMOUNT;
    }

    private static long maxUnitPrice(int minorUnits) {
        long max = MAX_UNIT_PRICE_MAJOR_UNITS;
        for (int digit = 0; digit < minorUnits; digit++) {
            max *= 10;
        }
        return max;
    }
}
