package dev.orders.dynamodb.customer;

import static dev.orders.dynamodb.table.Attrs.s;
import static dev.orders.dynamodb.table.Attrs.time;

import dev.orders.core.customer.Customer;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.table.EntityType;
import dev.orders.dynamodb.table.ItemReader;
import dev.orders.dynamodb.table.OrdersTable;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Customer profile item: PK=CUSTOMER#id, SK=PROFILE. */
final class CustomerCodec {
    static final String CUSTOMER_ID = "customerId";
    static final String NAME = "name";
    static final String EMAIL = "email";
    static final String CREATED_AT = OrdersTable.CREATED_AT;
    static final String UPDATED_AT = OrdersTable.UPDATED_AT;

    private CustomerCodec() {
    }

    static Map<String, AttributeValue> key(String customerId) {
        return Map.of(Keys.PK, s(Keys.customerPk(customerId)), Keys.SK, s(Keys.PROFILE_SK));
    }

    static Map<String, AttributeValue> encode(Customer customer) {
        Map<String, AttributeValue> item = new HashMap<>(key(customer.customerId()));
        item.put(EntityType.ATTRIBUTE, s(EntityType.CUSTOMER));
        item.put(CUSTOMER_ID, s(customer.customerId()));
        item.put(NAME, s(customer.name()));
        item.put(EMAIL, s(customer.email()));
        item.put(CREATED_AT, time(customer.createdAt()));
        item.put(UPDATED_AT, time(customer.updatedAt()));
        return item;
    }

    static Customer decode(Map<String, AttributeValue> item) {
        ItemReader r = ItemReader.of(item, EntityType.CUSTOMER);
        return new Customer(r.string(CUSTOMER_ID), r.string(NAME), r.string(EMAIL),
                r.time(CREATED_AT), r.time(UPDATED_AT));
    }
}
