package dev.orders.localaws.template;

import java.util.List;
import java.util.Map;

/** Reading a template's fields as literals, or failing with a message that names where in the template. */
final class TemplateFields {
    private TemplateFields() {
    }

    static String text(Map<String, Object> fields, String key, String owner) {
        Object value = fields.get(key);
        if (!(value instanceof String text)) {
            throw new IllegalArgumentException("template: " + owner + "." + key + " must be a literal string");
        }
        return text;
    }

    /** A list of literal strings, empty if absent. */
    static List<String> strings(Map<String, Object> fields, String key, String owner) {
        Object value = fields.getOrDefault(key, List.of());
        if (!(value instanceof List<?> list) || !list.stream().allMatch(String.class::isInstance)) {
            throw new IllegalArgumentException("template: " + owner + "." + key + " must be a list of literal strings");
        }
        return list.stream().map(String.class::cast).toList();
    }

    static long number(Object value, String where) {
        try {
            return Long.parseLong(String.valueOf(value));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("template: " + where + " must be a number, not " + shown(value));
        }
    }

    /** A value as the template writes it: {@code !Name argument} for an intrinsic. */
    static Object shown(Object value) {
        return value instanceof CloudFormationYaml.Intrinsic intrinsic ? "!" + intrinsic.name() + " " + intrinsic.argument() : value;
    }

    static Map<String, Object> map(Map<String, Object> fields, String key) {
        Object value = fields.get(key);
        return value == null ? Map.of() : asMap(value);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> asMap(Object value) {
        if (!(value instanceof Map)) {
            throw new IllegalArgumentException("template: expected a mapping, found " + value);
        }
        return (Map<String, Object>) value;
    }
}
