package dev.orders.lambda.logging;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.slf4j.event.Level;
import software.amazon.lambda.powertools.logging.argument.StructuredArgument;
import software.amazon.lambda.powertools.logging.internal.JsonSerializer;
import software.amazon.lambda.powertools.logging.internal.PowertoolsLoggedFields;

/**
 * One log line as Powertools' {@code LambdaJsonLayout.json} template for Log4j wrote it, field for field and in its
 * order: level, message, error, the function's context from the MDC (Powertools puts it there), timestamp, trace and
 * correlation ids, then any other MDC entry and the structured arguments. A context field the MDC lacks is null for
 * the five the template always writes and left out otherwise, and a string longer than JsonTemplateLayout's limit is
 * cut as it cut it. The timestamp is UTC, Lambda's time zone.
 */
final class JsonLogLine {
    /** JsonTemplateLayout's default {@code maxStringLength} and {@code truncatedStringSuffix}. */
    static final int MAX_STRING_LENGTH = 16 * 1024;
    private static final String TRUNCATED = "…";
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();
    /** Powertools' fields, which the template places; any other MDC entry follows them. */
    private static final Set<String> POWERTOOLS_FIELDS = Set.copyOf(PowertoolsLoggedFields.stringValues());
    /** The fields the template's resolvers write even when the MDC lacks them: as null. */
    private static final Set<PowertoolsLoggedFields> ALWAYS_WRITTEN = EnumSet.of(PowertoolsLoggedFields.FUNCTION_ARN,
            PowertoolsLoggedFields.FUNCTION_NAME, PowertoolsLoggedFields.FUNCTION_REQUEST_ID,
            PowertoolsLoggedFields.FUNCTION_VERSION, PowertoolsLoggedFields.SERVICE);

    private JsonLogLine() {
    }

    /**
     * Writes the line of one call to standard output as it is now, so that a test can capture it. A line that cannot be
     * written is reported on standard error, as Log4j's status logger did: logging never fails the caller.
     */
    static void write(Level level, String message, Object[] arguments, Throwable throwable, long epochMillis) {
        try {
            byte[] line = of(level, message, arguments, throwable, epochMillis, ThreadMdc.current())
                    .append('\n').toString().getBytes(StandardCharsets.UTF_8);
            PrintStream out = System.out;
            synchronized (out) {
                out.write(line, 0, line.length);
                out.flush();
            }
        } catch (RuntimeException e) {
            System.err.printf("Failed to write a log line: %s%n", e);
        }
    }

    static StringBuilder of(Level level, String message, Object[] arguments, Throwable throwable, long epochMillis,
                            Map<String, String> context) {
        StringBuilder json = new StringBuilder(512).append('{');
        field(json, "level").append('"').append(level.name()).append('"');
        if (message != null) {
            string(field(json, "message"), message);
        }
        if (throwable != null) {
            error(field(json, "error"), throwable);
        }
        String coldStart = context.get(PowertoolsLoggedFields.FUNCTION_COLD_START.getName());
        if (coldStart != null) {
            field(json, "cold_start").append(Boolean.parseBoolean(coldStart));
        }
        contextString(json, context, PowertoolsLoggedFields.FUNCTION_ARN);
        String memory = context.get(PowertoolsLoggedFields.FUNCTION_MEMORY_SIZE.getName());
        if (memory != null) {
            field(json, "function_memory_size").append(Integer.parseInt(memory));
        }
        contextString(json, context, PowertoolsLoggedFields.FUNCTION_NAME);
        contextString(json, context, PowertoolsLoggedFields.FUNCTION_REQUEST_ID);
        contextString(json, context, PowertoolsLoggedFields.FUNCTION_VERSION);
        samplingRate(json, context.get(PowertoolsLoggedFields.SAMPLING_RATE.getName()));
        contextString(json, context, PowertoolsLoggedFields.SERVICE);
        timestamp(field(json, "timestamp"), epochMillis);
        contextString(json, context, PowertoolsLoggedFields.FUNCTION_TRACE_ID);
        contextString(json, context, PowertoolsLoggedFields.CORRELATION_ID);
        others(json, context, arguments);
        return json.append('}');
    }

