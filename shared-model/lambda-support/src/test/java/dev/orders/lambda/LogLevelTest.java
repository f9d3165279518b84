package dev.orders.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The level of the functions' logs, each case in a JVM of its own (lambda-logging's configuration and Powertools read
 * the environment once): POWERTOOLS_LOG_LEVEL as Powertools documents it, over the template's LOG_LEVEL, from the function's init
 * on; the libraries' loggers stay at WARN whatever the level.
 */
class LogLevelTest {
    private static final List<String> ALWAYS = List.of("service info in a request", "library warn in a request");
    private static final List<String> SERVICE_DEBUG = List.of("service debug at init", "service debug in a request",
            "service info in a request", "library warn in a request");
    private static final Map<String, String> NO_LEVEL = Map.of();
    private static final Map<String, String> LOG_LEVEL_DEBUG = Map.of("LOG_LEVEL", "DEBUG");
    private static final Map<String, String> POWERTOOLS_DEBUG = Map.of("POWERTOOLS_LOG_LEVEL", "DEBUG", "LOG_LEVEL", "INFO");
    private static final Map<String, String> POWERTOOLS_INFO = Map.of("POWERTOOLS_LOG_LEVEL", "INFO", "LOG_LEVEL", "DEBUG");
    /** One probe JVM per case, all started at once: each takes a second or more to start. */
    private static final Map<Map<String, String>, Process> PROBES = new HashMap<>();

    @BeforeAll
    static void startTheProbes() throws IOException {
        for (Map<String, String> env : List.of(NO_LEVEL, LOG_LEVEL_DEBUG, POWERTOOLS_DEBUG, POWERTOOLS_INFO)) {
            PROBES.put(env, probe(env));
        }
    }

    @Test
    void withoutALevelTheServiceLogsInfo() throws Exception {
        assertEquals(ALWAYS, messages(PROBES.get(NO_LEVEL)));
    }

    @Test
    void logLevelDebugTurnsOnTheServicesDebugLinesOnly() throws Exception {
        assertEquals(SERVICE_DEBUG, messages(PROBES.get(LOG_LEVEL_DEBUG)));
    }

    @Test
    void powertoolsLogLevelDebugTurnsOnTheServicesDebugLinesFromTheInitOnAndNotTheLibraries() throws Exception {
        assertEquals(SERVICE_DEBUG, messages(PROBES.get(POWERTOOLS_DEBUG)));
    }

    @Test
    void powertoolsLogLevelWinsOverLogLevel() throws Exception {
        assertEquals(ALWAYS, messages(PROBES.get(POWERTOOLS_INFO)));
    }

    /**
     * {@link LogLevelProbe} with {@code env} (and no other level variable), the JVM tuned for a quick start, as the
     * template's JAVA_TOOL_OPTIONS tune the functions'.
     */
    private static Process probe(Map<String, String> env) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                LogLevelProbe.class.getName());
        builder.environment().keySet().removeAll(List.of("LOG_LEVEL", "POWERTOOLS_LOG_LEVEL", "AWS_LAMBDA_LOG_LEVEL",
                "JAVA_TOOL_OPTIONS"));
        builder.environment().putAll(env);
        builder.redirectError(ProcessBuilder.Redirect.INHERIT);
        return builder.start();
    }

    /** The messages the probe logged, in order. */
    private static List<String> messages(Process probe) throws IOException, InterruptedException {
        String out = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!probe.waitFor(60, TimeUnit.SECONDS) || probe.exitValue() != 0) {
            throw new IllegalStateException("the probe failed: " + out);
        }
        List<String> messages = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (!line.isBlank()) {
                messages.add((String) JSON.std.mapFrom(line).get("message"));
            }
        }
        return messages;
    }
}
