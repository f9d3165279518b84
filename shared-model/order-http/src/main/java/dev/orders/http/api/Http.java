package dev.orders.http.api;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.lambda.json.Json;
import java.util.HashMap;
import java.util.Map;

/** Responses of the HTTP API. */
public final class Http {
    public static final String JSON = "application/json";
    public static final String PROBLEM_JSON = "application/problem+json";

    private Http() {
    }

    public static APIGatewayV2HTTPResponse json(int status, Object body) {
        return response(status, JSON, Json.write(body), Map.of());
    }

    public static APIGatewayV2HTTPResponse json(int status, Object body, Map<String, String> headers) {
        return response(status, JSON, Json.write(body), headers);
    }

    public static APIGatewayV2HTTPResponse noContent(Map<String, String> headers) {
        return APIGatewayV2HTTPResponse.builder().withStatusCode(204).withHeaders(new HashMap<>(headers)).build();
    }

    public static APIGatewayV2HTTPResponse problem(Problem problem) {
        return problem(problem, Map.of());
    }

    public static APIGatewayV2HTTPResponse problem(Problem problem, Map<String, String> headers) {
        return response(problem.status(), PROBLEM_JSON, Json.write(problem.toJson()), headers);
    }

    /** The ETag header of an order: its version, quoted, which every change of the order or its lines moves. */
    public static Map<String, String> etagHeader(long version) {
        return Map.of("etag", "\"" + version + "\"");
    }

    private static APIGatewayV2HTTPResponse response(int status, String contentType, String body,
                                                     Map<String, String> headers) {
        Map<String, String> all = new HashMap<>(headers);
        all.put("content-type", contentType);
        return APIGatewayV2HTTPResponse.builder()
                .withStatusCode(status)
                .withHeaders(all)
                .withBody(body)
                .withIsBase64Encoded(false)
                .build();
    }
}
