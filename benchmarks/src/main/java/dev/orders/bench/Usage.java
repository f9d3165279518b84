package dev.orders.bench;

import java.util.Map;
import java.util.TreeMap;

/**
 * What AWS would meter for some invocations, in its billing units: Lambda requests and GB-seconds (by architecture),
 * DynamoDB request units (by table or index), HTTP API requests, EventBridge events (64 KB chunks, and the entries'
 * bytes), and bytes ingested by CloudWatch Logs (by kind of line). Fractions come from averaging several orders.
 */
record Usage(double invocations, double billedMillis, Map<String, Double> gbSeconds, Map<String, Double> readUnits,
             Map<String, Double> writeUnits, double apiRequests, double events, double eventBytes,
             Map<String, Double> logBytes) {
    static final Usage NONE = new Usage(0, 0, Map.of(), Map.of(), Map.of(), 0, 0, 0, Map.of());

    /** The kinds of log line, in the order they are reported. */
    static final String FUNCTION_LINES = "function log lines";
    static final String METRIC_LINES = "metric lines (EMF)";
    static final String PLATFORM_LINES = "START/END/REPORT";
    static final String ACCESS_LOG = "API access log";

    Usage plus(Usage other) {
        return new Usage(invocations + other.invocations, billedMillis + other.billedMillis,
                merge(gbSeconds, other.gbSeconds), merge(readUnits, other.readUnits), merge(writeUnits, other.writeUnits),
                apiRequests + other.apiRequests, events + other.events, eventBytes + other.eventBytes,
                merge(logBytes, other.logBytes));
    }

    Usage times(double factor) {
        return new Usage(invocations * factor, billedMillis * factor, scaled(gbSeconds, factor),
                scaled(readUnits, factor), scaled(writeUnits, factor), apiRequests * factor, events * factor,
                eventBytes * factor, scaled(logBytes, factor));
    }

    double reads() {
        return readUnits.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    double writes() {
        return writeUnits.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    double logged() {
        return logBytes.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    private static Map<String, Double> merge(Map<String, Double> a, Map<String, Double> b) {
        Map<String, Double> merged = new TreeMap<>(a);
        b.forEach((key, value) -> merged.merge(key, value, Double::sum));
        return merged;
    }

    private static Map<String, Double> scaled(Map<String, Double> values, double factor) {
        Map<String, Double> scaled = new TreeMap<>();
        values.forEach((key, value) -> scaled.put(key, value * factor));
        return scaled;
    }
}
