package dev.orders.http.stripe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orders.core.money.Money;
import dev.orders.core.validation.ValidationException;
import org.junit.jupiter.api.Test;

/** Stripe's smallest units (docs.stripe.com/currencies) against ISO 4217's minor units, which the service counts. */
class StripeAmountsTest {
    @Test
    void twoDecimalZeroDecimalAndThreeDecimalCurrenciesAreCountedAsIso4217Does() {
        assertEquals(3399, StripeAmounts.minorUnits("amount", 3399, "EUR"));
        assertEquals(500, StripeAmounts.minorUnits("amount", 500, "JPY"));
        assertEquals(5120, StripeAmounts.minorUnits("amount", 5120, "KWD"));
    }

    /** ISK: two decimals at Stripe, whole króna only; none in ISO 4217. MGA: none at Stripe, two in ISO 4217. */
    @Test
    void iskAndMgaAreConvertedBetweenStripesUnitsAndIso4217s() {
        assertEquals(40, StripeAmounts.minorUnits("amount", 4000, "ISK"));
        assertEquals(150_000, StripeAmounts.minorUnits("amount", 1500, "MGA"));
        ValidationException fractional = assertThrows(ValidationException.class,
                () -> StripeAmounts.minorUnits("data.object.amount", 4010, "ISK"));
        assertEquals("data.object.amount", fractional.errors().get(0).field());
        assertThrows(ValidationException.class, () -> StripeAmounts.minorUnits("amount", Money.MAX_AMOUNT, "MGA"));
    }

    @Test
    void currenciesAreReadInTheLowerCaseStripeWritesAndNothingElse() {
        assertEquals("EUR", StripeAmounts.currency("currency", "eur"));
        assertThrows(ValidationException.class, () -> StripeAmounts.currency("currency", "EUR"));
        assertThrows(ValidationException.class, () -> StripeAmounts.currency("currency", "xts"));
    }
}
