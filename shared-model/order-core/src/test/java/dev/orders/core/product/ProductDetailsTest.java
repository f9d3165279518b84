package dev.orders.core.product;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orders.core.validation.ValidationException;
import org.junit.jupiter.api.Test;

class ProductDetailsTest {

    @Test
    void aProductIsASafeSkuANamedPriceInACirculatingCurrency() {
        ProductDetails mug = new ProductDetails("MUG-BLUE", " Blue mug ", 1250, "EUR", true);

        assertEquals("Blue mug", mug.name());
        assertEquals(1250, mug.unitPrice());
        assertEquals("sku", refused("MUG#BLUE", "Blue mug", 1250, "EUR"));
        assertEquals("name", refused("MUG-BLUE", "", 1250, "EUR"));
        assertEquals("name", refused("MUG-BLUE", "x".repeat(201), 1250, "EUR"));
        assertEquals("currency", refused("MUG-BLUE", "Blue mug", 1250, "XAU"));
        assertEquals("currency", refused("MUG-BLUE", "Blue mug", 1250, "DEM"));
        assertEquals("unitPrice", refused("MUG-BLUE", "Blue mug", -1, "EUR"));
    }

    @Test
    void thePriceIsValidatedAgainstTheMinorUnitsOfItsCurrency() {
        assertEquals(1_000_000_000L, new ProductDetails("CAR", "Car", 1_000_000_000L, "EUR", true).unitPrice());
        assertEquals("unitPrice", refused("CAR", "Car", 1_000_000_000L, "JPY"));
        assertEquals(10_000_000_000L, new ProductDetails("CAR", "Car", 10_000_000_000L, "BHD", true).unitPrice());
    }

    private static String refused(String sku, String name, long unitPrice, String currency) {
        return assertThrows(ValidationException.class, () -> new ProductDetails(sku, name, unitPrice, currency, true))
                .errors().get(0).field();
    }
}
