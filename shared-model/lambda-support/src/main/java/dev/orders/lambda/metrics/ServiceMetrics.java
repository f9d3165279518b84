package dev.orders.lambda.metrics;

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

    private ServiceMetrics() {
    }

    private static Metrics install() {
        MetricsFactory.setMetricsProvider(EmfLines::new);
        return MetricsFactory.getMetricsInstance();
    }

    /**
     * One answered HTTP request: {@code Requests} (count) and {@code Latency} (ms) by method, route path and
     * status class. A route key becomes two dimensions because EMF refuses whitespace in a value.
     */
    public static void requestAnswered(String routeKey, int status, long latencyMillis) {
        int space = routeKey.indexOf(' ');
        String method = space < 0 ? routeKey : routeKey.substring(0, space);
        String path = space < 0 ? routeKey : routeKey.substring(space + 1);
        emit(document -> {
            document.addDimension(DimensionSet.of("Method", method, "Route", path, "StatusClass", status / 100 + "xx"));
            document.addMetric("Requests", 1, MetricUnit.COUNT);
            document.addMetric("Latency", latencyMillis, MetricUnit.MILLISECONDS);
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
     * index listed them) and {@code ExpiryFailed} (a fault of the store; the next sweep tries again), in one document.
     */
    public static void paymentWindowSwept(int expired, int skipped, int failed) {
        emit(document -> {
            document.addMetric("OrdersExpired", expired, MetricUnit.COUNT);
            document.addMetric("ExpirySkipped", skipped, MetricUnit.COUNT);
            document.addMetric("ExpiryFailed", failed, MetricUnit.COUNT);
        });
    }

    /** Order events published on the bus, and those of a batch left for Lambda to retry. */
    public static void eventsPublished(int published, int failed) {
        count("EventsPublished", published, Map.of());
        if (failed > 0) {
            count("EventsFailed", failed, Map.of());
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
