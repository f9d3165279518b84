package dev.orders.dynamodb.table;

import dev.orders.core.time.Timestamps;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    /**
     * A plain value as an attribute: strings, whole numbers, lists and maps of them (the shape of an
     * event's data). Anything else is a programming error.
     */
    public static AttributeValue document(Object value) {
        if (value instanceof String text) {
            return s(text);
        }
        if (value instanceof Long || value instanceof Integer) {
            return n(((Number) value).longValue());
        }
        if (value instanceof List<?> list) {
            return AttributeValue.fromL(list.stream().map(Attrs::document).toList());
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, AttributeValue> attributes = new LinkedHashMap<>();
            map.forEach((name, element) -> attributes.put((String) name, document(element)));
            return AttributeValue.fromM(attributes);
        }
        throw new IllegalArgumentException("not a document value: " + value);
    }

    /** The plain value of an attribute written by {@link #document}; numbers are Longs. */
    public static Object plain(AttributeValue value) {
        return switch (value.type()) {
            case S -> value.s();
            case N -> Long.parseLong(value.n());
            case L -> value.l().stream().map(Attrs::plain).toList();
            case M -> {
                Map<String, Object> map = new LinkedHashMap<>();
                value.m().forEach((name, element) -> map.put(name, plain(element)));
                yield map;
            }
            default -> throw new CorruptItemException("not a document attribute: " + value);
        };
    }

    public static AttributeValue strings(Collection<? extends Enum<?>> values) {
        return AttributeValue.fromL(values.stream().map(Attrs::s).toList());
    }
}
