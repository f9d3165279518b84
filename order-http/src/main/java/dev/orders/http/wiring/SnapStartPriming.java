package dev.orders.http.wiring;

import dev.orders.http.api.Http;
import dev.orders.http.api.HttpApiCodec;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Under SnapStart, runs the real request path once before the snapshot is taken: a consistent read
 * of an order that never exists, through the repository, the SDK client (signing, endpoint rules,
 * retry strategy, HTTP connection, JSON protocol), the event codec and a JSON log line. Every restored environment
 * then starts with those classes loaded and initialised instead of paying for them on its first
 * request. Outside SnapStart (local runs, tests) nothing is registered.
 */
public final class SnapStartPriming implements Resource {
    /** Lambda's name for how this environment is being initialised ("snap-start" while snapshotting). */
    public static final String INITIALIZATION_TYPE = "AWS_LAMBDA_INITIALIZATION_TYPE";
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
    private static final Logger LOG = LoggerFactory.getLogger(SnapStartPriming.class);
    /** CRaC holds resources weakly; these must live as long as the function. */
    private static final List<Resource> REGISTERED = new CopyOnWriteArrayList<>();

    private final Services services;

    SnapStartPriming(Services services) {
        this.services = services;
    }

    /** Registers priming for {@code services} only when Lambda is initialising for a SnapStart snapshot. */
    public static boolean registerIfSnapStart(Map<String, String> env, Services services) {
        if (!"snap-start".equals(env.get(INITIALIZATION_TYPE))) {
            return false;
        }
        SnapStartPriming priming = new SnapStartPriming(services);
        REGISTERED.add(priming);
        Core.getGlobalContext().register(priming);
        return true;
    }

    @Override
    public void beforeCheckpoint(Context<? extends Resource> context) {
        try {
            services.orderReads().findHeaderById(PRIMING_ORDER_ID);
            HttpApiCodec.readEvent(new ByteArrayInputStream(PRIMING_EVENT));
            HttpApiCodec.writeResponse(Http.json(200, Map.of("priming", List.of(1, "a", true))),
                    OutputStream.nullOutputStream());
            LOG.info("SnapStart priming ran the request path");
        } catch (Exception e) {
            // Priming is an optimisation: a snapshot without it is still correct.
            LOG.warn("SnapStart priming failed; the first request will be slower", e);
        }
    }

    @Override
    public void afterRestore(Context<? extends Resource> context) {
        // Nothing to redo: credentials come from the container endpoint per request, never from the snapshot,
        // and secrets are read on use through a cache that expires by the wall clock (SecretSource).
    }
}
