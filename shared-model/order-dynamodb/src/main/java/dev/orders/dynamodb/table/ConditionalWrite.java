package dev.orders.dynamodb.table;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** What became of one conditional write. An empty map stands for "no item". */
public sealed interface ConditionalWrite {
    /** Written; {@code before} is the item the write replaced or updated. */
    record Written(Map<String, AttributeValue> before) implements ConditionalWrite {
    }

    /** The condition failed and nothing was written; {@code holder} is the item that failed it. */
    record Refused(Map<String, AttributeValue> holder) implements ConditionalWrite {
    }
}
