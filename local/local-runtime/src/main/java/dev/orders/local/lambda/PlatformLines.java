package dev.orders.local.lambda;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * The lines Lambda itself writes to a function's log around each invocation, in its formats: {@code START} before
 * the handler runs, {@code END} and {@code REPORT} after it, with {@code Init Duration} on a cold start
 * (<a href="https://docs.aws.amazon.com/lambda/latest/dg/telemetry-schema-reference.html">the Telemetry API's
 * {@code platform.report}</a> holds the same figures). Public for the benchmarks, which count their bytes as
 * CloudWatch Logs would ingest them.
 */
public final class PlatformLines {
    private PlatformLines() {
    }

    public static String start(String requestId) {
        return "START RequestId: " + requestId + " Version: $LATEST\n";
    }

    public static String end(String requestId) {
        return "END RequestId: " + requestId + "\n";
    }

    /**
     * One invocation's figures. {@code init}: the handler's initialisation, on a cold start only.
     * {@code maxMemoryUsedMb}: the peak memory of the process running the function ({@link ProcessMemory}).
     */
    public record Report(String requestId, Duration duration, Optional<Duration> init, int memorySizeMb,
                         long maxMemoryUsedMb) {
        /**
         * Lambda's REPORT line: fields separated, and ended, by a tab; durations in ms with two decimals. The billed
         * duration is rounded up to the millisecond and, since Lambda bills the INIT phase of on-demand functions
         * (1 August 2025), counts a cold start's init too.
         */
        public String line() {
            return String.format(Locale.ROOT, "REPORT RequestId: %s\tDuration: %.2f ms\tBilled Duration: %d ms\t"
                    + "Memory Size: %d MB\tMax Memory Used: %d MB\t%s\n", requestId, millis(duration), billedMillis(),
                    memorySizeMb, maxMemoryUsedMb,
                    init.map(d -> String.format(Locale.ROOT, "Init Duration: %.2f ms\t", millis(d))).orElse(""));
        }

        public long billedMillis() {
            return (long) Math.ceil(millis(duration.plus(init.orElse(Duration.ZERO))));
        }

        private static double millis(Duration duration) {
            return duration.toNanos() / 1e6;
        }
    }
}
