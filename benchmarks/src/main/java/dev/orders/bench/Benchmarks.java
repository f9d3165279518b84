package dev.orders.bench;

import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The benchmark harness: starts Dynoxide, loads data and prints figures as a markdown report.
 * A program that measures, not a test that asserts: targets are printed beside the figures.
 * Usage: {@link #USAGE}.
 */
public final class Benchmarks {
    static final String USAGE = """
            Usage: ./sam-local bench [SECTION ...] [--smallest] [--runs N] [--seconds N] [--large N] [--out FILE]
            Sections (all by default, run in this order): %s
              --smallest    every section once at its smallest size, to see that it runs: figures that mean nothing
              --runs N      fresh JVMs per cold start (sections coldstart and publisher), saves per change (reload); default 5
              --seconds N   throughput's window, and as long a warm-up, per route and number of clients (default 3)
              --large N     orders of the large feed table (section scale; default 100,000)
              --out FILE    also write the figures into FILE, between its two marker comments
            """.formatted(Section.names());

    /** The sections, in the order they run and are numbered. */
    enum Section {
        COLDSTART("1. Cold starts"),
        THROUGHPUT("2. Warm throughput"),
        CAPACITY("3. Capacity per route"),
        SCALE("4. Feed pages at scale"),
        JARS("5. Deployment jars"),
        PUBLISHER("6. Event publisher"),
        OVERHEAD("7. Handler time per warm request beside the raw SDK"),
        RELOAD("8. Reload on save (start-api --watch)"),
        HOTSKU("9. A hot sku: one stocked product sold out by concurrent clients"),
        CONSOLE("10. The console's size and first load"),
        COST("11. What an order costs in AWS");

        final String title;

        Section(String title) {
            this.title = title;
        }

        /** How the command line names it. */
        String argument() {
            return name().toLowerCase(Locale.ROOT);
        }

        static String names() {
            return Arrays.stream(values()).map(Section::argument).collect(Collectors.joining(", "));
        }
    }

    /**
     * How much each section measures. The figures of docs/PERFORMANCE.md come from {@link #DEFAULT};
     * {@link #SMALLEST} runs each section once, on little data, to show that it runs: there the cold start's class
     * loads are logged on its one timed run rather than on a run of their own ({@code classLoadsApart}).
     */
    record Sizes(int runs, Duration window, List<Integer> clients, int feedOrders, int largeFeedOrders, int feedReads,
                 int publisherOrders, HandlerOverhead.Rounds overhead, HotSku.Sizes hotSku, boolean classLoadsApart,
                 int consoleLoads, OrderCost.Lives orderLives) {
        static final Sizes DEFAULT = new Sizes(5, Duration.ofSeconds(3), List.of(1, 4, 8), 1_000, 100_000, 200, 500,
                new HandlerOverhead.Rounds(150, 5, 100), new HotSku.Sizes(List.of(1, 4, 16, 64), 300), true, 20,
                new OrderCost.Lives(2, 20));
        static final Sizes SMALLEST = new Sizes(1, Duration.ofMillis(100), List.of(1), 100, 200, 4, 4,
                new HandlerOverhead.Rounds(1, 1, 1), new HotSku.Sizes(List.of(4), 5), false, 1, new OrderCost.Lives(0, 1));

        Sizes withRuns(int value) {
            return new Sizes(value, window, clients, feedOrders, largeFeedOrders, feedReads, publisherOrders, overhead, hotSku,
                    classLoadsApart, consoleLoads, orderLives);
        }

        Sizes withWindow(Duration value) {
            return new Sizes(runs, value, clients, feedOrders, largeFeedOrders, feedReads, publisherOrders, overhead, hotSku,
                    classLoadsApart, consoleLoads, orderLives);
        }

        Sizes withLargeFeedOrders(int value) {
            return new Sizes(runs, window, clients, feedOrders, value, feedReads, publisherOrders, overhead, hotSku,
                    classLoadsApart, consoleLoads, orderLives);
        }
    }

    private Benchmarks() {
    }

    public static void main(String[] args) throws Exception {
        Set<Section> sections = EnumSet.noneOf(Section.class);
        Sizes sizes = List.of(args).contains("--smallest") ? Sizes.SMALLEST : Sizes.DEFAULT;
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            String argument = args[i];
            switch (argument) {
                case "--help", "-h" -> {
                    System.out.print(USAGE);
                    System.exit(0);
                }
                case "--smallest" -> {
                    // Read above: it sets the sizes the other options then change.
                }
                case "--out" -> out = Path.of(args[++i]);
                case "--large" -> sizes = sizes.withLargeFeedOrders(Integer.parseInt(args[++i]));
                case "--runs" -> sizes = sizes.withRuns(Integer.parseInt(args[++i]));
                case "--seconds" -> sizes = sizes.withWindow(Duration.ofSeconds(Integer.parseInt(args[++i])));
                default -> sections.add(Arrays.stream(Section.values()).filter(s -> s.argument().equals(argument))
                        .findFirst().orElseGet(() -> refuse("unknown option or section " + argument)));
            }
        }
        if (sizes.largeFeedOrders() <= sizes.feedOrders()) {
            refuse("--large must be above the " + sizes.feedOrders() + " orders of the small feed table");
        }
        if (sections.isEmpty()) {
            sections = EnumSet.allOf(Section.class);
        }
        Report report = new Report();
        int exit = 0;
        try (LocalDynamoDb dynamo = LocalDynamoDb.launch()) {
            report.line(machine(dynamo));
            report.line("Command: `./sam-local bench" + (args.length == 0 ? "" : " " + String.join(" ", args)) + "`\n");
            for (Section section : sections) {
                report.heading(section.title);
                run(section, sizes, dynamo, report);
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

    private static void run(Section section, Sizes sizes, LocalDynamoDb dynamo, Report report) throws Exception {
        switch (section) {
            case COLDSTART -> ColdStart.run(dynamo, report, sizes.runs(), sizes.classLoadsApart());
            case THROUGHPUT -> Throughput.run(dynamo, report, sizes.window(), sizes.clients());
            case CAPACITY -> RouteCapacity.run(dynamo, report);
            case SCALE -> {
                // An engine of its own: its orders, and Dynoxide's stream records of them, slow no other section.
                try (LocalDynamoDb own = LocalDynamoDb.launch()) {
                    FeedScale.run(own, report, sizes.feedOrders(), sizes.largeFeedOrders(), sizes.feedReads());
                }
            }
            case JARS -> JarSizes.run(report);
            case PUBLISHER -> PublisherBench.run(dynamo, report, sizes.publisherOrders(), sizes.runs());
            case OVERHEAD -> HandlerOverhead.run(dynamo, report, sizes.overhead());
            case RELOAD -> ReloadOnSave.run(report, sizes.runs());
            case HOTSKU -> HotSku.run(dynamo, report, sizes.hotSku());
            case CONSOLE -> ConsoleLoad.run(report, sizes.consoleLoads());
            case COST -> OrderCost.run(dynamo, report, sizes.orderLives());
        }
    }

    private static <T> T refuse(String problem) {
        System.err.print(problem + "\n" + USAGE);
        System.exit(2);
        throw new IllegalStateException(problem);
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
