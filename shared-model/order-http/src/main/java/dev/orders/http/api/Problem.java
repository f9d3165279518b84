package dev.orders.http.api;

import dev.orders.core.validation.FieldError;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An RFC 9457 problem detail, answered as {@code application/problem+json}. Texts are written for
 * the client: they never carry exception messages, stack traces or key structure.
 */
public record Problem(int status, String type, String title, String detail, List<FieldError> errors,
                      Map<String, Object> extensions) {
    private static final String TYPE_PREFIX = "urn:order-service:problem:";

    public static Problem of(int status, String slug, String title, String detail) {
        return new Problem(status, TYPE_PREFIX + slug, title, detail, List.of(), Map.of());
    }

    public static Problem validation(List<FieldError> errors) {
        return new Problem(400, TYPE_PREFIX + "validation", "Invalid request",
                "The request has invalid or missing fields.", errors, Map.of());
    }

    public static Problem notFound(String what) {
        return of(404, "not-found", "Not found", what + " was not found.");
    }

    /** This problem naming the offending fields, as a validation problem does. */
    public Problem withErrors(List<FieldError> fieldErrors) {
        return new Problem(status, type, title, detail, List.copyOf(fieldErrors), extensions);
    }

    public Problem with(String name, Object value) {
        Map<String, Object> more = new LinkedHashMap<>(extensions);
        more.put(name, value);
        return new Problem(status, type, title, detail, errors, more);
    }

    Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("type", type);
        json.put("title", title);
        json.put("status", status);
        json.put("detail", detail);
        if (!errors.isEmpty()) {
            json.put("errors", errors.stream()
                    .map(e -> Map.of("field", e.field(), "message", e.message())).toList());
        }
        json.putAll(extensions);
        return json;
    }
}
