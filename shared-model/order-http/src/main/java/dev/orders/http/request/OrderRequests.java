package dev.orders.http.request;

import dev.orders.core.order.LineRequest;
import dev.orders.core.order.OrderLimits;
import dev.orders.core.order.OrderRequest;
import java.util.List;
import java.util.Optional;

/**
 * Request bodies that create orders and lines, read into validated core values. A line names a
 * product and a quantity; its name and price are the catalogue's, so a client may send neither.
 */
public final class OrderRequests {
    private OrderRequests() {
    }

    /** {@code {items: [{sku, quantity}], currency?}} */
    public static OrderRequest orderRequest(String customerId, JsonBody body) {
        Optional<String> currency = body.optionalString("currency");
        List<JsonBody> lines = body.requiredObjects("items");
        // Counted before any item is read: a body of thousands of items is refused as it is.
        OrderLimits.lines(lines);
        List<LineRequest> items = lines.stream().map(OrderRequests::lineRequest).toList();
        return new OrderRequest(customerId, currency, items);
    }

    /** {@code {sku, quantity}} */
    public static LineRequest lineRequest(JsonBody line) {
        line.refuse("unitPrice", "must not be sent: prices come from the catalogue");
        line.refuse("name", "must not be sent: names come from the catalogue");
        String sku = line.requiredString("sku");
        long quantity = line.requiredLong("quantity");
        return line.build(() -> new LineRequest(sku, quantity));
    }
}
