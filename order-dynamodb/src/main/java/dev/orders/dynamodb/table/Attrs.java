package dev.orders.dynamodb.table;

import dev.orders.core.time.Timestamps;
import java.time.Instant;
import java.util.Collection;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Short constructors of attribute values for the codecs and expressions. */
public final class Attrs {
    private Attrs() {
    }

    public static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    public static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }

    public static AttributeValue bool(boolean value) {
        return AttributeValue.fromBool(value);
    }

    public static AttributeValue time(Instant value) {
        return AttributeValue.fromS(Timestamps.format(value));
    }

    public static AttributeValue s(Enum<?> value) {
        return AttributeValue.fromS(value.name());
    }

    public static AttributeValue strings(Collection<? extends Enum<?>> values) {
        return AttributeValue.fromL(values.stream().map(Attrs::s).toList());
    }
}
