package dev.orders.http.api;

import static software.amazon.lambda.powertools.logging.argument.StructuredArguments.entry;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.application.port.StoreFault;
import dev.orders.application.port.StoreFaults;
import dev.orders.core.validation.ValidationException;
import dev.orders.lambda.metrics.ServiceMetrics;
import dev.orders.lambda.snapstart.SnapStartPriming;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;

/**
 * The shell every HTTP function shares: structured logging with the API request id as correlation id,
 * routing, and one mapping of failures to problem responses. Client mistakes are 4xx; faults of
 * DynamoDB that may pass are 503 with Retry-After, saying whether the change may have been made;
 * nothing internal is ever echoed to the client.
 * A stream handler: the event is read by {@link HttpApiCodec}, not by the runtime's POJO serializer.
 */
public abstract class ApiFunction implements RequestStreamHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ApiFunction.class);
    private static final String RETRY_AFTER_SECONDS = "1";
    private static final String BUSY = "The order store is busy and refused the request; nothing was changed. "
            + "Retry shortly.";
    private static final String UNAVAILABLE = "The order store is unavailable or unreachable; nothing was changed. "
            + "Retry shortly.";
    private static final String OUTCOME_UNKNOWN = "The order store did not confirm the change, so it may or may "
            + "not have been made. Retry shortly: a retry with the same Idempotency-Key is applied at most once; "
            + "without one, read the resource first to see whether it was.";
    /** The MDC key Powertools' JSON layout prints as {@code correlation_id}. */
    static final String CORRELATION_ID = "correlation_id";

    private final Router router;
    private final StoreFaults faults;

    /**
     * {@code faults}: how the store's adapter tells its failures apart, for the status they answer. Under
     * SnapStart the request path is primed before the snapshot.
     */
    protected ApiFunction(Router router, StoreFaults faults) {
        this.router = router;
        this.faults = faults;
        SnapStartPriming.registerIfSnapStart(System.getenv(), RequestPathPriming.of());
    }

    public Router router() {
        return router;
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        APIGatewayV2HTTPResponse response;
        try {
            response = respond(HttpApiCodec.readEvent(input), context);
        } catch (HttpApiCodec.InvalidEventException e) {
            LOG.warn("refused an invalid event: {}", e.getMessage());
            response = Http.problem(Problem.of(400, "invalid-event", "Invalid request", "The request event is not "
                    + "an HTTP API event: " + e.getMessage() + "."));
        }
        HttpApiCodec.writeResponse(response, output);
    }

    /** One event, logged with its request id as correlation id. */
    public APIGatewayV2HTTPResponse respond(APIGatewayV2HTTPEvent event, Context context) {
        return PowertoolsLogging.withLogging(context, () -> {
            // Set directly rather than by Powertools' JMESPath lookup, which would need
            // jackson-databind (1.7 MB of the jar) for one field the event already holds.
            String requestId = event.getRequestContext() == null ? null : event.getRequestContext().getRequestId();
            if (requestId != null) {
                MDC.put(CORRELATION_ID, requestId);
            }
            long start = System.nanoTime();
            APIGatewayV2HTTPResponse response = handle(event);
            long durationMillis = (System.nanoTime() - start) / 1_000_000;
            String route = router.routeKeyOf(event);
            // At INFO the metric line is the request's record (route, status, latency, ids), as the API's access log
            // is; this line, which said it again with the function's context, only at DEBUG.
            if (LOG.isDebugEnabled()) {
                LOG.debug("{} {} answered {} in {}", entry("method", HttpRequest.method(event)), entry("route", route),
                        entry("status", response.getStatusCode()), entry("durationMs", durationMillis));
            }
            ServiceMetrics.requestAnswered(route, response.getStatusCode(), durationMillis, requestId,
                    context.getAwsRequestId());
            return response;
        });
    }

    /** Routing and failure mapping without the logging context, for callers that set their own. */
    public APIGatewayV2HTTPResponse handle(APIGatewayV2HTTPEvent event) {
        try {
            return router.dispatch(event);
        } catch (ValidationException e) {
            LOG.debug("refused as invalid: {}", e.errors());
            return Http.problem(Problem.validation(e.errors()));
        } catch (HttpRequest.PayloadTooLargeException e) {
            return Http.problem(Problem.of(413, "payload-too-large", "Request body too large",
                    "The request body exceeds " + HttpRequest.MAX_BODY_BYTES + " bytes."));
        } catch (RuntimeException e) {
            return failure(e, "GET".equals(HttpRequest.method(event)));
        }
    }

    /**
     * A fault of the store that may pass is 503, claiming that nothing was changed only where that is
     * known: the store refused the write, or the request only read. Anything else is a fault of this code, 500.
     */
    private APIGatewayV2HTTPResponse failure(RuntimeException e, boolean reading) {
        Optional<StoreFault> fault = faults.of(e);
        if (fault.isEmpty()) {
            LOG.error("unexpected failure", e);
            return internalError();
        }
        return switch (fault.get()) {
            case BUSY -> {
                LOG.warn("store busy: {}", faults.errorCode(e), e);
                yield unavailable("unavailable", "Service unavailable", BUSY);
            }
            case UNAVAILABLE -> {
                LOG.warn("store unavailable: {}", faults.errorCode(e), e);
                yield unconfirmed(reading);
            }
            case UNREACHABLE -> {
                LOG.warn("store unreachable", e);
                yield unconfirmed(reading);
            }
            case REFUSED -> {
                LOG.error("store refused a request", e);
                yield internalError();
            }
        };
    }

    /** A 503 after a fault that may have applied a write: it claims nothing unless the request only read. */
    private static APIGatewayV2HTTPResponse unconfirmed(boolean reading) {
        return reading ? unavailable("unavailable", "Service unavailable", UNAVAILABLE)
                : unavailable("outcome-unknown", "Outcome unknown", OUTCOME_UNKNOWN);
    }

    private static APIGatewayV2HTTPResponse unavailable(String slug, String title, String detail) {
        return Http.problem(Problem.of(503, slug, title, detail), Map.of("retry-after", RETRY_AFTER_SECONDS));
    }

    private static APIGatewayV2HTTPResponse internalError() {
        return Http.problem(Problem.of(500, "internal", "Internal error",
                "The request failed unexpectedly. It has been logged."));
    }
}
