package dev.orders.core.order;

import java.util.List;

/** An order as it will be written: its currency and at least one priced line, within the size limit. */
public record NewOrder(String customerId, String currency, List<NewItem> items) {

    public NewOrder {
        customerId = Ids.customerId(customerId);
        currency = Money.currency("currency", currency);
        items = OrderLimits.lines(items);
    }

    public long total() {
        return items.stream().mapToLong(NewItem::lineTotal).reduce(0L, Math::addExact);
    }
}
