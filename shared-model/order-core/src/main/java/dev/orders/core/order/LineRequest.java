package dev.orders.core.order;

import dev.orders.core.money.Money;
import dev.orders.core.product.Product;
import dev.orders.core.product.Sku;
import dev.orders.core.validation.FieldError;
import java.util.List;
import java.util.Optional;

/** One line as a client asks for it: a product by its sku, and a quantity. Name and price come from the catalogue. */
public record LineRequest(String sku, long quantity) {

    public LineRequest {
        sku = Sku.of("sku", sku);
        Money.quantity("quantity", quantity);
    }

    /** The line added alone, priced from {@code product} as it is now; refused if it is absent or not for sale. */
    public Pricing<NewLine> price(Optional<Product> product) {
        Optional<FieldError> unavailable = unavailable("sku", product);
        if (unavailable.isPresent()) {
            return new Pricing.Refused<>(new PricingRefusal.ProductUnavailable(List.of(unavailable.get())));
        }
        return new Pricing.Priced<>(pricedBy(product.get()));
    }

    /** The refusal of a line added to an order in {@code orderCurrency} whose product is priced in another. */
    public static PricingRefusal currencyMismatch(String productCurrency, String orderCurrency) {
        return new PricingRefusal.CurrencyMismatch(List.of(
                PricingRefusal.otherCurrency("sku", productCurrency, orderCurrency)));
    }

    /** Why the line at {@code field} cannot be priced from {@code product}; empty when it can. */
    static Optional<FieldError> unavailable(String field, Optional<Product> product) {
        if (product.isEmpty()) {
            return Optional.of(new FieldError(field, "is not in the catalogue"));
        }
        if (!product.get().active()) {
            return Optional.of(new FieldError(field, "is not for sale"));
        }
        return Optional.empty();
    }

    /**
     * A digest of adding this line to the order {@code orderId} of {@code customerId}: a retry with the
     * same idempotency key must ask for the same. Its text starts with NUL, so it never equals an
     * order's, which starts with the customer id.
     */
    public String fingerprint(String customerId, String orderId) {
        return Fingerprints.of("\u0000line\n" + customerId + '\n' + orderId + '\n' + canonical());
    }

    /** The line's part of a fingerprint: what the client asked for, not the price it was given. */
    String canonical() {
        return sku + '\u0000' + quantity;
    }

    /** This line with the product's name and unit price. */
    NewLine pricedBy(Product product) {
        return new NewLine(sku, product.name(), quantity, product.unitPrice());
    }
}
