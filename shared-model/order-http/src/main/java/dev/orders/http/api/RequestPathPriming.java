package dev.orders.http.api;

import dev.orders.lambda.snapstart.SnapStartPriming;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The SnapStart priming of an HTTP function's request path: an event read and a response written by the
 * codec, and a JSON log line ({@link SnapStartPriming} logs it); the store primes its own client
 * (order-wiring's {@code Services}).
 */
final class RequestPathPriming {
    /** An HTTP API event with the parts a real one has, read and answered by the codec but never routed. */
    private static final byte[] PRIMING_EVENT = """
            {"version": "2.0", "routeKey": "GET /orders/{orderId}", "rawPath": "/orders/snapstart-priming",
             "headers": {"accept": "application/json"}, "pathParameters": {"orderId": "snapstart-priming"},
             "isBase64Encoded": false,
             "requestContext": {"requestId": "snapstart-priming", "timeEpoch": 0,
               "http": {"method": "GET", "path": "/orders/snapstart-priming"},
               "authorizer": {"jwt": {"claims": {"sub": "snapstart-priming"}, "scopes": []}}}}
            """.getBytes(StandardCharsets.UTF_8);

    private RequestPathPriming() {
    }

    static SnapStartPriming of() {
        return new SnapStartPriming("the request path", () -> {
            HttpApiCodec.readEvent(new ByteArrayInputStream(PRIMING_EVENT));
            HttpApiCodec.writeResponse(Http.json(200, Map.of("priming", List.of(1, "a", true))),
                    OutputStream.nullOutputStream());
        });
    }
}
