package dev.orders.core.order;

import dev.orders.core.money.Money;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** An order as it will be written: its currency and at least one priced line, within the size limit. */
public record NewOrder(String customerId, String currency, List<NewLine> items) {

    public NewOrder {
        customerId = Ids.customerId(customerId);
        currency = Money.currency("currency", currency);
        items = OrderLimits.lines(items);
    }

    public long total() {
        return items.stream().mapToLong(NewLine::lineTotal).reduce(0L, Math::addExact);
    }

    /**
     * The order as placed at {@code at} under {@code orderId}, its lines under {@code itemIds} (one per
     * line, in order): CREATED, version 1, every line PENDING and reserving nothing yet ({@link StockReservation#of}).
     */
    public OrderAggregate place(String orderId, List<String> itemIds, Instant at) {
        Ids.orderId(orderId);
        if (itemIds.size() != items.size()) {
            throw new IllegalArgumentException("one line id per line is needed");
        }
        List<OrderLine> lines = new ArrayList<>();
        for (int i = 0; i < itemIds.size(); i++) {
            NewLine item = items.get(i);
            lines.add(new OrderLine(orderId, customerId, Ids.itemId(itemIds.get(i)), item.sku(),
                    Optional.of(item.name()), item.quantity(), item.unitPrice(), LineStatus.PENDING, at, at, 0));
        }
        Order root = new Order(orderId, customerId, OrderStatus.CREATED, 1, total(), currency, 0, 0,
                LineStatuses.pending(lines.size()), at, at);
        return new OrderAggregate(root, lines, List.of());
    }
}
