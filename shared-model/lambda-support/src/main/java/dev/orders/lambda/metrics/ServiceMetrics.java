package dev.orders.lambda.metrics;

import java.time.Instant;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.MetricsFactory;
import software.amazon.lambda.powertools.metrics.model.DimensionSet;
import software.amazon.lambda.powertools.metrics.model.MetricUnit;

/**
 * The service's CloudWatch metrics through Powertools' metrics API, written as embedded-metric-format log
 * lines by {@link EmfLines} (no API call).
 * Each figure is its own document, so each keeps its own dimensions; every dimension value comes from a
 * small fixed set (route keys, status classes, enum names), never an order or customer id.
 * The namespace is {@code POWERTOOLS_METRICS_NAMESPACE}, the {@code service} dimension {@code POWERTOOLS_SERVICE_NAME}.
 */
public final class ServiceMetrics {
    private static final Logger LOG = LoggerFactory.getLogger(ServiceMetrics.class);
    private static final Metrics METRICS = install();
    /** Powertools' names of the ids on every JSON log line of a request: the API's request id, and Lambda's. */
    private static final String CORRELATION_ID = "correlation_id";
    private static final String FUNCTION_REQUEST_ID = "function_request_id";

    private ServiceMetrics() {
    }

    private static Metrics install() {
        MetricsFactory.setMetricsProvider(EmfLines::new);
        return MetricsFactory.getMetricsInstance();
    }

    /**
     * One answered HTTP request: {@code Requests} (count) and {@code Latency} (ms) by method, route path and
     * status class. A route key becomes two dimensions because EMF refuses whitespace in a value. The exact status and
     * the request's ids ({@code correlationId}, the API's request id; {@code functionRequestId}, Lambda's) are
     * properties, not dimensions: searchable in Logs Insights at no metric's cost, so this document is the request's
     * record at INFO. An id that is null is left out.
     */
    public static void requestAnswered(String routeKey, int status, long latencyMillis, String correlationId,
                                       String functionRequestId) {
        int space = routeKey.indexOf(' ');
        String method = space < 0 ? routeKey : routeKey.substring(0, space);
        String path = space < 0 ? routeKey : routeKey.substring(space + 1);
        emit(document -> {
            document.addDimension(DimensionSet.of("Method", method, "Route", path, "StatusClass", status / 100 + "xx"));
            document.addMetric("Requests", 1, MetricUnit.COUNT);
            document.addMetric("Latency", latencyMillis, MetricUnit.MILLISECONDS);
            document.addMetadata("status", status);
            addId(document, CORRELATION_ID, correlationId);
            addId(document, FUNCTION_REQUEST_ID, functionRequestId);
        });
    }

    /** An order created (a replayed Idempotency-Key creates none). */
    public static void orderCreated() {
        count("OrdersCreated", 1, Map.of());
    }

    /** An order checked out (the lifecycle's CHECKOUT move): its lines and price are frozen and payment is asked for. */
    public static void checkout() {
        count("Checkouts", 1, Map.of());
    }

    /** A provider's capture or refund applied to its order, by event type. */
    public static void paymentApplied(String eventType) {
        count("PaymentsApplied", 1, Map.of("Type", eventType));
    }

    /** Money an order could not take, recorded as a payment issue, by kind (what the alarm watches). */
    public static void paymentIssueRecorded(String kind) {
        count("PaymentIssues", 1, Map.of("Kind", kind));
    }

    /**
     * One sweep of the payment window: {@code OrdersExpired}, {@code ExpirySkipped} (paid, cancelled or gone since the
     * index listed them) and {@code ExpiryFailed} (a fault of the store; the next sweep tries again), in one document,
     * with the instant it swept up to and Lambda's request id as properties: the sweep's record at INFO.
     */
    public static void paymentWindowSwept(Instant at, int expired, int skipped, int failed, String functionRequestId) {
        emit(document -> {
            document.addMetric("OrdersExpired", expired, MetricUnit.COUNT);
            document.addMetric("ExpirySkipped", skipped, MetricUnit.COUNT);
            document.addMetric("ExpiryFailed", failed, MetricUnit.COUNT);
            document.addMetadata("sweptAt", at.toString());
            addId(document, FUNCTION_REQUEST_ID, functionRequestId);
        });
    }

    /**
     * Order events published on the bus, with Lambda's request id as a property (the batch's record at INFO), and
     * those of a batch left for Lambda to retry.
     */
    public static void eventsPublished(int published, int failed, String functionRequestId) {
        emit(document -> {
            document.addMetric("EventsPublished", published, MetricUnit.COUNT);
            addId(document, FUNCTION_REQUEST_ID, functionRequestId);
        });
        if (failed > 0) {
            count("EventsFailed", failed, Map.of());
        }
    }

    /** An id named as the JSON log lines name it, so one Logs Insights filter finds the metric line beside them. */
    private static void addId(Metrics document, String name, String id) {
        if (id != null) {
            document.addMetadata(name, id);
        }
    }

    private static void count(String name, double value, Map<String, String> dimensions) {
        emit(document -> {
            if (!dimensions.isEmpty()) {
                document.addDimension(DimensionSet.of(dimensions));
            }
            document.addMetric(name, value, MetricUnit.COUNT);
        });
    }

    /** A figure that cannot be written is logged: it must never fail the request or the payment it counts. */
    private static void emit(Consumer<Metrics> document) {
        try {
            METRICS.flushMetrics(document);
        } catch (RuntimeException e) {
            LOG.error("a metric could not be written", e);
        }
    }
}