    private static StringBuilder field(StringBuilder json, String name) {
        if (json.length() > 1) {
            json.append(',');
        }
        return json.append('"').append(name).append("\":");
    }

    private static void contextString(StringBuilder json, Map<String, String> context, PowertoolsLoggedFields key) {
        String value = context.get(key.getName());
        if (value != null) {
            string(field(json, key.getName()), value);
        } else if (ALWAYS_WRITTEN.contains(key)) {
            field(json, key.getName()).append("null");
        }
    }

    private static void samplingRate(StringBuilder json, String rate) {
        if (rate == null) {
            return;
        }
        try {
            float value = Float.parseFloat(rate);
            if (value > 0.f) {
                field(json, PowertoolsLoggedFields.SAMPLING_RATE.getName()).append(value);
            }
        } catch (NumberFormatException notANumber) {
            // Left out, as Powertools' resolver leaves it out.
        }
    }

    private static void error(StringBuilder json, Throwable throwable) {
        json.append('{');
        string(json.append("\"message\":"), throwable.getMessage());
        string(json.append(",\"name\":"), throwable.getClass().getCanonicalName());
        StringWriter stack = new StringWriter();
        throwable.printStackTrace(new PrintWriter(stack));
        string(json.append(",\"stack\":"), stack.toString());
        json.append('}');
    }

    /** Other MDC entries in their keys' order (Log4j's context map is sorted), then the structured arguments. */
    private static void others(StringBuilder json, Map<String, String> context, Object[] arguments) {
        try (JsonSerializer serializer = new JsonSerializer(json)) {
            if (context.size() > POWERTOOLS_FIELDS.size() || !POWERTOOLS_FIELDS.containsAll(context.keySet())) {
                new TreeMap<>(context).forEach((key, value) -> {
                    if (!POWERTOOLS_FIELDS.contains(key)) {
                        serializer.writeSeparator();
                        serializer.writeObjectField(key, value);
                    }
                });
            }
            if (arguments != null) {
                for (Object argument : arguments) {
                    if (argument instanceof StructuredArgument structured) {
                        serializer.writeRaw(',');
                        structured.writeTo(serializer);
                    }
                }
            }
        } catch (IOException e) {
            System.err.printf("Failed to encode log event, error: %s.%n", e.getMessage());
        }
    }

    private static void timestamp(StringBuilder json, long epochMillis) {
        LocalDateTime time = LocalDateTime.ofEpochSecond(Math.floorDiv(epochMillis, 1000L),
                (int) Math.floorMod(epochMillis, 1000L) * 1_000_000, ZoneOffset.UTC);
        json.append('"').append(time.getYear()).append('-');
        padded(json, time.getMonthValue(), 2).append('-');
        padded(json, time.getDayOfMonth(), 2).append('T');
        padded(json, time.getHour(), 2).append(':');
        padded(json, time.getMinute(), 2).append(':');
        padded(json, time.getSecond(), 2).append('.');
        padded(json, time.getNano() / 1_000_000, 3).append("Z\"");
    }

    private static StringBuilder padded(StringBuilder json, int value, int digits) {
        for (int bound = digits == 3 ? 100 : 10; bound > 1 && value < bound; bound /= 10) {
            json.append('0');
        }
        return json.append(value);
    }

    /** A JSON string as Log4j's JsonWriter quotes it: the escapes JSON requires, and nothing else escaped. */
    private static StringBuilder string(StringBuilder json, String value) {
        if (value == null) {
            return json.append("null");
        }
        boolean cut = value.length() > MAX_STRING_LENGTH;
        String text = cut ? value.substring(0, MAX_STRING_LENGTH) : value;
        json.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                case '\b' -> json.append("\\b");
                case '\f' -> json.append("\\f");
                default -> {
                    if (c < 0x20) {
                        json.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        if (cut) {
            json.append(TRUNCATED);
        }
        return json.append('"');
    }
}
