package dev.orders.bench;

import dev.orders.localaws.template.SamTemplate;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The HTTP API's access log format (its AccessLogSettings in the template), empty without one. */
record AccessLogFormat(String format) {
    private static final Pattern CONTEXT_VARIABLE = Pattern.compile("\\$context\\.([A-Za-z.]+)");

    @SuppressWarnings("unchecked")
    static AccessLogFormat of(SamTemplate template) {
        Map<String, Object> resources = (Map<String, Object>) template.root().get("Resources");
        return new AccessLogFormat(resources.values().stream().map(resource -> (Map<String, Object>) resource)
                .filter(resource -> "AWS::Serverless::HttpApi".equals(resource.get("Type")))
                .map(resource -> (Map<String, Object>) resource.get("Properties"))
                .map(properties -> (Map<String, Object>) properties.getOrDefault("AccessLogSettings", Map.of()))
                .map(settings -> (String) settings.getOrDefault("Format", "")).findFirst().orElse(""));
    }

    /** The access log's line of a request: the format's {@code $context} variables valued, "-" where none is. */
    String line(Map<String, String> values) {
        Matcher variable = CONTEXT_VARIABLE.matcher(format);
        StringBuilder line = new StringBuilder();
        while (variable.find()) {
            variable.appendReplacement(line, Matcher.quoteReplacement(values.getOrDefault(variable.group(1), "-")));
        }
        return variable.appendTail(line).toString();
    }
}
