package dev.orders.dynamodb.product;

import static dev.orders.dynamodb.table.Attrs.bool;
import static dev.orders.dynamodb.table.Attrs.n;
import static dev.orders.dynamodb.table.Attrs.s;
import static dev.orders.dynamodb.table.Attrs.time;

import dev.orders.core.product.Product;
import dev.orders.core.product.ProductDetails;
import dev.orders.core.product.ProductUpsert;
import dev.orders.core.product.Sku;
import dev.orders.core.time.Timestamps;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.table.ConditionalWrite;
import dev.orders.dynamodb.table.CorruptItemException;
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
public record ProductCatalog(OrdersTable table, Clock clock) {
    /**
     * Creates or replaces a product in one UpdateItem, so attributes this code does not know survive;
     * createdAt is kept from the first write. Lines already ordered keep the name and price they took.
     */
    public ProductUpsert upsert(ProductDetails details) {
        Instant now = Timestamps.truncate(clock.instant());
        Map<String, String> names = new HashMap<>(Map.of("#pk", Keys.PK, "#type", EntityType.ATTRIBUTE,
                "#sku", ProductCodec.SKU, "#name", ProductCodec.NAME, "#price", ProductCodec.UNIT_PRICE,
                "#currency", ProductCodec.CURRENCY, "#active", ProductCodec.ACTIVE));
        names.put("#updated", ProductCodec.UPDATED_AT);
        names.put("#created", ProductCodec.CREATED_AT);
        ConditionalWrite write = table.update(ProductCodec.key(details.sku()),
                "SET #type = :type, #sku = :sku, #name = :name, #price = :price, #currency = :currency,"
                        + " #active = :active, #updated = :now, #created = if_not_exists(#created, :now)",
                "attribute_not_exists(#pk) OR #type = :type", names,
                Map.of(":type", s(EntityType.PRODUCT), ":sku", s(details.sku()), ":name", s(details.name()),
                        ":price", n(details.unitPrice()), ":currency", s(details.currency()),
                        ":active", bool(details.active()), ":now", time(now)));
        if (write instanceof ConditionalWrite.Refused refused) {
            // The product key holds an item of another type: decoding it reports the corruption.
            ProductCodec.decode(refused.holder());
            throw new CorruptItemException("product " + details.sku() + " refused an update");
        }
        Map<String, AttributeValue> before = ((ConditionalWrite.Written) write).before();
        boolean created = before.isEmpty();
        Instant createdAt = created ? now : ProductCodec.decode(before).createdAt();
        return new ProductUpsert(new Product(details.sku(), details.name(), details.unitPrice(), details.currency(),
                details.active(), createdAt, now), created);
    }

    /** One product, read consistently: what a line added now is priced from. */
    public Optional<Product> find(String sku) {
        return table.getItem(ProductCodec.key(Sku.of("sku", sku))).map(ProductCodec::decode);
    }

    /** The products of {@code skus} (distinct) that exist, by sku, with one consistent BatchGetItem. */
    public Map<String, Product> find(Collection<String> skus) {
        Map<String, Product> products = new HashMap<>();
        table.batchGetItems(skus.stream().map(sku -> ProductCodec.key(Sku.of("sku", sku))).toList())
                .stream().map(ProductCodec::decode).forEach(product -> products.put(product.sku(), product));
        return products;
    }
}
