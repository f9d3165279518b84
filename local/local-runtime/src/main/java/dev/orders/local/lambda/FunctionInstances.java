package dev.orders.local.lambda;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The warm instances of one function, as Lambda keeps containers: a request takes an idle instance,
 * or starts a new one (a cold start, in its own class loader) when all are busy, up to a limit.
 * Each instance serves one request at a time. {@link #retire()} (new code, under --watch) ends the
 * instances there are: the idle ones at once, the busy ones when their request is answered.
 */
public final class FunctionInstances implements FunctionInvoker {
    private final Supplier<LambdaFunction> start;
    private final int limit;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition returned = lock.newCondition();
    private final Deque<LambdaFunction> idle = new ArrayDeque<>();
    private final Set<LambdaFunction> busy = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Busy instances to close, not keep, when their request is answered. */
    private final Set<LambdaFunction> retired = Collections.newSetFromMap(new IdentityHashMap<>());
    private boolean closed;

    /** {@code start} makes each instance (none is made before the first request), up to {@code limit} at once. */
    public FunctionInstances(Supplier<LambdaFunction> start, int limit) {
        this.start = start;
        this.limit = limit;
    }

    /** Runs the event on an idle instance, a new one, or the next to become idle. */
    @Override
    public byte[] invoke(byte[] eventJson, String requestId) throws Exception {
        LambdaFunction instance = acquire();
        try {
            return instance.invoke(eventJson, requestId);
        } finally {
            release(instance);
        }
    }

    private LambdaFunction acquire() throws InterruptedException {
        lock.lock();
        try {
            while (true) {
                LambdaFunction instance = idle.pollFirst();
                if (instance == null && busy.size() < limit) {
                    instance = start.get();
                }
                if (instance != null) {
                    busy.add(instance);
                    return instance;
                }
                returned.await();
            }
        } finally {
            lock.unlock();
        }
    }

    private void release(LambdaFunction instance) {
        boolean keep;
        lock.lock();
        try {
            busy.remove(instance);
            keep = !retired.remove(instance) && !closed;
            if (keep) {
                idle.offerFirst(instance);
            }
            returned.signal();
        } finally {
            lock.unlock();
        }
        if (!keep) {
            instance.close();
        }
    }

    /** Instances from now on are new ones: the idle ones are closed now, the busy ones once they answered. */
    public void retire() {
        List<LambdaFunction> ended;
        lock.lock();
        try {
            ended = new ArrayList<>(idle);
            idle.clear();
            retired.addAll(busy);
        } finally {
            lock.unlock();
        }
        // Outside the lock: closing waits for the instance's monitor.
        ended.forEach(LambdaFunction::close);
    }

    @Override
    public void close() {
        List<LambdaFunction> all;
        lock.lock();
        try {
            closed = true;
            all = new ArrayList<>(idle);
            all.addAll(busy);
            idle.clear();
        } finally {
            lock.unlock();
        }
        all.forEach(LambdaFunction::close);
    }
}
