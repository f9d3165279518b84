package dev.orders.local.lambda;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The {@code Max Memory Used} of Lambda's REPORT line, which measures the execution environment: here the peak
 * memory of this JVM. On Linux its peak resident set ({@code VmHWM} of /proc/self/status), what the environment's
 * memory limit applies to; elsewhere the sum of the peaks of the JVM's memory pools (heap, metaspace, code cache),
 * which leaves out the JVM's own native memory and so reads lower. Under start-api and start-lambda every function
 * and sam-local itself share this JVM, so the figure is theirs together, not one function's.
 */
public final class ProcessMemory {
    private static final Path STATUS = Path.of("/proc/self/status");
    private static final long MB = 1024 * 1024;

    private ProcessMemory() {
    }

    /** The peak so far, in MB rounded up. */
    public static long peakMb() {
        long bytes = peakResidentBytes().orElseGet(ProcessMemory::peakOfPools);
        return (bytes + MB - 1) / MB;
    }

    private static Optional<Long> peakResidentBytes() {
        if (!Files.isReadable(STATUS)) {
            return Optional.empty();
        }
        try {
            return Files.readAllLines(STATUS).stream().filter(line -> line.startsWith("VmHWM:")).findFirst()
                    .map(line -> Long.parseLong(line.replaceAll("\\D", "")) * 1024);
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static long peakOfPools() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().map(MemoryPoolMXBean::getPeakUsage)
                .mapToLong(usage -> usage == null ? 0 : usage.getUsed()).sum();
    }
}
