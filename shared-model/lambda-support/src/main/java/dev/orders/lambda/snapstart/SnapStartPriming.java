package dev.orders.lambda.snapstart;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Under SnapStart, runs a function's priming action once before the snapshot is taken (e.g. its real
 * request path): every restored environment then starts with those classes loaded and initialised
 * instead of paying for them on its first request. Outside SnapStart (local runs, tests) nothing is
 * registered. What to prime is the caller's: this class knows only the CRaC hooks.
 */
public final class SnapStartPriming implements Resource {
    /** Lambda's name for how this environment is being initialised ("snap-start" while snapshotting). */
    public static final String INITIALIZATION_TYPE = "AWS_LAMBDA_INITIALIZATION_TYPE";
    private static final Logger LOG = LoggerFactory.getLogger(SnapStartPriming.class);
    /** CRaC holds resources weakly; these must live as long as the function. */
    private static final List<Resource> REGISTERED = new CopyOnWriteArrayList<>();

    /** What runs before the snapshot; it may fail, as any call does. */
    @FunctionalInterface
    public interface Action {
        void run() throws Exception;
    }

    private final String what;
    private final Action action;

    /** {@code what} names the action in the log line, e.g. "the request path". */
    public SnapStartPriming(String what, Action action) {
        this.what = what;
        this.action = action;
    }

    /** Registers {@code priming} only when Lambda is initialising for a SnapStart snapshot. */
    public static boolean registerIfSnapStart(Map<String, String> env, SnapStartPriming priming) {
        if (!"snap-start".equals(env.get(INITIALIZATION_TYPE))) {
            return false;
        }
        REGISTERED.add(priming);
        Core.getGlobalContext().register(priming);
        return true;
    }

    @Override
    public void beforeCheckpoint(Context<? extends Resource> context) {
        try {
            action.run();
            LOG.info("SnapStart priming ran {}", what);
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
