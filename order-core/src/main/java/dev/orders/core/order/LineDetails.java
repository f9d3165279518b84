package dev.orders.core.order;

import dev.orders.core.money.Money;
import java.util.Optional;

/** What an event says of a line: what was ordered and at what price; never its later statuses. */
public record LineDetails(String itemId, String sku, Optional<String> name, long quantity, long unitPrice) {
    public static LineDetails of(OrderLine item) {
        return new LineDetails(item.itemId(), item.sku(), item.name(), item.quantity(), item.unitPrice());
    }

    public long lineTotal() {
        return Money.lineTotal(quantity, unitPrice);
    }
}
