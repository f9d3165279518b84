package dev.orders.core.order;

import dev.orders.core.product.Product;
import dev.orders.core.product.Stock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What placing an order takes from its products' stock, decided on the products as read: each line of a product
 * whose stock is tracked reserves its quantity, one reservation per sku. The store writes them in the order's
 * transaction on the condition that enough are still available, so this read only answers early what the
 * condition would.
 */
public sealed interface StockReservation {
    /** The order with its lines reserving, and the reservation of each tracked sku. */
    record Reserved(OrderAggregate order, List<RowChange.StockReserved> rows) implements StockReservation {
        public Reserved {
            rows = List.copyOf(rows);
        }
    }

    /** Some products do not have the units the order asks for: nothing may be written. */
    record Short(List<StockShortage> shortages) implements StockReservation {
        public Short {
            shortages = List.copyOf(shortages);
        }
    }

    /** The reservations of {@code placed} from {@code products} (by sku) as read. */
    public static StockReservation of(OrderAggregate placed, Map<String, Product> products) {
        Map<String, Long> wanted = new LinkedHashMap<>();
        List<OrderLine> lines = new ArrayList<>();
        for (OrderLine line : placed.items()) {
            if (stock(products, line.sku()).isPresent()) {
                lines.add(line.reserving());
                wanted.merge(line.sku(), line.quantity(), Math::addExact);
            } else {
                lines.add(line);
            }
        }
        List<StockShortage> shortages = new ArrayList<>();
        wanted.forEach((sku, quantity) -> {
            long available = stock(products, sku).orElseThrow().available();
            if (available < quantity) {
                shortages.add(new StockShortage(sku, quantity, available));
            }
        });
        if (!shortages.isEmpty()) {
            return new Short(shortages);
        }
        OrderLimits.creation(lines.size(), wanted.size());
        List<RowChange.StockReserved> rows = wanted.entrySet().stream()
                .map(entry -> new RowChange.StockReserved(entry.getKey(), entry.getValue())).toList();
        return new Reserved(new OrderAggregate(placed.order(), lines, placed.paymentIssues()), rows);
    }

    private static Optional<Stock> stock(Map<String, Product> products, String sku) {
        return Optional.ofNullable(products.get(sku)).flatMap(Product::stock);
    }
}
