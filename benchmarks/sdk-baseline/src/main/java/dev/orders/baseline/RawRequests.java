package dev.orders.baseline;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** Bare DynamoDB requests on the order table's keys, as the SDK-only programs of the benchmarks make them. */
public final class RawRequests {
    private RawRequests() {
    }

    public static Map<String, AttributeValue> key(String pk, String sk) {
        return Map.of("PK", s(pk), "SK", s(sk));
    }

    /** A conditional put of a bare item. */
    public static TransactWriteItem put(String table, String pk, String sk) {
        return TransactWriteItem.builder().put(p -> p.tableName(table).item(key(pk, sk))
                .conditionExpression("attribute_not_exists(PK)")).build();
    }

    public static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
