package dev.orders.lambda.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import dev.orders.testsupport.lambda.EmfOutput;
import org.junit.jupiter.api.Test;

/** What CloudWatch reads from the log: embedded-metric-format documents, one line each (surefire sets the namespace). */
class ServiceMetricsTest {

    @Test
    void anAnsweredRequestIsCountedAndTimedByMethodRouteAndStatusClass() throws Exception {
        List<Map<String, Object>> documents = EmfOutput.written(() -> ServiceMetrics.requestAnswered("GET /orders/{orderId}",
                503, 12, "JKJaXmPLvHcESHA=", "8f5f1b8e-0c6a-4a8e-9b1e-1f2d3c4b5a69"));

        assertEquals(1, documents.size());
        Map<String, Object> document = documents.get(0);
        assertEquals("GET", document.get("Method"));
        assertEquals("/orders/{orderId}", document.get("Route"));
        assertEquals("5xx", document.get("StatusClass"));
        assertEquals(1.0, document.get("Requests"));
        assertEquals(12.0, document.get("Latency"));
        Map<String, Object> directive = EmfOutput.directive(document);
        assertEquals("OrderService", directive.get("Namespace"));
        assertEquals(List.of(List.of("Service"), List.of("Method", "Route", "StatusClass")), directive.get("Dimensions"));
        assertEquals(List.of(Map.of("Name", "Requests", "Unit", "Count"), Map.of("Name", "Latency", "Unit", "Milliseconds")),
                directive.get("Metrics"));
    }

    /** What the request's INFO line said that no dimension holds, on the metric line, as no metric's dimension. */
    @Test
    void anAnsweredRequestsExactStatusAndIdsArePropertiesOfItsMetricLineAsTheLogLinesNameThem() throws Exception {
        Map<String, Object> document = EmfOutput.written(() -> ServiceMetrics.requestAnswered("PUT /customers/{customerId}",
                201, 7, "JKJaXmPLvHcESHA=", "8f5f1b8e-0c6a-4a8e-9b1e-1f2d3c4b5a69")).get(0);
        Map<String, Object> withoutIds = EmfOutput.written(() -> ServiceMetrics.requestAnswered("GET /orders", 200, 3,
                null, null)).get(0);

        assertEquals(201, document.get("status"));
        assertEquals("JKJaXmPLvHcESHA=", document.get("correlation_id"));
        assertEquals("8f5f1b8e-0c6a-4a8e-9b1e-1f2d3c4b5a69", document.get("function_request_id"));
        assertEquals(List.of(List.of("Service"), List.of("Method", "Route", "StatusClass")),
                EmfOutput.directive(document).get("Dimensions"));
        assertEquals(200, withoutIds.get("status"));
        assertFalse(withoutIds.containsKey("correlation_id") || withoutIds.containsKey("function_request_id"),
                withoutIds.toString());
    }

    @Test
    void aPaymentIssueIsCountedByKindWithoutAnyIdAsDimension() throws Exception {
        List<Map<String, Object>> documents = EmfOutput.written(() -> ServiceMetrics.paymentIssueRecorded("OVER_REFUND"));

        assertEquals(1, documents.size());
        assertEquals("OVER_REFUND", documents.get(0).get("Kind"));
        assertEquals(1.0, documents.get(0).get("PaymentIssues"));
        assertEquals(List.of(List.of("Service"), List.of("Kind")), EmfOutput.directive(documents.get(0)).get("Dimensions"));
    }

    @Test
    void publishedAndFailedEventsAreTwoFiguresAndNoFailureWritesNoFailedFigure() throws Exception {
        List<Map<String, Object>> failed = EmfOutput.written(() -> ServiceMetrics.eventsPublished(3, 2, "batch-1"));
        List<Map<String, Object>> clean = EmfOutput.written(() -> ServiceMetrics.eventsPublished(5, 0, "batch-2"));

        assertEquals(List.of(3.0, 2.0), List.of(failed.get(0).get("EventsPublished"), failed.get(1).get("EventsFailed")));
        assertEquals(1, clean.size());
        assertEquals(5.0, clean.get(0).get("EventsPublished"));
        assertEquals("batch-2", clean.get(0).get("function_request_id"));
        assertEquals(List.of(List.of("Service")), EmfOutput.directive(clean.get(0)).get("Dimensions"));
    }

    @Test
    void aSweepIsOneDocumentOfItsCountsWithTheInstantItSweptAndItsRequestId() throws Exception {
        List<Map<String, Object>> documents = EmfOutput.written(() -> ServiceMetrics.paymentWindowSwept(
                Instant.parse("2026-12-07T17:00:00.250Z"), 2, 1, 0, "sweep-1"));

        assertEquals(1, documents.size());
        Map<String, Object> document = documents.get(0);
        assertEquals(List.of(2.0, 1.0, 0.0), List.of(document.get("OrdersExpired"), document.get("ExpirySkipped"),
                document.get("ExpiryFailed")));
        assertEquals("2026-12-07T17:00:00.250Z", document.get("sweptAt"));
        assertEquals("sweep-1", document.get("function_request_id"));
        assertEquals(List.of(List.of("Service")), EmfOutput.directive(document).get("Dimensions"));
    }

    @Test
    void aFigureEmfRefusesIsLoggedAndNeverFailsTheCaller() throws Exception {
        List<Map<String, Object>> documents = EmfOutput.written(() -> ServiceMetrics.paymentApplied("payment succeeded"));

        assertEquals(List.of(), documents);
    }

}
