package dev.orders.routes;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The path of a route as the template declares it, e.g. {@code /customers/{customerId}/orders}, and
 * the one way a request path is matched to it: segment by segment, a {@code {name}} segment taking
 * any non-empty segment, URL-decoded, as API Gateway matches an HTTP API route.
 */
public final class PathTemplate {
    private static final String HEX = "0123456789ABCDEF";
    private final String template;
    /** Per segment: its literal text, or the name of its parameter. */
    private final List<Segment> segments;

    private record Segment(String text, boolean parameter) {
    }

    private PathTemplate(String template, List<Segment> segments) {
        this.template = template;
        this.segments = segments;
    }

    public static PathTemplate of(String template) {
        if (template == null || !template.startsWith("/")) {
            throw new IllegalArgumentException("a path template starts with '/': " + template);
        }
        List<Segment> segments = new ArrayList<>();
        for (String part : template.split("/", -1)) {
            boolean parameter = part.startsWith("{") && part.endsWith("}");
            segments.add(new Segment(parameter ? part.substring(1, part.length() - 1) : part, parameter));
        }
        return new PathTemplate(template, List.copyOf(segments));
    }

    public String template() {
        return template;
    }

    /** A path of this template: each parameter replaced by {@code value} of its name, as it is (not encoded). */
    public String expand(Function<String, String> value) {
        List<String> parts = new ArrayList<>();
        for (Segment segment : segments) {
            parts.add(segment.parameter() ? value.apply(segment.text()) : segment.text());
        }
        return String.join("/", parts);
    }

    /** The path parameters, in template order, if {@code rawPath} matches; empty otherwise. */
    public Optional<Map<String, String>> match(String rawPath) {
        String[] actual = rawPath.split("/", -1);
        if (actual.length != segments.size()) {
            return Optional.empty();
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        for (int i = 0; i < actual.length; i++) {
            Segment segment = segments.get(i);
            if (!segment.parameter()) {
                if (!segment.text().equals(actual[i])) {
                    return Optional.empty();
                }
            } else if (actual[i].isEmpty()) {
                return Optional.empty();
            } else {
                try {
                    // Percent-decoding only: '+' means a space in a form-encoded query, never in a path.
                    String percentEncoded = actual[i].replace("+", "%2B");
                    parameters.put(segment.text(), URLDecoder.decode(percentEncoded, StandardCharsets.UTF_8));
                } catch (IllegalArgumentException e) {
                    // A malformed %-escape is no path of this route.
                    return Optional.empty();
                }
            }
        }
        return Optional.of(parameters);
    }

    /**
     * {@code value} as one path segment, the inverse of {@link #match}'s decoding: every UTF-8 byte but
     * {@code A-Z a-z 0-9 - . _ ~ : @} percent-encoded (so '|', '/' and '+' too, whatever a reader makes of '+').
     */
    public static String encodeSegment(String value) {
        StringBuilder segment = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if (c < 0x80 && (Character.isLetterOrDigit(c) || "-._~:@".indexOf(c) >= 0)) {
                segment.append(c);
            } else {
                segment.append('%').append(HEX.charAt(c >> 4)).append(HEX.charAt(c & 0xf));
            }
        }
        return segment.toString();
    }

    @Override
    public String toString() {
        return template;
    }
}
