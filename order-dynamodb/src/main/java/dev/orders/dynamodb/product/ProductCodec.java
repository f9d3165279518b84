package dev.orders.dynamodb.product;

import static dev.orders.dynamodb.table.Attrs.s;

import dev.orders.core.product.Product;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.table.EntityType;
import dev.orders.dynamodb.table.ItemReader;
import dev.orders.dynamodb.table.OrdersTable;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Product item: PK=PRODUCT#sku, SK=PRODUCT. */
final class ProductCodec {
    static final String SKU = "sku";
    static final String NAME = "name";
    static final String UNIT_PRICE = "unitPrice";
    static final String CURRENCY = "currency";
    static final String ACTIVE = "active";
    static final String CREATED_AT = OrdersTable.CREATED_AT;
    static final String UPDATED_AT = OrdersTable.UPDATED_AT;

    private ProductCodec() {
    }

    static Map<String, AttributeValue> key(String sku) {
        return Map.of(Keys.PK, s(Keys.productPk(sku)), Keys.SK, s(Keys.PRODUCT_SK));
    }

    static Product decode(Map<String, AttributeValue> item) {
        ItemReader r = ItemReader.of(item, EntityType.PRODUCT);
        return new Product(r.string(SKU), r.string(NAME), r.number(UNIT_PRICE), r.string(CURRENCY), r.bool(ACTIVE),
                r.time(CREATED_AT), r.time(UPDATED_AT));
    }
}
