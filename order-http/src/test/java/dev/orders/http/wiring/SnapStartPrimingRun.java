package dev.orders.http.wiring;

/** Runs a function's SnapStart priming, as Lambda does before it takes the snapshot, from another package's tests. */
public final class SnapStartPrimingRun {
    private SnapStartPrimingRun() {
    }

    public static void beforeCheckpoint(Services services) {
        RequestPathPriming.of(services).beforeCheckpoint(null);
    }
}
