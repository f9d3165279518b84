package dev.orders.core.product;

import dev.orders.core.money.Money;
import dev.orders.core.validation.Check;

/** A product as an administrator puts it, validated: its price within the bounds of its currency. */
public record ProductDetails(String sku, String name, long unitPrice, String currency, boolean active) {
    /** A line takes its product's name, so an order's lines are bounded by it too. */
    public static final int MAX_NAME_LENGTH = 200;

    public ProductDetails {
        sku = Sku.of("sku", sku);
        name = Check.text("name", name, MAX_NAME_LENGTH);
        currency = Money.currency("currency", currency);
        Money.unitPrice("unitPrice", unitPrice, currency);
    }
}
