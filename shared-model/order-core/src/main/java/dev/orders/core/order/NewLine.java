package dev.orders.core.order;

import dev.orders.core.money.Money;
import dev.orders.core.product.ProductDetails;
import dev.orders.core.product.Sku;
import dev.orders.core.validation.Check;

/**
 * An order line as it will be written, before it has an id: the product's sku and name and its unit
 * price at the moment the line is priced ({@link LineRequest#price}), and the quantity asked for.
 */
public record NewLine(String sku, String name, long quantity, long unitPrice) {
    public NewLine {
        sku = Sku.of("sku", sku);
        name = Check.text("name", name, ProductDetails.MAX_NAME_LENGTH);
        Money.quantity("quantity", quantity);
        Money.unitPrice("unitPrice", unitPrice);
    }

    public long lineTotal() {
        return Money.lineTotal(quantity, unitPrice);
    }
}
