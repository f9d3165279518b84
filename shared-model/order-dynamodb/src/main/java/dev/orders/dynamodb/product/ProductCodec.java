package dev.orders.dynamodb.product;

import static dev.orders.dynamodb.table.Attrs.s;

import dev.orders.core.product.Product;
import dev.orders.core.product.Stock;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.table.EntityType;
import dev.orders.dynamodb.table.ItemReader;
import dev.orders.dynamodb.table.OrdersTable;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Product item: PK=PRODUCT#sku, SK=PRODUCT. A product whose stock is tracked also holds {@code onHand},
 * {@code reserved}, {@code available} (= onHand - reserved, kept in step because a condition cannot subtract)
 * and {@code stockVersion}; one without holds none of them.
 */
final class ProductCodec {
    static final String SKU = "sku";
    static final String NAME = "name";
    static final String UNIT_PRICE = "unitPrice";
    static final String CURRENCY = "currency";
    static final String ACTIVE = "active";
    static final String ON_HAND = "onHand";
    static final String RESERVED = "reserved";
    static final String AVAILABLE = "available";
    static final String STOCK_VERSION = "stockVersion";
    static final String CREATED_AT = OrdersTable.CREATED_AT;
    static final String UPDATED_AT = OrdersTable.UPDATED_AT;

    private ProductCodec() {
    }

    static Map<String, AttributeValue> key(String sku) {
        return Map.of(Keys.PK, s(Keys.productPk(sku)), Keys.SK, s(Keys.PRODUCT_SK));
    }

    static Product decode(Map<String, AttributeValue> item) {
        ItemReader r = ItemReader.of(item, EntityType.PRODUCT);
        Optional<Stock> stock = item.containsKey(STOCK_VERSION)
                ? Optional.of(new Stock(r.number(ON_HAND), r.number(RESERVED), r.number(STOCK_VERSION)))
                : Optional.empty();
        return new Product(r.string(SKU), r.string(NAME), r.number(UNIT_PRICE), r.string(CURRENCY), r.bool(ACTIVE),
                r.time(CREATED_AT), r.time(UPDATED_AT), stock);
    }

    /** The units available that a product item holds (0 when it tracks no stock): what a failed reservation found. */
    static long available(Map<String, AttributeValue> item) {
        return ItemReader.of(item, EntityType.PRODUCT).optionalNumber(AVAILABLE).orElse(0);
    }
}
