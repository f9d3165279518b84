package dev.orders.http.stripe;

import dev.orders.core.money.Currencies;
import dev.orders.core.money.Money;
import dev.orders.core.validation.ValidationException;
import java.util.Locale;
import java.util.Set;

/**
 * Stripe's amounts and currencies as the service counts them. Stripe writes a currency's ISO code in lower case and
 * an amount in the currency's smallest unit as Stripe defines it (docs.stripe.com/currencies): two decimals, but none
 * for its zero-decimal currencies and three for its three-decimal ones. The service counts ISO 4217's minor units;
 * the two differ for ISK (two decimals at Stripe, whole króna only; none in ISO 4217) and MGA (none at Stripe, two
 * in ISO 4217).
 */
final class StripeAmounts {
    private static final Set<String> ZERO_DECIMAL = Set.of("BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA",
            "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF");
    private static final Set<String> THREE_DECIMAL = Set.of("BHD", "JOD", "KWD", "OMR", "TND");

    private StripeAmounts() {
    }

    /** {@code code} as Stripe writes it ({@code eur}), as the service does ({@code EUR}). */
    static String currency(String field, String code) {
        if (!code.equals(code.toLowerCase(Locale.ROOT))) {
            throw new ValidationException(field, "must be a lowercase ISO 4217 code, as Stripe writes it");
        }
        return Money.currency(field, code.toUpperCase(Locale.ROOT));
    }

    /** {@code amount}, in Stripe's smallest unit of {@code currency} (the service's code), in ISO 4217's minor units. */
    static long minorUnits(String field, long amount, String currency) {
        int shift = Currencies.minorUnits(currency) - stripeDecimals(currency);
        long factor = powerOfTen(Math.abs(shift));
        if (amount < 0 || amount > Money.MAX_AMOUNT) {
            throw new ValidationException(field, "must be from 0 to " + Money.MAX_AMOUNT);
        }
        if (shift >= 0) {
            if (amount > Money.MAX_AMOUNT / factor) {
                throw new ValidationException(field, "is more than an order may hold");
            }
            return amount * factor;
        }
        if (amount % factor != 0) {
            throw new ValidationException(field, "is not a whole amount of " + currency
                    + ": Stripe counts it in units of 1/" + factor + " and takes whole ones only");
        }
        return amount / factor;
    }

    private static int stripeDecimals(String currency) {
        return ZERO_DECIMAL.contains(currency) ? 0 : THREE_DECIMAL.contains(currency) ? 3 : 2;
    }

    private static long powerOfTen(int exponent) {
        long power = 1;
        for (int i = 0; i < exponent; i++) {
            power *= 10;
        }
        return power;
    }
}
