package dev.orders.local.lambda;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.function.Supplier;

/**
 * The warm instances of one function, as Lambda keeps containers: a request takes an idle instance,
 * or starts a new one (a cold start, in its own class loader) when all are busy, up to a limit.
 * Each instance serves one request at a time.
 */
public final class FunctionInstances implements FunctionInvoker {
    private final Supplier<LambdaFunction> start;
    private final int limit;
    private final LinkedBlockingDeque<LambdaFunction> idle = new LinkedBlockingDeque<>();
    private final List<LambdaFunction> all = new ArrayList<>();

    /** {@code first} is kept as the first instance; {@code start} makes more, up to {@code limit}. */
    public FunctionInstances(LambdaFunction first, Supplier<LambdaFunction> start, int limit) {
        this.start = start;
        this.limit = limit;
        all.add(first);
        idle.add(first);
    }

    /** Runs the event on an idle instance, a new one, or the next to become idle. */
    @Override
    public byte[] invoke(byte[] eventJson, String requestId) throws Exception {
        LambdaFunction instance = acquire();
        try {
            return instance.invoke(eventJson, requestId);
        } finally {
            idle.offerFirst(instance);
        }
    }

    private LambdaFunction acquire() throws InterruptedException {
        LambdaFunction instance = idle.pollFirst();
        if (instance != null) {
            return instance;
        }
        synchronized (all) {
            if (all.size() < limit) {
                LambdaFunction started = start.get();
                all.add(started);
                return started;
            }
        }
        return idle.takeFirst();
    }

    @Override
    public void close() {
        synchronized (all) {
            all.forEach(LambdaFunction::close);
        }
    }
}
