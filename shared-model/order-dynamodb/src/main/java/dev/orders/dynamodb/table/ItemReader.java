package dev.orders.dynamodb.table;

import dev.orders.core.time.Timestamps;
import dev.orders.dynamodb.keys.Keys;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Typed, checked access to one stored item. Created for an expected entity type: an item of another
 * type is refused here, so a codec can never build a silently wrong object.
 */
public final class ItemReader {
    private final Map<String, AttributeValue> item;

    private ItemReader(Map<String, AttributeValue> item) {
        this.item = item;
    }

    public static ItemReader of(Map<String, AttributeValue> item, EntityType expected) {
        AttributeValue type = item.get(EntityType.ATTRIBUTE);
        String actual = type == null ? null : type.s();
        if (!expected.name().equals(actual)) {
            throw new CorruptItemException("item " + describe(item) + " has entity type " + actual
                    + ", expected " + expected);
        }
        return new ItemReader(item);
    }

    public String string(String name) {
        return optionalString(name).orElseThrow(() -> missing(name));
    }

    public Optional<String> optionalString(String name) {
        AttributeValue value = item.get(name);
        if (value == null || value.nul() != null && value.nul()) {
            return Optional.empty();
        }
        if (value.s() == null) {
            throw malformed(name);
        }
        return Optional.of(value.s());
    }

    public long number(String name) {
        return optionalNumber(name).orElseThrow(() -> missing(name));
    }

    /** The number, if the item has the attribute: an attribute written only where it is not zero, say. */
    public OptionalLong optionalNumber(String name) {
        AttributeValue value = item.get(name);
        if (value == null) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(value.n()));
        } catch (NumberFormatException | NullPointerException e) {
            throw malformed(name);
        }
    }

    public boolean bool(String name) {
        AttributeValue value = item.get(name);
        if (value == null) {
            throw missing(name);
        }
        if (value.bool() == null) {
            throw malformed(name);
        }
        return value.bool();
    }

    public Instant time(String name) {
        try {
            return Timestamps.parse(string(name));
        } catch (IllegalArgumentException e) {
            throw malformed(name);
        }
    }

    /** A map attribute written with {@link Attrs#document}, as plain values. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> document(String name) {
        AttributeValue value = item.get(name);
        if (value == null) {
            throw missing(name);
        }
        if (value.type() != AttributeValue.Type.M) {
            throw malformed(name);
        }
        return (Map<String, Object>) Attrs.plain(value);
    }

    public <E extends Enum<E>> E enumValue(String name, Class<E> type) {
        return optionalEnum(name, type).orElseThrow(() -> missing(name));
    }

    public <E extends Enum<E>> Optional<E> optionalEnum(String name, Class<E> type) {
        try {
            return optionalString(name).map(text -> Enum.valueOf(type, text));
        } catch (IllegalArgumentException e) {
            throw malformed(name);
        }
    }

    private CorruptItemException missing(String name) {
        return new CorruptItemException("item " + describe(item) + " lacks attribute " + name);
    }

    private CorruptItemException malformed(String name) {
        return new CorruptItemException("item " + describe(item) + " has a malformed attribute " + name);
    }

    private static String describe(Map<String, AttributeValue> item) {
        AttributeValue pk = item.get(Keys.PK);
        AttributeValue sk = item.get(Keys.SK);
        return "(" + (pk == null ? "?" : pk.s()) + ", " + (sk == null ? "?" : sk.s()) + ")";
    }
}
