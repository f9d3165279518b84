package dev.orders.bench;

import dev.orders.lambda.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Standard output as Lambda collects it into CloudWatch Logs: one log event a line. Counts the bytes of each line (its
 * newline excluded), by kind: a metric line (CloudWatch's embedded metric format, {@code {"_aws":...}}) or any other;
 * and keeps the custom metrics the metric lines define, each a name with its dimensions' values, as CloudWatch bills them.
 */
final class LogOutput extends OutputStream {
    private static final byte[] EMF = "{\"_aws\"".getBytes(StandardCharsets.UTF_8);

    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private final Map<String, Double> bytes = new TreeMap<>();
    private final Set<String> metrics = new TreeSet<>();

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            byte[] text = line.toByteArray();
            boolean metric = isMetric(text);
            bytes.merge(metric ? Usage.METRIC_LINES : Usage.FUNCTION_LINES, (double) text.length, Double::sum);
            if (metric) {
                metrics.addAll(metricsOf(new String(text, StandardCharsets.UTF_8)));
            }
            line.reset();
        } else {
            line.write(b);
        }
    }

    /** The custom metrics the metric lines written so far define. */
    synchronized Set<String> metrics() {
        return Set.copyOf(metrics);
    }

    /** Each metric of each dimension set of an EMF line's directives: namespace, name, dimensions and their values. */
    @SuppressWarnings("unchecked")
    private static List<String> metricsOf(String emf) {
        Map<String, Object> document;
        try {
            document = (Map<String, Object>) Json.parse(emf);
        } catch (IOException e) {
            throw new UncheckedIOException("not an EMF line: " + emf, e);
        }
        List<String> metrics = new ArrayList<>();
        for (Map<String, Object> directive : (List<Map<String, Object>>) ((Map<String, Object>) document.get("_aws"))
                .get("CloudWatchMetrics")) {
            for (List<String> dimensions : (List<List<String>>) directive.get("Dimensions")) {
                String values = dimensions.stream().map(name -> name + "=" + document.get(name))
                        .collect(Collectors.joining(","));
                for (Map<String, Object> metric : (List<Map<String, Object>>) directive.get("Metrics")) {
                    metrics.add(directive.get("Namespace") + " " + metric.get("Name") + " {" + values + "}");
                }
            }
        }
        return metrics;
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            write(b[i]);
        }
    }

    /** The bytes of the lines ended since the last call, by kind. */
    synchronized Map<String, Double> take() {
        Map<String, Double> taken = new TreeMap<>(bytes);
        bytes.clear();
        return taken;
    }

    private static boolean isMetric(byte[] text) {
        if (text.length < EMF.length) {
            return false;
        }
        for (int i = 0; i < EMF.length; i++) {
            if (text[i] != EMF[i]) {
                return false;
            }
        }
        return true;
    }
}
