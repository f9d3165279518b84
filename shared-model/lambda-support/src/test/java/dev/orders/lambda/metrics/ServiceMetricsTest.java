package dev.orders.lambda.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import dev.orders.testsupport.lambda.EmfOutput;
import org.junit.jupiter.api.Test;

/** What CloudWatch reads from the log: embedded-metric-format documents, one line each (surefire sets the namespace). */
class ServiceMetricsTest {

    @Test
    void anAnsweredRequestIsCountedAndTimedByMethodRouteAndStatusClass() throws Exception {
        List<Map<String, Object>> documents = EmfOutput.written(() -> ServiceMetrics.requestAnswered("GET /orders/{orderId}", 503, 12));

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
        List<Map<String, Object>> failed = EmfOutput.written(() -> ServiceMetrics.eventsPublished(3, 2));
        List<Map<String, Object>> clean = EmfOutput.written(() -> ServiceMetrics.eventsPublished(5, 0));

        assertEquals(List.of(3.0, 2.0), List.of(failed.get(0).get("EventsPublished"), failed.get(1).get("EventsFailed")));
        assertEquals(1, clean.size());
        assertEquals(5.0, clean.get(0).get("EventsPublished"));
    }

    @Test
    void aFigureEmfRefusesIsLoggedAndNeverFailsTheCaller() throws Exception {
        List<Map<String, Object>> documents = EmfOutput.written(() -> ServiceMetrics.paymentApplied("payment succeeded"));

        assertEquals(List.of(), documents);
    }

}
