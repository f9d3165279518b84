package dev.orders.core.product;

import dev.orders.core.order.Money;
import dev.orders.core.order.NewItem;
import dev.orders.core.validation.Check;

/** A product as an administrator puts it, validated: its price within the bounds of its currency. */
public record ProductDetails(String sku, String name, long unitPrice, String currency, boolean active) {

    public ProductDetails {
        sku = Sku.of("sku", sku);
        name = Check.text("name", name, NewItem.MAX_NAME_LENGTH);
        currency = Money.currency("currency", currency);
        Money.unitPrice("unitPrice", unitPrice, currency);
    }
}
