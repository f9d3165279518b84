package dev.orders.http.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.testsupport.lambda.LogCapture;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The HTTP request path an HTTP function primes before its SnapStart snapshot ({@link RequestPathPriming}). */
class RequestPathPrimingTest {
    @Test
    void beforeTheSnapshotTheCodecReadsAnEventAndWritesAResponse() {
        var logged = LogCapture.stdout(() -> {
            RequestPathPriming.of().beforeCheckpoint(null);
            return null;
        });

        assertEquals(List.of("SnapStart priming ran the request path"),
                logged.lines().stream().map(line -> line.get("message")).toList());
    }
}
