package dev.orders.lambda.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static software.amazon.lambda.powertools.logging.argument.StructuredArguments.entry;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.config.DefaultConfiguration;
import org.apache.logging.log4j.core.impl.Log4jLogEvent;
import org.apache.logging.log4j.layout.template.json.JsonTemplateLayout;
import org.apache.logging.log4j.message.ParameterizedMessage;
import org.apache.logging.log4j.util.SortedArrayStringMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.Logger;
import org.slf4j.MDC;
import org.slf4j.event.Level;

/**
 * Every line is the line Powertools' Log4j layout wrote before (its {@code LambdaJsonLayout.json} template in
 * JsonTemplateLayout, over the same call and MDC), byte for byte but for the timestamp, whose format is held apart.
 */
class JsonLogLineTest {
    /** The MDC Powertools' logging puts in a request, as PowertoolsLogging.initializeLogging does. */
    private static final Map<String, String> REQUEST = ordered("function_name", "orders-GetCustomer",
            "function_version", "$LATEST", "function_arn", "arn:aws:lambda:eu-west-1:123456789012:function:orders-GetCustomer",
            "function_memory_size", "1024", "function_request_id", "8f5f1b8e-0c6a-4a8e-9b1e-1f2d3c4b5a69",
            "cold_start", "true", "service", "order-service", "sampling_rate", "0.0", "correlation_id", "Xy1abcDEFgAMcQ=");
    private static final JsonTemplateLayout BEFORE = JsonTemplateLayout.newBuilder()
            .setConfiguration(new DefaultConfiguration()).setEventTemplateUri("classpath:LambdaJsonLayout.json").build();

    record Call(String name, Level level, Map<String, String> mdc, String pattern, Object... arguments) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Call> calls() {
        IllegalStateException cause = new IllegalStateException("the cause");
        Map<String, String> sampledAndTraced = new LinkedHashMap<>(REQUEST);
        sampledAndTraced.put("sampling_rate", "0.25");
        sampledAndTraced.put("xray_trace_id", "1-5759e988-bd862e3fe1be46a994272793");
        Map<String, String> extra = new LinkedHashMap<>(REQUEST);
        extra.put("tenant", "shop-7");
        extra.put("b_first_after_a", "\"quoted\"\n");
        extra.put("a_key", "a");
        return Stream.of(
                new Call("a line at init, outside any request", Level.INFO, Map.of(), "store priming registered"),
                new Call("an answer's line", Level.DEBUG, REQUEST, "{} {} answered {} in {}", entry("method", "GET"),
                        entry("route", "GET /customers/{customerId}"), entry("status", 200), entry("durationMs", 12L)),
                new Call("sampled, with a trace id", Level.DEBUG, sampledAndTraced, "refused as invalid: {}",
                        List.of("items", "quantity")),
                new Call("other MDC entries", Level.INFO, extra, "with {} and {}", "one", entry("key", "va\"lue\\")),
                new Call("a failure with a cause", Level.ERROR, REQUEST, "unexpected failure",
                        new RuntimeException("boom", cause)),
                new Call("a failure without a message, of a nested class", Level.WARN, REQUEST, "store busy: {}",
                        "ThrottlingException", new Nested()),
                new Call("characters JSON escapes", Level.WARN, Map.of(), "quote \" backslash \\ \n\r\t\b\f \u0001\u001f "
                        + "é 日本 \uD83D\uDE00 \u2028 </script>"),
                new Call("a message longer than the layout's limit", Level.INFO, REQUEST,
                        "x".repeat(JsonLogLine.MAX_STRING_LENGTH + 10)),
                new Call("arguments beyond the placeholders, arrays and nulls", Level.TRACE, Map.of(), "{} {} {}",
                        new int[] {1, 2}, null, new String[] {"a", "b"}, "extra"),
                new Call("an escaped placeholder", Level.INFO, Map.of(), "literal \\{} then {}", "value"));
    }

    @AfterEach
    void clearTheMdc() {
        MDC.clear();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("calls")
    void aLineIsTheLineOfBefore(Call call) {
        call.mdc().forEach(MDC::put);
        String line = captured(logger -> logger.atLevel(call.level()).log(call.pattern(), call.arguments()));

        assertEquals(withoutTimestamp(before(call, 1_764_000_000_123L)), withoutTimestamp(line));
    }

    @Test
    void aThreadStartedInARequestLogsWithoutTheRequestsContextAsLog4jsThreadContextDid() {
        REQUEST.forEach(MDC::put);
        String line = captured(logger -> {
            Thread thread = new Thread(() -> logger.info("from a thread the request started"));
            thread.start();
            try {
                thread.join();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });

        Call outsideAnyRequest = new Call("outside any request", Level.INFO, Map.of(), "from a thread the request started");
        assertEquals(withoutTimestamp(before(outsideAnyRequest, 1L)), withoutTimestamp(line));
    }

    @Test
    void aLineThatCannotBeWrittenIsReportedOnStandardErrorAndNeverFailsTheCaller() {
        MDC.put("function_memory_size", "not a number");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream stderr = System.err;
        String line;
        try (PrintStream capture = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            System.setErr(capture);
            line = captured(logger -> logger.info("answered"));
        } finally {
            System.setErr(stderr);
        }

        assertEquals("", line);
        assertEquals("Failed to write a log line: java.lang.NumberFormatException: For input string: \"not a number\"",
                err.toString(StandardCharsets.UTF_8).trim());
    }

    @Test
    void theTimestampIsTheLayoutsUtcMillisecondsWithAZ() {
        for (long millis : new long[] {1L, 1_764_000_000_123L, 1_709_164_800_007L, 253_402_300_799_999L}) {
            Call call = new Call("at " + millis, Level.INFO, Map.of(), "at {}", millis);
            assertEquals(before(call, millis), JsonLogLine.of(call.level(), "at " + millis, call.arguments(), null,
                    millis, Map.of()) + System.lineSeparator());
        }
    }

    private static String before(Call call, long millis) {
        ParameterizedMessage message = new ParameterizedMessage(call.pattern(), call.arguments());
        SortedArrayStringMap mdc = new SortedArrayStringMap();
        call.mdc().forEach(mdc::putValue);
        LogEvent event = Log4jLogEvent.newBuilder().setLoggerName("dev.orders.test").setTimeMillis(millis)
                .setLevel(org.apache.logging.log4j.Level.valueOf(call.level().name())).setMessage(message)
                .setThrown(message.getThrowable()).setContextData(mdc).build();
        return BEFORE.toSerializable(event);
    }

    private static String captured(Consumer<Logger> calls) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        LogLevels.setEveryLogger(Level.TRACE);
        try (PrintStream capture = new PrintStream(out, true, StandardCharsets.UTF_8)) {
            System.setOut(capture);
            calls.accept(new JsonLogger("dev.orders.test"));
        } finally {
            System.setOut(stdout);
            LogLevels.reset();
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String withoutTimestamp(String line) {
        return line.replaceFirst("\"timestamp\":\"[^\"]*\"", "\"timestamp\":\"…\"");
    }

    private static Map<String, String> ordered(String... keysAndValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    static final class Nested extends Exception {
        private static final long serialVersionUID = 1L;
    }

}
