package dev.orders.dynamodb.product;

import static dev.orders.dynamodb.table.Attrs.bool;
import static dev.orders.dynamodb.table.Attrs.n;
import static dev.orders.dynamodb.table.Attrs.s;

import dev.orders.application.port.ProductStore;
import dev.orders.core.product.Product;
import dev.orders.core.product.ProductDetails;
import dev.orders.core.product.ProductUpsert;
import dev.orders.core.product.Sku;
import dev.orders.core.time.Timestamps;
import dev.orders.dynamodb.table.EntityType;
import dev.orders.dynamodb.table.OrdersTable;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Access patterns of the product catalogue: put and get one product, and read an order's products in one request. */
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
