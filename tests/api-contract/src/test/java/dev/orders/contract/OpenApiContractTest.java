package dev.orders.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The judge of ResponseContractTest is not blind: each kind of departure from the document is reported. */
class OpenApiContractTest {
    private static final OpenApiContract CONTRACT = OpenApiContract.ofRepository();
    private static final String GET_PRODUCT = "GET /products/{sku}";
    private static final String PRODUCT = "{\"sku\":\"MUG-BLUE\",\"name\":\"Blue mug\",\"unitPrice\":1250,\"currency\":\"EUR\","
            + "\"active\":true,\"createdAt\":\"2026-01-01T00:00:00.000Z\",\"updatedAt\":\"2026-01-01T00:00:00.000Z\"}";
    private static final String PROBLEM = "{\"type\":\"urn:order-service:problem:not-found\",\"title\":\"Not found\","
            + "\"status\":404,\"detail\":\"The product was not found.\"}";

    @Test
    void aResponseAsDocumentedHasNoMismatch() {
        assertEquals(List.of(), mismatches(GET_PRODUCT, response(200, "application/json", PRODUCT, Map.of())));
        assertEquals(List.of(), mismatches(GET_PRODUCT, response(404, "application/problem+json", PROBLEM, Map.of())));
    }

    @Test
    void anUndocumentedStatusIsReported() {
        assertReported("validation.response.status.unknown",
                mismatches(GET_PRODUCT, response(418, "application/problem+json", PROBLEM, Map.of())));
    }

    @Test
    void aBodyPropertyTheSchemaDoesNotNameIsReported() {
        String withCost = PRODUCT.replace("}", ",\"cost\":700}");
        assertReported("validation.response.body.schema.additionalProperties",
                mismatches(GET_PRODUCT, response(200, "application/json", withCost, Map.of())));
    }

    @Test
    void aProblemAnsweredAsPlainJsonIsReported() {
        assertReported("validation.response.contentType.notAllowed",
                mismatches(GET_PRODUCT, response(404, "application/json", PROBLEM, Map.of())));
    }

    @Test
    void aRequiredHeaderThatIsMissingIsReported() {
        String order = "{\"orderId\":\"01JCZ6X3N1S4M2B0QK9V7TQ5RA\",\"customerId\":\"c-ada\",\"status\":\"CREATED\","
                + "\"version\":1,\"total\":0,\"currency\":\"EUR\",\"itemCount\":0,\"next\":[],\"items\":[],\"paymentIssues\":[]}";
        assertReported("validation.response.header.missing", CONTRACT.mismatches("GET /orders/{orderId}",
                "/orders/01JCZ6X3N1S4M2B0QK9V7TQ5RA", response(200, "application/json", order, Map.of())));
    }

    @Test
    void aHeaderTheDocumentDoesNotNameIsReported() {
        assertReported("undocumented header: 'x-debug'",
                mismatches(GET_PRODUCT, response(200, "application/json", PRODUCT, Map.of("x-debug", "1"))));
    }

    private static List<String> mismatches(String routeKey, APIGatewayV2HTTPResponse response) {
        return CONTRACT.mismatches(routeKey, "/products/MUG-BLUE", response);
    }

    private static void assertReported(String expected, List<String> mismatches) {
        assertTrue(mismatches.stream().anyMatch(m -> m.contains(expected)), expected + " not in " + mismatches);
    }

    private static APIGatewayV2HTTPResponse response(int status, String contentType, String body, Map<String, String> headers) {
        Map<String, String> all = new HashMap<>(headers);
        all.put("content-type", contentType);
        return APIGatewayV2HTTPResponse.builder().withStatusCode(status).withHeaders(all).withBody(body).build();
    }
}
