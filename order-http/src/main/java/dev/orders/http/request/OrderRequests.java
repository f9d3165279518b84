package dev.orders.http.request;

import dev.orders.core.order.NewItem;
import dev.orders.core.order.NewOrder;
import dev.orders.core.order.OrderLimits;
import dev.orders.core.validation.ValidationException;
import java.util.List;
import java.util.Optional;

/** Request bodies that create orders and lines, read into validated core values. */
public final class OrderRequests {
    private OrderRequests() {
    }

    /** {@code {currency, items: [{sku, quantity, unitPrice, name?}]}} */
    public static NewOrder newOrder(String customerId, JsonBody body) {
        String currency = body.requiredString("currency");
        List<JsonBody> lines = body.requiredObjects("items");
        if (lines.size() > OrderLimits.MAX_ITEMS_PER_ORDER) {
            throw new ValidationException("items", "an order holds at most " + OrderLimits.MAX_ITEMS_PER_ORDER + " items");
        }
        List<NewItem> items = lines.stream().map(OrderRequests::newItem).toList();
        return new NewOrder(customerId, currency, items);
    }

    /** {@code {sku, quantity, unitPrice, name?}} */
    public static NewItem newItem(JsonBody line) {
        String sku = line.requiredString("sku");
        Optional<String> name = line.optionalString("name");
        long quantity = line.requiredLong("quantity");
        long unitPrice = line.requiredLong("unitPrice");
        return line.build(() -> new NewItem(sku, name, quantity, unitPrice));
    }
}
