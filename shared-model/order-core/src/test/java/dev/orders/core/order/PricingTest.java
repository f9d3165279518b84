package dev.orders.core.order;

import dev.orders.core.money.Money;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.orders.core.product.Product;
import dev.orders.core.validation.FieldError;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PricingTest {
    private static final Product MUG = product("MUG", "Blue mug", 1250, "EUR", true);
    private static final Product TEA = product("TEA", "Earl Grey", 899, "EUR", true);
    private static final Product OLD = product("OLD", "Old mug", 500, "EUR", false);
    private static final Product CAP = product("CAP", "Cap", 2000, "USD", true);
    /** At the highest price there is: ten million Bahraini dinars, in fils (three decimals). */
    private static final Product GOLD = product("GOLD", "Gold bar", Money.unitPrice("unitPrice", 10_000_000_000L, "BHD"),
            "BHD", true);
    private static final Map<String, Product> CATALOGUE = Map.of("MUG", MUG, "TEA", TEA, "OLD", OLD, "CAP", CAP,
            "GOLD", GOLD);

    @Test
    void anOrderWhoseTotalWouldPassTheLargestIntegerJsonReadersKeepExactlyIsRefused() {
        LineRequest mostExpensiveLine = line("GOLD", Money.MAX_QUANTITY);

        assertEquals(9_000_000_000_000_000L, priced(request(Optional.empty(),
                Collections.nCopies(90, mostExpensiveLine).toArray(LineRequest[]::new))).total());
        assertEquals(new PricingRefusal.AmountTooLarge(List.of(new FieldError("items",
                        "would make the order's total more than 9007199254740991 minor units"))),
                refusal(request(Optional.empty(), Collections.nCopies(91, mostExpensiveLine).toArray(LineRequest[]::new))));
    }

    @Test
    void linesTakeNameAndUnitPriceFromTheCatalogueAndTheOrderItsProductsCurrency() {
        NewOrder order = priced(request(Optional.empty(), line("MUG", 2), line("TEA", 1), line("MUG", 1)));

        assertEquals("EUR", order.currency());
        assertEquals(List.of(new NewLine("MUG", "Blue mug", 2, 1250), new NewLine("TEA", "Earl Grey", 1, 899),
                new NewLine("MUG", "Blue mug", 1, 1250)), order.items());
        assertEquals(3 * 1250 + 899, order.total());
    }

    @Test
    void theCurrencyAskedForMustBeTheProductsCurrency() {
        assertEquals("EUR", priced(request(Optional.of("EUR"), line("MUG", 1))).currency());

        assertEquals(new PricingRefusal.CurrencyMismatch(List.of(
                        new FieldError("items[0].sku", "is priced in EUR, the order in USD"))),
                refusal(request(Optional.of("USD"), line("MUG", 1), line("CAP", 1))));
    }

    @Test
    void productsOfDifferentCurrenciesAreRefusedNamingTheLinesInAnotherCurrencyThanTheFirst() {
        assertEquals(new PricingRefusal.CurrencyMismatch(List.of(
                        new FieldError("items[2].sku", "is priced in USD, the order in EUR"))),
                refusal(request(Optional.empty(), line("MUG", 1), line("TEA", 1), line("CAP", 1))));
    }

    @Test
    void unknownAndInactiveProductsAreRefusedNamingEachOffendingLine() {
        assertEquals(new PricingRefusal.ProductUnavailable(List.of(
                        new FieldError("items[1].sku", "is not in the catalogue"),
                        new FieldError("items[2].sku", "is not for sale"))),
                refusal(request(Optional.empty(), line("MUG", 1), line("NOPE", 1), line("OLD", 1), line("CAP", 1))));
    }

    @Test
    void aLineAddedAloneIsPricedFromItsProductOrRefusedOnItsSku() {
        LineRequest mug = new LineRequest("MUG", 3);

        assertEquals(new Pricing.Priced<>(new NewLine("MUG", "Blue mug", 3, 1250)), mug.price(Optional.of(MUG)));
        assertEquals(new Pricing.Refused<>(new PricingRefusal.ProductUnavailable(
                List.of(new FieldError("sku", "is not in the catalogue")))), mug.price(Optional.empty()));
        assertEquals(new Pricing.Refused<>(new PricingRefusal.ProductUnavailable(
                List.of(new FieldError("sku", "is not for sale")))), new LineRequest("OLD", 1).price(Optional.of(OLD)));
    }

    @Test
    void theCatalogueIsReadOncePerSkuAndTheFingerprintIgnoresPrices() {
        OrderRequest request = request(Optional.empty(), line("MUG", 2), line("TEA", 1), line("MUG", 1));

        assertEquals(Set.of("MUG", "TEA"), request.skus());
        assertEquals(request.fingerprint(), request(Optional.empty(), line("MUG", 2), line("TEA", 1), line("MUG", 1)).fingerprint());
        assertNotEquals(request.fingerprint(), request(Optional.of("EUR"), line("MUG", 2), line("TEA", 1), line("MUG", 1)).fingerprint());
        assertNotEquals(request.fingerprint(), request(Optional.empty(), line("MUG", 3), line("TEA", 1), line("MUG", 1)).fingerprint());
    }

    private static NewOrder priced(OrderRequest request) {
        return ((Pricing.Priced<NewOrder>) assertInstanceOf(Pricing.Priced.class, request.price(CATALOGUE))).value();
    }

    private static PricingRefusal refusal(OrderRequest request) {
        return ((Pricing.Refused<?>) assertInstanceOf(Pricing.Refused.class, request.price(CATALOGUE))).refusal();
    }

    private static OrderRequest request(Optional<String> currency, LineRequest... lines) {
        return new OrderRequest("c-1", currency, List.of(lines));
    }

    private static LineRequest line(String sku, long quantity) {
        return new LineRequest(sku, quantity);
    }

    private static Product product(String sku, String name, long unitPrice, String currency, boolean active) {
        return new Product(sku, name, unitPrice, currency, active, Instant.EPOCH, Instant.EPOCH);
    }
}
