package dev.orders.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The judge of {@code required} is not blind: it reports each way a schema's required set departs from its responses. */
class PropertyPresenceTest {
    private static final String GET_PRODUCT = "GET /products/{sku}";
    private static final String PRODUCT = "{\"sku\":\"MUG-BLUE\",\"name\":\"Blue mug\",\"unitPrice\":1250,\"currency\":\"EUR\","
            + "\"active\":true,\"createdAt\":\"2026-01-01T00:00:00.000Z\",\"updatedAt\":\"2026-01-01T00:00:00.000Z\"}";
    /** The product with its stock tracked: {@code available}, the one optional property of a product. */
    private static final String STOCKED_PRODUCT = PRODUCT.replace("\"active\":true,", "\"active\":true,\"available\":3,");
    private static final String ORDER = "{\"orderId\":\"o-1\",\"customerId\":\"c-ada\",\"status\":\"PAID\",\"version\":2,"
            + "\"total\":1250,\"currency\":\"EUR\",\"capturedAmount\":1250,\"refundedAmount\":0,\"paymentId\":\"pay_1\","
            + "\"itemCount\":1,\"createdAt\":\"2026-01-01T00:00:00.000Z\",\"updatedAt\":\"2026-01-01T00:00:00.000Z\"";

    @Test
    void responsesHoldingExactlyTheRequiredPropertiesAndEachOptionalOneSometimesHaveNoMismatch() {
        PropertyPresence presence = PropertyPresence.ofRepository();
        presence.record(GET_PRODUCT, json(200, PRODUCT));
        presence.record(GET_PRODUCT, json(200, STOCKED_PRODUCT));

        assertEquals(List.of(), presence.mismatches());
        assertEquals(2, presence.responses());
    }

    @Test
    void aRequiredPropertyAbsentFromAResponseIsReported() {
        PropertyPresence presence = PropertyPresence.ofRepository();
        presence.record(GET_PRODUCT, json(200, STOCKED_PRODUCT));
        presence.record(GET_PRODUCT, json(200, PRODUCT.replace("\"active\":true,", "")));

        assertEquals(List.of("Product.active is required but absent from 1 of 2 instances"), presence.mismatches());
    }

    /** Order is a part of OrderAggregate's allOf: an aggregate's fields count for Order, its own for the other part. */
    @Test
    void aPropertyInEveryResponseButNotRequiredIsReportedThroughAnAllOfComposition() {
        PropertyPresence presence = PropertyPresence.ofRepository();
        presence.record("GET /orders/{orderId}", json(200, ORDER + ",\"next\":[],\"items\":[],\"paymentIssues\":[]}"));

        assertEquals(List.of("Order.paymentId is in every one of 1 instances but not required",
                "Order.heldFrom is in none of 1 instances: no response shows when it is there"), presence.mismatches());
    }

    /** An event is tallied as the variant its type names: a PaymentCaptured by a provider names no reason. */
    @Test
    void anOptionalPropertyNoResponseHeldIsReportedThroughADiscriminatedUnion() {
        PropertyPresence presence = PropertyPresence.ofRepository();
        presence.record("GET /orders/{orderId}/history", json(200, "{\"events\":[{\"orderId\":\"o-1\",\"customerId\":\"c-ada\","
                + "\"version\":2,\"type\":\"PaymentCaptured\",\"at\":\"2026-01-01T00:00:00.000Z\",\"by\":\"webhook:payments\","
                + "\"data\":{\"from\":\"AWAITING_PAYMENT\",\"to\":\"PAID\",\"amount\":1250,\"currency\":\"EUR\","
                + "\"paymentEventId\":\"evt_1\",\"paymentId\":\"pay_1\"}}]}"));

        assertEquals(List.of(
                "HistoryPage.nextCursor is in none of 1 instances: no response shows when it is there",
                "PaymentCapturedData.paymentEventId is in every one of 1 instances but not required",
                "PaymentCapturedData.paymentId is in every one of 1 instances but not required",
                "PaymentCapturedData.reason is in none of 1 instances: no response shows when it is there"),
                presence.mismatches());
    }

    private static APIGatewayV2HTTPResponse json(int status, String body) {
        return APIGatewayV2HTTPResponse.builder().withStatusCode(status)
                .withHeaders(Map.of("content-type", "application/json")).withBody(body).build();
    }
}
