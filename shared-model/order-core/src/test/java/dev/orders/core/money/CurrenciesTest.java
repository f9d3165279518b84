package dev.orders.core.money;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.validation.ValidationException;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CurrenciesTest {

    @Test
    void everyAllowedCodeIsAnIso4217CodeWithTheMinorUnitsTheJdkKnows() {
        List<String> allowed = new ArrayList<>();
        for (char a = 'A'; a <= 'Z'; a++) {
            for (char b = 'A'; b <= 'Z'; b++) {
                for (char c = 'A'; c <= 'Z'; c++) {
                    String code = "" + a + b + c;
                    if (Currencies.isCirculating(code)) {
                        allowed.add(code);
                        assertEquals(Currency.getInstance(code).getDefaultFractionDigits(), Currencies.minorUnits(code), code);
                    }
                }
            }
        }
        assertEquals(155, allowed.size(), allowed.toString());
    }

    @Test
    void minorUnitsAreTheDigitsAfterTheDecimalPoint() {
        assertEquals(0, Currencies.minorUnits("JPY"));
        assertEquals(2, Currencies.minorUnits("EUR"));
        assertEquals(3, Currencies.minorUnits("BHD"));
        assertThrows(IllegalArgumentException.class, () -> Currencies.minorUnits("XAU"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "XAU", "XAG", "XPD", "XPT", // precious metals
        "XTS", "XXX", "XDR", "XBA", "XSU", "XUA", // testing, no currency, units of account
        "CHE", "CLF", "USN", "UYI", "BOV", // funds
        "DEM", "FRF", "HRK", "VEF", "MRO", "BYR", // withdrawn
        "ANG", "BGN", "CUC", "SLL", "ZWL", // replaced
        "eur", "EURO", "E1R", "€"})
    void metalsFundsTestCodesAndWithdrawnCurrenciesAreRefused(String code) {
        assertFalse(Currencies.isCirculating(code), code);
        ValidationException e = assertThrows(ValidationException.class, () -> Money.currency("currency", code));
        assertEquals("currency", e.errors().get(0).field());
    }

    @ParameterizedTest
    @ValueSource(strings = {"EUR", "USD", "GBP", "JPY", "CHF", "BHD", "XOF", "XCG", "ZWG", "SLE", "VES"})
    void circulatingCurrenciesAreAccepted(String code) {
        assertTrue(Currencies.isCirculating(code));
        assertEquals(code, Money.currency("currency", code));
    }

    @Test
    void aUnitPriceIsBoundedByTenMillionMajorUnitsOfItsCurrency() {
        assertEquals(10_000_000L, Money.unitPrice("unitPrice", 10_000_000L, "JPY"));
        assertThrows(ValidationException.class, () -> Money.unitPrice("unitPrice", 10_000_001L, "JPY"));
        assertEquals(1_000_000_000L, Money.unitPrice("unitPrice", 1_000_000_000L, "EUR"));
        assertThrows(ValidationException.class, () -> Money.unitPrice("unitPrice", 1_000_000_001L, "EUR"));
        assertEquals(10_000_000_000L, Money.unitPrice("unitPrice", 10_000_000_000L, "KWD"));
        assertEquals(Money.MAX_UNIT_PRICE, 10_000_000_000L);
        assertThrows(ValidationException.class, () -> Money.unitPrice("unitPrice", -1, "EUR"));
    }
}
