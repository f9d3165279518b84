package dev.orders.http.wiring;

import dev.orders.http.api.Http;
import dev.orders.http.api.HttpApiCodec;
import dev.orders.lambda.snapstart.SnapStartPriming;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The SnapStart priming of an HTTP function: the real request path once, a consistent read of an order
 * that never exists, through the repository, the SDK client (signing, endpoint rules, retry strategy,
 * HTTP connection, JSON protocol), the event codec and a JSON log line ({@link SnapStartPriming} logs it).
 */
final class RequestPathPriming {
    /** A valid order id no order will ever have: ids the service creates are ULIDs. */
    static final String PRIMING_ORDER_ID = "snapstart-priming";
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

    /** The priming of {@code services}' request path, for {@link SnapStartPriming#registerIfSnapStart}. */
    static SnapStartPriming of(Services services) {
        return new SnapStartPriming("the request path", () -> {
            services.orderReads().findHeaderById(PRIMING_ORDER_ID);
            HttpApiCodec.readEvent(new ByteArrayInputStream(PRIMING_EVENT));
            HttpApiCodec.writeResponse(Http.json(200, Map.of("priming", List.of(1, "a", true))),
                    OutputStream.nullOutputStream());
        });
    }
}
