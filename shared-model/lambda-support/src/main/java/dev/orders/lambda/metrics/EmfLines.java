package dev.orders.lambda.metrics;

import com.amazonaws.services.lambda.runtime.Context;
import dev.orders.lambda.json.Json;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import software.amazon.lambda.powertools.common.internal.LambdaHandlerProcessor;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.internal.Validator;
import software.amazon.lambda.powertools.metrics.model.DimensionSet;
import software.amazon.lambda.powertools.metrics.model.MetricResolution;
import software.amazon.lambda.powertools.metrics.model.MetricUnit;

/**
 * Powertools' {@link Metrics} written as embedded-metric-format lines on stdout with {@link Json}, the
 * document Powertools' own provider writes. That provider serialises with jackson-databind and the EMF
 * library, 2.3 MB of every function jar and their start-up time; this one is installed as Powertools'
 * {@code MetricsProvider}, so callers keep its API, its validation and {@code POWERTOOLS_METRICS_DISABLED}.
 * Not thread-safe, as a Lambda handler needs none: one instance per flush of {@link #flushMetrics}.
 */
final class EmfLines implements Metrics {
    /** CloudWatch reads at most 100 metrics from one document. */
    private static final int MAX_METRICS = 100;
    /** Worked out once: every document names the unit of each of its metrics. */
    private static final Map<MetricUnit, String> UNIT_NAMES = unitNames();
    /** The last namespace found valid: Powertools' check compiles its pattern on every call, for the same text. */
    private static volatile String validNamespace;

    private String namespace;
    private DimensionSet defaultDimensions;
    private final List<DimensionSet> dimensions = new ArrayList<>();
    private final Map<String, Metric> metrics = new LinkedHashMap<>();
    private final Map<String, Object> metadata = new LinkedHashMap<>();
    private Instant timestamp;
    private boolean raiseOnEmptyMetrics;

    private record Metric(MetricUnit unit, MetricResolution resolution, List<Double> values) {
    }

    /** As Powertools asks its provider for one: {@code MetricsFactory} then sets namespace and service from the environment. */
    EmfLines() {
        this(null, new DimensionSet());
    }

    private EmfLines(String namespace, DimensionSet defaultDimensions) {
        this.namespace = namespace;
        this.defaultDimensions = defaultDimensions;
    }

    @Override
    public void addMetric(String name, double value, MetricUnit unit, MetricResolution resolution) {
        if (!metrics.containsKey(name) && metrics.size() == MAX_METRICS) {
            throw new IllegalArgumentException("an EMF document holds at most " + MAX_METRICS + " metrics");
        }
        metrics.computeIfAbsent(name, n -> new Metric(unit, resolution, new ArrayList<>())).values().add(value);
    }

    @Override
    public void addDimension(DimensionSet dimensionSet) {
        if (dimensionSet == null) {
            throw new IllegalArgumentException("DimensionSet cannot be null");
        }
        dimensions.add(dimensionSet);
    }

    @Override
    public void setTimestamp(Instant timestamp) {
        Validator.validateTimestamp(timestamp);
        this.timestamp = timestamp;
    }

    @Override
    public void addMetadata(String key, Object value) {
        metadata.put(key, value);
    }

    @Override
    public void setDefaultDimensions(DimensionSet dimensionSet) {
        if (dimensionSet == null) {
            throw new IllegalArgumentException("DimensionSet cannot be null");
        }
        defaultDimensions = dimensionSet;
    }

    @Override
    public DimensionSet getDefaultDimensions() {
        return defaultDimensions;
    }

    @Override
    public void setNamespace(String namespace) {
        this.namespace = namespace;
    }

    @Override
    public void setRaiseOnEmptyMetrics(boolean raiseOnEmptyMetrics) {
        this.raiseOnEmptyMetrics = raiseOnEmptyMetrics;
    }

    @Override
    public void clearDefaultDimensions() {
        defaultDimensions = new DimensionSet();
    }

