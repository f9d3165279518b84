package dev.orders.functions.expireorders;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import dev.orders.application.order.ExpireUnpaidOrders;
import dev.orders.core.order.PaymentWindow;
import dev.orders.lambda.aws.AwsClients;
import dev.orders.lambda.json.Json;
import dev.orders.lambda.metrics.ServiceMetrics;
import dev.orders.wiring.Services;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;

/**
 * The payment window's sweep, invoked by EventBridge Scheduler every minute: every order awaiting payment longer
 * than {@code PAYMENT_WINDOW_MINUTES} is closed by the system ({@link ExpireUnpaidOrders}). The schedule's event
 * (its default notification, or an Input) is not read: the sweep works from its clock, so a late, retried or
 * doubled invocation does the same, and two overlapping sweeps expire an order once (each write is conditioned on
 * the version read). Answers, and logs, what the sweep did.
 */
public final class ExpireOrdersFunction implements RequestStreamHandler {
    public static final String PAYMENT_WINDOW_MINUTES = "PAYMENT_WINDOW_MINUTES";
    private static final Logger LOG = LoggerFactory.getLogger(ExpireOrdersFunction.class);

    private final ExpireUnpaidOrders expireUnpaidOrders;

    public ExpireOrdersFunction() {
        this(System.getenv());
    }

    private ExpireOrdersFunction(Map<String, String> env) {
        this(Services.fromEnvironment(env), env);
    }

    /** Built on {@code services}, with the payment window {@code env} gives. */
    public ExpireOrdersFunction(Services services, Map<String, String> env) {
        this(new ExpireUnpaidOrders(services.orders(), services.paymentWindows(), services.storeFaults(),
                paymentWindow(env), services.clock()));
    }

    private ExpireOrdersFunction(ExpireUnpaidOrders expireUnpaidOrders) {
        this.expireUnpaidOrders = expireUnpaidOrders;
    }

    /** With Powertools' logging context (service, function, request id) on every line, as the other functions log. */
    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        ExpireUnpaidOrders.Sweep sweep = PowertoolsLogging.withLogging(context, () -> sweep(context.getAwsRequestId()));
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("expired", sweep.expired().size());
        answer.put("skipped", sweep.skipped().size());
        answer.put("failed", sweep.failed().size());
        Json.write(answer, output);
    }

    /** One sweep, counted with Lambda's {@code requestId}; a failure warned of with its order and fault. */
    private ExpireUnpaidOrders.Sweep sweep(String requestId) {
        ExpireUnpaidOrders.Sweep sweep = expireUnpaidOrders.sweep();
        sweep.failed().forEach(failure -> LOG.warn("order {} not expired: the store was {} {}; the next sweep tries again",
                failure.orderId(), failure.fault(), failure.errorCode()));
        // At INFO the metric line (the counts, the instant, the request id) is the sweep's record, every minute.
        LOG.debug("payment window swept at {}: expired {}, skipped {}, failed {}", sweep.at(), sweep.expired().size(),
                sweep.skipped().size(), sweep.failed().size());
        ServiceMetrics.paymentWindowSwept(sweep.at(), sweep.expired().size(), sweep.skipped().size(),
                sweep.failed().size(), requestId);
        return sweep;
    }

    /** The window {@code env} names in whole minutes, at least 1 (the template's PaymentWindowMinutes). */
    static PaymentWindow paymentWindow(Map<String, String> env) {
        String minutes = AwsClients.required(env, PAYMENT_WINDOW_MINUTES);
        try {
            return PaymentWindow.ofMinutes(Long.parseLong(minutes.trim()));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(PAYMENT_WINDOW_MINUTES + " must be a whole number of minutes, at least 1: "
                    + minutes, e);
        }
    }
}
