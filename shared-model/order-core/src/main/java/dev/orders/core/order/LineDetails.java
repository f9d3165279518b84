package dev.orders.core.order;

import dev.orders.core.money.Money;
import java.util.Optional;

/**
 * What an event says of a line: what was ordered and at what price, and the units of its product's stock it
 * reserved (0: none, its product was not tracked); never its later statuses.
 */
public record LineDetails(String itemId, String sku, Optional<String> name, long quantity, long unitPrice,
                          long reserved) {
    public static LineDetails of(OrderLine item) {
        return new LineDetails(item.itemId(), item.sku(), item.name(), item.quantity(), item.unitPrice(),
                item.reserved());
    }

    public long lineTotal() {
        return Money.lineTotal(quantity, unitPrice);
    }
}
