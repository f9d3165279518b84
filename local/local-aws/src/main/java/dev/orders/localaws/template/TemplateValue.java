package dev.orders.localaws.template;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * A YAML value with its path in the template, so every "missing" or "wrong type" error says
 * exactly where (instead of a NullPointerException or ClassCastException deep inside).
 */
record TemplateValue(String source, String path, Object value) {

    TemplateValue child(String key) {
        return optional(key).orElseThrow(() -> fail(childPath(key) + " is missing"));
    }

    Optional<TemplateValue> optional(String key) {
        if (!(value instanceof Map<?, ?> map)) {
            throw fail((path.isEmpty() ? "the document" : path) + " is not a mapping");
        }
        Object child = map.get(key);
        return child == null ? Optional.empty() : Optional.of(new TemplateValue(source, childPath(key), child));
    }

    TemplateValue map(String key) {
        TemplateValue child = child(key);
        if (!(child.value instanceof Map)) {
            throw fail(child.path + " is not a mapping");
        }
        return child;
    }

    List<TemplateValue> list(String key) {
        return child(key).elements();
    }

    List<TemplateValue> elements() {
        if (!(value instanceof List<?> list)) {
            throw fail(path + " is not a list");
        }
        return IntStream.range(0, list.size())
                .mapToObj(i -> new TemplateValue(source, path + "[" + i + "]", list.get(i)))
                .toList();
    }

    String string(String key) {
        return child(key).asString();
    }

    String asString() {
        if (value instanceof CloudFormationYaml.Intrinsic intrinsic) {
            throw fail(path + " is !" + intrinsic.name() + " (intrinsic functions are not evaluated)");
        }
        if (value instanceof Map || value instanceof List) {
            throw fail(path + " is not a scalar");
        }
        return String.valueOf(value);
    }

    long asLong() {
        try {
            return Long.parseLong(asString());
        } catch (NumberFormatException e) {
            throw fail(path + " is not a number: " + value);
        }
    }

    <E extends Enum<E>> E enumValue(Function<String, E> fromValue, E unknown) {
        E parsed = fromValue.apply(asString());
        if (parsed == null || parsed == unknown) {
            throw fail(path + " has unsupported value '" + value + "' (intrinsic functions are not evaluated)");
        }
        return parsed;
    }

    private String childPath(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    private IllegalArgumentException fail(String message) {
        return new IllegalArgumentException(source + ": " + message);
    }
}
