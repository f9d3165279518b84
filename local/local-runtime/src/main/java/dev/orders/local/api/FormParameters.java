package dev.orders.local.api;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Parameters encoded as {@code application/x-www-form-urlencoded}, as a query string or a form's body carries
 * them: each name with all its values, in order, decoded ({@code +} a space).
 */
final class FormParameters {
    static final String MEDIA_TYPE = "application/x-www-form-urlencoded";

    private FormParameters() {
    }

    /** Whether a body of {@code contentType} is a form. */
    static boolean isForm(Optional<String> contentType) {
        return contentType.map(type -> type.split(";", 2)[0].strip().equalsIgnoreCase(MEDIA_TYPE)).orElse(false);
    }

    /** The parameters of {@code encoded} (none if it is null or empty); IllegalArgumentException if a %-escape is malformed. */
    static Map<String, List<String>> parse(String encoded) {
        Map<String, List<String>> parameters = new LinkedHashMap<>();
        if (encoded == null || encoded.isEmpty()) {
            return parameters;
        }
        for (String pair : encoded.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            String name = URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), StandardCharsets.UTF_8);
            String value = equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
            parameters.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
        }
        return parameters;
    }

    /** The names given more than once, which OAuth 2.0 refuses (RFC 6749 §3.1, §3.2). */
    static List<String> repeated(Map<String, List<String>> parameters) {
        return parameters.entrySet().stream().filter(parameter -> parameter.getValue().size() > 1)
                .map(Map.Entry::getKey).toList();
    }
}
