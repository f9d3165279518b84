package dev.orders.testsupport.lambda;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The embedded-metric-format documents a piece of code writes on stdout, as CloudWatch Logs would read them. */
public final class EmfOutput {
    private EmfOutput() {
    }

    /** Code that writes metrics; it may throw, as a reflective invocation of a shaded handler does. */
    public interface Emission {
        void run() throws Exception;
    }

    public static List<Map<String, Object>> written(Emission emission) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            emission.run();
        } finally {
            System.setOut(original);
        }
        return documents(captured.toString(StandardCharsets.UTF_8));
    }

    /** The documents among the lines of {@code output}, in the order written; its other lines left out. */
    public static List<Map<String, Object>> documents(String output) {
        List<Map<String, Object>> documents = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (line.startsWith("{\"_aws\"")) {
                try {
                    documents.add(JSON.std.mapFrom(line));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return documents;
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> directive(Map<String, Object> document) {
        Map<String, Object> aws = (Map<String, Object>) document.get("_aws");
        return ((List<Map<String, Object>>) aws.get("CloudWatchMetrics")).get(0);
    }

    /** The value of {@code dimension} in each document that holds {@code metric}, in the order written. */
    public static List<Object> dimensionOf(List<Map<String, Object>> documents, String metric, String dimension) {
        return documents.stream().filter(document -> document.containsKey(metric))
                .map(document -> document.get(dimension)).toList();
    }
}