    @Override
    public void flush() {
        if (disabled()) {
            return;
        }
        validateNamespace(namespace);
        if (metrics.isEmpty()) {
            if (raiseOnEmptyMetrics) {
                throw new IllegalStateException("No metrics were emitted");
            }
            return;
        }
        System.out.println(document());
        metrics.clear();
        dimensions.clear();
        metadata.clear();
        timestamp = null;
    }

    @Override
    public void captureColdStartMetric(Context context, DimensionSet dimensions) {
        if (LambdaHandlerProcessor.isColdStart()) {
            flushMetrics(document -> {
                if (dimensions != null) {
                    document.addDimension(dimensions);
                }
                if (context != null) {
                    document.addMetadata("function_request_id", context.getAwsRequestId());
                }
                document.addMetric("ColdStart", 1, MetricUnit.COUNT);
            });
        }
    }

    @Override
    public void captureColdStartMetric(DimensionSet dimensions) {
        captureColdStartMetric(null, dimensions);
    }

    @Override
    public void flushMetrics(Consumer<Metrics> figures) {
        if (disabled()) {
            return;
        }
        EmfLines document = new EmfLines(namespace, copy(defaultDimensions));
        figures.accept(document);
        document.flush();
    }

    private static DimensionSet copy(DimensionSet dimensions) {
        return dimensions.getDimensions().isEmpty() ? new DimensionSet() : DimensionSet.of(dimensions.getDimensions());
    }

    private static void validateNamespace(String namespace) {
        if (namespace == null || !namespace.equals(validNamespace)) {
            Validator.validateNamespace(namespace);
            validNamespace = namespace;
        }
    }

    private static boolean disabled() {
        return "true".equalsIgnoreCase(System.getenv("POWERTOOLS_METRICS_DISABLED"));
    }

    /** {@code {"_aws": {Timestamp, CloudWatchMetrics: [{Namespace, Dimensions, Metrics}]}, <dimension and metric values>}}. */
    private String document() {
        List<DimensionSet> sets = new ArrayList<>();
        if (!defaultDimensions.getDimensionKeys().isEmpty()) {
            sets.add(defaultDimensions);
        }
        sets.addAll(dimensions);
        List<Map<String, Object>> definitions = new ArrayList<>();
        Map<String, Object> line = new LinkedHashMap<>();
        // Ordered maps: the same document is the same text in every JVM (Map.of's order varies between runs).
        Map<String, Object> directive = new LinkedHashMap<>();
        directive.put("Namespace", namespace);
        directive.put("Dimensions", sets.stream().map(set -> List.copyOf(set.getDimensionKeys())).toList());
        directive.put("Metrics", definitions);
        Map<String, Object> aws = new LinkedHashMap<>();
        aws.put("Timestamp", (timestamp == null ? Instant.now() : timestamp).toEpochMilli());
        aws.put("CloudWatchMetrics", List.of(directive));
        line.put("_aws", aws);
        sets.forEach(set -> line.putAll(set.getDimensions()));
        line.putAll(metadata);
        metrics.forEach((name, metric) -> {
            Map<String, Object> definition = new LinkedHashMap<>();
            definition.put("Name", name);
            definition.put("Unit", UNIT_NAMES.get(metric.unit()));
            if (metric.resolution() == MetricResolution.HIGH) {
                definition.put("StorageResolution", metric.resolution().getSeconds());
            }
            definitions.add(definition);
            line.put(name, metric.values().size() == 1 ? metric.values().get(0) : metric.values());
        });
        return Json.write(line);
    }

    private static Map<MetricUnit, String> unitNames() {
        Map<MetricUnit, String> names = new EnumMap<>(MetricUnit.class);
        for (MetricUnit unit : MetricUnit.values()) {
            names.put(unit, unitName(unit));
        }
        return names;
    }

    /** CloudWatch's unit name: {@code BYTES_SECOND} is "Bytes/Second", {@code MILLISECONDS} "Milliseconds". */
    private static String unitName(MetricUnit unit) {
        StringBuilder name = new StringBuilder();
        for (String word : unit.name().split("_")) {
            if (!name.isEmpty()) {
                name.append('/');
            }
            name.append(word.charAt(0)).append(word.substring(1).toLowerCase(Locale.ROOT));
        }
        return name.toString();
    }
}
