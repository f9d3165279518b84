package dev.orders.http.request;

import dev.orders.core.validation.FieldError;
import dev.orders.core.validation.ValidationException;
import dev.orders.lambda.json.Json;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Typed, strict reading of one JSON object of a request. Every wrong type or missing field becomes a
 * {@link ValidationException} naming the field by its path (e.g. {@code items[2].quantity}).
 */
public final class JsonBody {
    private final Map<?, ?> fields;
    private final String path;

    private JsonBody(Map<?, ?> fields, String path) {
        this.fields = fields;
        this.path = path;
    }

    public static JsonBody parse(Optional<String> body) {
        if (body.isEmpty() || body.get().isBlank()) {
            throw new ValidationException("body", "a JSON object is required");
        }
        Object value;
        try {
            value = Json.parse(body.get());
        } catch (IOException e) {
            throw new ValidationException("body", "is not valid JSON");
        }
        if (!(value instanceof Map<?, ?> map)) {
            throw new ValidationException("body", "must be a JSON object");
        }
        return new JsonBody(map, "");
    }

    public String requiredString(String name) {
        return optionalString(name).orElseThrow(() -> missing(name));
    }

    public Optional<String> optionalString(String name) {
        Object value = fields.get(name);
        if (value == null) {
            return Optional.empty();
        }
        if (!(value instanceof String text)) {
            throw wrongType(name, "a string");
        }
        return Optional.of(text);
    }

    /** Refuses a field the client may not send, whatever its value, naming it by its path. */
    public void refuse(String name, String reason) {
        if (fields.containsKey(name)) {
            throw new ValidationException(field(name), reason);
        }
    }

    public Optional<Boolean> optionalBoolean(String name) {
        Object value = fields.get(name);
        if (value == null) {
            return Optional.empty();
        }
        if (!(value instanceof Boolean flag)) {
            throw wrongType(name, "true or false");
        }
        return Optional.of(flag);
    }

    public long requiredLong(String name) {
        return optionalLong(name).orElseThrow(() -> missing(name));
    }

    /** Whole numbers only: 1.0, "1" and numbers beyond 64 bits are refused, never rounded. */
    public Optional<Long> optionalLong(String name) {
        Object value = fields.get(name);
        if (value == null) {
            return Optional.empty();
        }
        if (value instanceof Integer || value instanceof Long) {
            return Optional.of(((Number) value).longValue());
        }
        if (value instanceof BigInteger) {
            throw new ValidationException(field(name), "is out of range");
        }
        throw wrongType(name, "a whole number");
    }

    /** A nested object, readable with its name in the path ({@code data.orderId}). */
    public JsonBody requiredObject(String name) {
        Object value = fields.get(name);
        if (value == null) {
            throw missing(name);
        }
        if (!(value instanceof Map<?, ?> map)) {
            throw wrongType(name, "an object");
        }
        return new JsonBody(map, field(name));
    }

    /** A nested object that may be absent or null (Stripe writes {@code null} for what is not set). */
    public Optional<JsonBody> optionalObject(String name) {
        return fields.get(name) == null ? Optional.empty() : Optional.of(requiredObject(name));
    }

    /** The objects of an array field, each readable with its index in the path. */
    public List<JsonBody> requiredObjects(String name) {
        Object value = fields.get(name);
        if (value == null) {
            throw missing(name);
        }
        if (!(value instanceof List<?> list)) {
            throw wrongType(name, "an array");
        }
        List<JsonBody> objects = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            String itemPath = field(name) + "[" + i + "]";
            if (!(list.get(i) instanceof Map<?, ?> map)) {
                throw new ValidationException(itemPath, "must be an object");
            }
            objects.add(new JsonBody(map, itemPath));
        }
        return objects;
    }

    /**
     * Runs a core constructor that validates its arguments, and re-labels its field errors with this
     * object's path, so that a client reads {@code items[1].quantity} rather than {@code quantity}.
     */
    public <T> T build(java.util.function.Supplier<T> constructor) {
        try {
            return constructor.get();
        } catch (ValidationException e) {
            if (path.isEmpty()) {
                throw e;
            }
            throw new ValidationException(e.errors().stream()
                    .map(error -> new FieldError(path + "." + error.field(), error.message())).toList());
        }
    }

    private String field(String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    private ValidationException missing(String name) {
        return new ValidationException(field(name), "is required");
    }

    private ValidationException wrongType(String name, String type) {
        return new ValidationException(field(name), "must be " + type);
    }
}
