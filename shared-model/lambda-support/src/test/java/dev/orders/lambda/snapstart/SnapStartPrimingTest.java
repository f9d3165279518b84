package dev.orders.lambda.snapstart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The CRaC hooks of any function's priming; what an HTTP function primes is tested in order-http. */
class SnapStartPrimingTest {

    @Test
    void primingIsRegisteredOnlyWhileLambdaInitialisesASnapStartSnapshot() {
        Map<String, String> env = new HashMap<>();
        SnapStartPriming priming = new SnapStartPriming("nothing", () -> { });
        assertFalse(SnapStartPriming.registerIfSnapStart(env, priming));
        env.put(SnapStartPriming.INITIALIZATION_TYPE, "on-demand");
        assertFalse(SnapStartPriming.registerIfSnapStart(env, priming));
        env.put(SnapStartPriming.INITIALIZATION_TYPE, "snap-start");
        assertTrue(SnapStartPriming.registerIfSnapStart(env, priming));
    }

    @Test
    void beforeTheSnapshotTheActionRunsOnce() {
        AtomicInteger runs = new AtomicInteger();
        new SnapStartPriming("a counter", runs::incrementAndGet).beforeCheckpoint(null);
        assertEquals(1, runs.get());
    }

    @Test
    void aFailedActionDoesNotFailTheSnapshot() {
        new SnapStartPriming("a failure", () -> {
            throw new IOException("the table is unreachable");
        }).beforeCheckpoint(null);
    }
}
