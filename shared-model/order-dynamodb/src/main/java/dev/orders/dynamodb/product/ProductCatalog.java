package dev.orders.dynamodb.product;

import static dev.orders.dynamodb.table.Attrs.bool;
import static dev.orders.dynamodb.table.Attrs.n;
import static dev.orders.dynamodb.table.Attrs.s;

import dev.orders.application.port.ProductStore;
import dev.orders.core.order.RowChange;
import dev.orders.core.product.Product;
import dev.orders.core.product.ProductDetails;
import dev.orders.core.product.ProductUpsert;
import dev.orders.core.product.Sku;
import dev.orders.core.product.Stock;
import dev.orders.core.time.Timestamps;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.table.ConditionalWrite;
import dev.orders.dynamodb.table.EntityType;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.dynamodb.table.Transaction;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Access patterns of the product catalogue: put and get one product, set its stock, read an order's products in one
 * request, and the stock updates of an order's transaction.
 */
public record ProductCatalog(OrdersTable table, Clock clock) implements ProductStore {
    /**
     * Creates or replaces a product, keeping createdAt from the first write ({@link OrdersTable#upsert}).
     * Lines already ordered keep the name and price they took.
     */
    @Override
    public ProductUpsert upsert(ProductDetails details) {
        Instant now = Timestamps.truncate(clock.instant());
        Map<String, AttributeValue> before = table.upsert(ProductCodec.key(details.sku()), EntityType.PRODUCT,
                Map.of(ProductCodec.SKU, s(details.sku()), ProductCodec.NAME, s(details.name()),
                        ProductCodec.UNIT_PRICE, n(details.unitPrice()), ProductCodec.CURRENCY, s(details.currency()),
                        ProductCodec.ACTIVE, bool(details.active())), now);
        boolean created = before.isEmpty();
        Instant createdAt = created ? now : ProductCodec.decode(before).createdAt();
        return new ProductUpsert(new Product(details.sku(), details.name(), details.unitPrice(), details.currency(),
                details.active(), createdAt, now), created);
    }

    /**
     * Sets the stock attributes to {@code after} on the condition that the stock is still {@code before}'s version
     * (empty: the product exists and tracks none); false when it is not, nothing written.
     */
    @Override
    public boolean setStock(String sku, Optional<Stock> before, Stock after) {
        Map<String, String> names = new HashMap<>(Map.of("#onHand", ProductCodec.ON_HAND,
                "#reserved", ProductCodec.RESERVED, "#available", ProductCodec.AVAILABLE,
                "#version", ProductCodec.STOCK_VERSION));
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":onHand", n(after.onHand()),
                ":reserved", n(after.reserved()), ":available", n(after.available()), ":version", n(after.version())));
        before.ifPresentOrElse(stock -> values.put(":read", n(stock.version())), () -> names.put("#pk", Keys.PK));
        ConditionalWrite write = table.update(ProductCodec.key(Sku.of("sku", sku)),
                "SET #onHand = :onHand, #reserved = :reserved, #available = :available, #version = :version",
                before.isPresent() ? "#version = :read" : "attribute_exists(#pk) AND attribute_not_exists(#version)",
                names, values);
        return write instanceof ConditionalWrite.Written;
    }

    /**
     * Adds to {@code transaction} the stock update of a step's {@code row} ({@link RowChange.StockReserved},
     * {@code StockReleased} or {@code StockSold}) as the action {@link #stockAction}: a reservation on the condition
     * that so many units are available, a release or a sale on the condition that so many are reserved. Each
     * moves the stock's version.
     */
    public void addTo(Transaction transaction, RowChange row) {
        StockUpdate stock = StockUpdate.of(row);
        Map<String, String> names = new HashMap<>(Map.of("#reserved", ProductCodec.RESERVED,
                "#version", ProductCodec.STOCK_VERSION));
        for (String name : List.of(ProductCodec.ON_HAND, ProductCodec.AVAILABLE)) {
            // DynamoDB refuses a name the expressions do not use.
            if ((stock.update() + stock.condition()).contains("#" + name)) {
                names.put("#" + name, name);
            }
        }
        transaction.update(stockAction(stock.sku()), ProductCodec.key(stock.sku()), stock.update(), stock.condition(),
                names, Map.of(":q", n(stock.quantity()), ":one", n(1)));
    }

    /** The update of a stock row change and its condition. */
    private record StockUpdate(String sku, long quantity, String update, String condition) {
        static StockUpdate of(RowChange row) {
            if (row instanceof RowChange.StockReserved reserved) {
                return new StockUpdate(reserved.sku(), reserved.quantity(),
                        "SET #reserved = #reserved + :q, #available = #available - :q, #version = #version + :one",
                        "#available >= :q");
            }
            if (row instanceof RowChange.StockReleased released) {
                return new StockUpdate(released.sku(), released.quantity(),
                        "SET #reserved = #reserved - :q, #available = #available + :q, #version = #version + :one",
                        "#reserved >= :q");
            }
            if (row instanceof RowChange.StockSold sold) {
                return new StockUpdate(sold.sku(), sold.quantity(),
                        "SET #onHand = #onHand - :q, #reserved = #reserved - :q, #version = #version + :one",
                        "#reserved >= :q");
            }
            throw new IllegalArgumentException("no stock change in " + row);
        }
    }

    /** The name of the action of {@code sku}'s stock in an order's transaction. */
    public static String stockAction(String sku) {
        return "stock " + sku;
    }

    /** The units available that the product item a stock action failed on held. */
    public static long available(Map<String, AttributeValue> item) {
        return ProductCodec.available(item);
    }

    /** One product, read consistently: what a line added now is priced from. */
    @Override
    public Optional<Product> find(String sku) {
        return table.getItem(ProductCodec.key(Sku.of("sku", sku))).map(ProductCodec::decode);
    }

    /** The key of the product {@code sku}: for reading it together with other items. */
    public Map<String, AttributeValue> key(String sku) {
        return ProductCodec.key(Sku.of("sku", sku));
    }

    /** A product item read with {@link #key}. */
    public Product decode(Map<String, AttributeValue> item) {
        return ProductCodec.decode(item);
    }

    /** The products of {@code skus} (distinct) that exist, by sku, with one consistent BatchGetItem. */
    public Map<String, Product> find(Collection<String> skus) {
        Map<String, Product> products = new HashMap<>();
        table.batchGetItems(skus.stream().map(sku -> ProductCodec.key(Sku.of("sku", sku))).toList())
                .stream().map(ProductCodec::decode).forEach(product -> products.put(product.sku(), product));
        return products;
    }
}
