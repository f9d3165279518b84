package dev.orders.bench;

import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The benchmark harness: starts Dynoxide, loads data and prints figures as a markdown report.
 * A program that measures, not a test that asserts: targets are printed beside the figures.
 *
 * <p>Usage: {@code Benchmarks [section ...] [--out FILE] [--large N] [--runs N] [--seconds N]}; sections:
 * coldstart, throughput, capacity, scale, jars, publisher, overhead (all by default).
 */
public final class Benchmarks {
    private static final List<String> SECTIONS = List.of("coldstart", "throughput", "capacity", "scale", "jars",
            "publisher", "overhead");

    private Benchmarks() {
    }

    public static void main(String[] args) throws Exception {
        Set<String> sections = new LinkedHashSet<>();
        Path out = null;
        int large = 100_000;
        int runs = 5;
        int seconds = 3;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--out" -> out = Path.of(args[++i]);
                case "--large" -> large = Integer.parseInt(args[++i]);
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--seconds" -> seconds = Integer.parseInt(args[++i]);
                default -> {
                    if (!SECTIONS.contains(args[i])) {
                        System.err.println("unknown section " + args[i] + "; sections: " + SECTIONS);
                        System.exit(2);
                    }
                    sections.add(args[i]);
                }
            }
        }
        if (sections.isEmpty()) {
            sections.addAll(SECTIONS);
        }
        Report report = new Report();
        int exit = 0;
        try (LocalDynamoDb dynamo = LocalDynamoDb.launch()) {
            report.line(machine(dynamo));
            report.line("Command: `./sam-local bench" + (args.length == 0 ? "" : " " + String.join(" ", args)) + "`\n");
            if (sections.contains("coldstart")) {
                ColdStart.run(dynamo, report, runs);
            }
            if (sections.contains("throughput")) {
                Throughput.run(dynamo, report, java.time.Duration.ofSeconds(seconds), new int[] {1, 4, 8});
            }
            if (sections.contains("capacity")) {
                RouteCapacity.run(dynamo, report);
            }
            if (sections.contains("scale")) {
                // An engine of its own: its orders, and Dynoxide's stream records of them, slow no other section.
                try (LocalDynamoDb own = LocalDynamoDb.launch()) {
                    FeedScale.run(own, report, 1_000, large);
                }
            }
            if (sections.contains("jars")) {
                JarSizes.run(report);
            }
            if (sections.contains("publisher")) {
                PublisherBench.run(dynamo, report, 500, runs);
            }
            if (sections.contains("overhead")) {
                HandlerOverhead.run(dynamo, report);
            }
            if (out != null) {
                report.writeTo(RepositoryRoot.locate().resolve(out));
                System.err.println("wrote " + out);
            }
        } catch (Exception e) {
            e.printStackTrace();
            exit = 1;
        }
        // Non-daemon threads (the SDK's, the local servers') would keep the JVM: leave explicitly.
        System.exit(exit);
    }

    private static String machine(LocalDynamoDb dynamo) {
        Runtime runtime = Runtime.getRuntime();
        return String.format(Locale.ROOT, "Measured %s on %d cores, %.0f GiB memory, %s %s, Java %s (%s). "
                        + "DynamoDB: %s.%n", LocalDate.now(), runtime.availableProcessors(),
                totalMemoryGiB(), System.getProperty("os.name"), System.getProperty("os.arch"),
                System.getProperty("java.version"), System.getProperty("java.vm.name"), dynamo.engine());
    }

    private static double totalMemoryGiB() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize() / 1024.0 / 1024 / 1024;
        }
        return Double.NaN;
    }
}
