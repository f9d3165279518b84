package dev.orders.lambda.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import dev.orders.testsupport.lambda.EmfOutput;
import org.junit.jupiter.api.Test;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.model.DimensionSet;
import software.amazon.lambda.powertools.metrics.model.MetricResolution;
import software.amazon.lambda.powertools.metrics.model.MetricUnit;

/** The parts of the embedded metric format ServiceMetrics does not use today, written as CloudWatch reads them. */
class EmfLinesTest {
    private static Metrics metrics() {
        Metrics metrics = new EmfLines();
        metrics.setNamespace("OrderService");
        metrics.setDefaultDimensions(DimensionSet.of("Service", "order-service"));
        return metrics;
    }

    @Test
    void aMetricAddedTwiceIsOneDefinitionWithBothValuesAndUnitsUseCloudWatchNames() throws Exception {
        Metrics metrics = metrics();
        List<Map<String, Object>> documents = EmfOutput.written(() -> {
            metrics.addMetric("Payload", 10, MetricUnit.BYTES_SECOND);
            metrics.addMetric("Payload", 20, MetricUnit.BYTES_SECOND);
            metrics.addMetric("Fast", 1, MetricUnit.COUNT, MetricResolution.HIGH);
            metrics.setTimestamp(Instant.ofEpochMilli(1_795_600_000_000L));
            metrics.addMetadata("batch", "b-1");
            metrics.flush();
        });

        Map<String, Object> document = documents.get(0);
        assertEquals(List.of(10.0, 20.0), document.get("Payload"));
        assertEquals("b-1", document.get("batch"));
        assertEquals(List.of(Map.of("Name", "Payload", "Unit", "Bytes/Second"),
                Map.of("Name", "Fast", "Unit", "Count", "StorageResolution", 1)), EmfOutput.directive(document).get("Metrics"));
        assertEquals(1_795_600_000_000L, ((Number) ((Map<?, ?>) document.get("_aws")).get("Timestamp")).longValue());
    }

    @Test
    void aFlushWritesOnlyWhatWasAddedSinceTheLastOneAndKeepsTheDefaultDimensions() throws Exception {
        Metrics metrics = metrics();
        List<Map<String, Object>> documents = EmfOutput.written(() -> {
            metrics.addDimension(DimensionSet.of("Kind", "OVER_REFUND"));
            metrics.addMetric("PaymentIssues", 1, MetricUnit.COUNT);
            metrics.flush();
            metrics.addMetric("OrdersCreated", 1, MetricUnit.COUNT);
            metrics.flush();
            metrics.flush();
        });

        assertEquals(2, documents.size());
        assertEquals(List.of(List.of("Service")), EmfOutput.directive(documents.get(1)).get("Dimensions"));
        assertEquals(Map.of("Service", "order-service", "OrdersCreated", 1.0), withoutDirective(documents.get(1)));
    }

    @Test
    void anEmptyFlushRaisesOnlyWhenAskedToAndANamespaceIsRequired() {
        Metrics metrics = metrics();
        metrics.setRaiseOnEmptyMetrics(true);
        assertThrows(IllegalStateException.class, metrics::flush);

        Metrics withoutNamespace = new EmfLines();
        withoutNamespace.addMetric("OrdersCreated", 1, MetricUnit.COUNT);
        assertThrows(IllegalArgumentException.class, withoutNamespace::flush);
    }

    private static Map<String, Object> withoutDirective(Map<String, Object> document) {
        Map<String, Object> values = new HashMap<>(document);
        values.remove("_aws");
        return values;
    }
}
