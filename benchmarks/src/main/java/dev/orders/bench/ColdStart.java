package dev.orders.bench;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.orders.baseline.RecordedRequests;
import dev.orders.http.support.SampleEvents;
import dev.orders.lambda.json.Json;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.template.SamTemplate;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import software.amazon.awssdk.core.SdkRequest;

/**
 * Section 1: cold starts. Each run is a fresh JVM with the flags the template gives Lambda: a
 * function's jar answering its sample event, against the SDK-defaults baseline program making the
 * same DynamoDB requests, recorded from the function's handler. Both on freshly seeded tables, runs
 * alternating, medians compared.
 */
final class ColdStart {
    static final Pattern FIRST_RESPONSE = Pattern.compile("first-response-ms=(\\d+)");
    static final Pattern INIT = Pattern.compile(": init (\\d+) ms");

    /** The sample event each HTTP function answers from cold; the function is the one serving its route. */
    static final List<String> SAMPLES = List.of("customer-profile/get-customer", "product-catalog/get-product",
            "query-orders/get-order", "create-order/create-order", "change-order/change-status",
            "payment-webhook/payment-succeeded", "payment-webhook/stripe-payment-intent-succeeded");

    private ColdStart() {
    }

    /**
     * {@code classLoadsApart}: the class loads are counted on one more, untimed run of each program (logging them
     * slows the JVM), else on the last timed run (figures that mean nothing: the smoke run).
     */
    static void run(LocalDynamoDb dynamo, Report report, int runs, boolean classLoadsApart) throws Exception {
        SamTemplate template = SamTemplate.repository();
        Path root = RepositoryRoot.locate();
        List<String> jvmFlags = jvmFlags(template);
        String harness = System.getProperty("java.class.path");
        String baselineClasspath = baselineClasspath(root);
        Set<Path> sdkJars = Arrays.stream(RepositoryRoot.classpath(baselineModule(root).resolve("classpath.txt"))
                .split(File.pathSeparator)).map(ColdStart::normalised).collect(Collectors.toSet());
        List<List<String>> rows = new ArrayList<>();
        List<List<String>> classRows = new ArrayList<>();
        int table = 0;
        for (String sample : SAMPLES) {
            APIGatewayV2HTTPEvent signed = SampleEvents.fromJson(BenchData.signed(SampleEvents.json(sample)));
            SamTemplate.Function function = RouteCapacity.functionServing(template, signed.getRouteKey());
            // What the baseline sends: the function's own requests for its sample, on data seeded alike.
            String recordedTable = "cold-" + table++;
            List<SdkRequest> requests =
                    RequestRecorder.ofHandler(dynamo, BenchData.seed(dynamo.client(), recordedTable), signed);
            Path requestsFile = Files.createTempFile("requests", ".bin");
            requestsFile.toFile().deleteOnExit();
            RecordedRequests.write(requests, recordedTable, requestsFile);
            double[] init = new double[runs];
            double[] first = new double[runs];
            double[] baseline = new double[runs];
            Path jar = root.resolve(function.codeUri());
            int counted = classLoadsApart ? runs : runs - 1;
            for (int run = 0; run <= counted; run++) {
                List<String> flags = run < counted ? jvmFlags : withClassLoadLog(jvmFlags);
                String functionTable = "cold-" + table++;
                BenchData.seed(dynamo.client(), functionTable);
                String out = java(flags, environment(dynamo, functionTable), harness, "dev.orders.bench.ColdStartProbe",
                        function.logicalId(), function.handler(), jar.toString(), event(sample).toString(),
                        Long.toString(function.timeout().toSeconds()), Integer.toString(function.memoryMb()));
                String baselineTable = "cold-" + table++;
                BenchData.seed(dynamo.client(), baselineTable);
                String baselineOut = java(flags, environment(dynamo, baselineTable), baselineClasspath,
                        "dev.orders.baseline.SdkBaseline", baselineTable, requestsFile.toString());
                if (run < runs) {
                    first[run] = match(FIRST_RESPONSE, out, function.logicalId());
                    init[run] = match(INIT, out, function.logicalId());
                    baseline[run] = match(FIRST_RESPONSE, baselineOut, "baseline");
                }
                if (run == counted) {
                    classRows.add(classRow(function.logicalId(), sample, ClassLoads.of(out, Set.of(normalised(jar.toString())))));
                    classRows.add(classRow("baseline", sample, ClassLoads.of(baselineOut, sdkJars)));
                }
            }
            double ratio = Stats.of(first).median() / Stats.of(baseline).median();
            rows.add(List.of(function.logicalId(), sample, RequestRecorder.operations(requests),
                    Report.ms(Stats.of(init).median()), Report.ms(Stats.of(first).median()),
                    Report.ms(Stats.of(baseline).median()), Report.ratio(ratio), ratio <= 0.8 ? "yes" : "no"));
        }
        report.line(String.format(java.util.Locale.ROOT, "Median of %d fresh JVMs each (Java %s, flags `%s` as the "
                + "template's JAVA_TOOL_OPTIONS), times from JVM start. Function: its deployment jar in its own class "
                + "loader, handler init, then its sample event (init is part of the first response). Baseline: "
                + "`DynamoDbClient.create()` (every SDK default; the endpoint from AWS_ENDPOINT_URL_DYNAMODB), then the "
                + "same DynamoDB requests (recorded from the function's handler answering the same event on data seeded "
                + "alike, read from a file), on a classpath of the SDK's DynamoDB module and what it brings by default "
                + "(`benchmarks/sdk-baseline`). No SnapStart here: in AWS a restored snapshot skips the init column. "
                + "Target: first response <= 0.80 x baseline.%n", runs, System.getProperty("java.version"),
                String.join(" ", jvmFlags)));
        report.table(List.of("function", "sample event", "requests", "init", "first response",
                "baseline first response", "ratio", "<= 0.80"), rows);
        report.line("\nClasses loaded up to the first response, by origin: "
                + (classLoadsApart ? "one more run of each, with `" + ClassLoads.FLAG + "` (not timed)"
                        : "the last run of each, with `" + ClassLoads.FLAG + "`") + ". Origin by the line's source: the JDK's CDS archive, its modules, or "
                + "generated at run time (method handles, proxies, reflection accessors, the JDK's lambdas); a library "
                + "by its package (JSON: jackson-jr, jackson-core and the SDK's shaded copy; logging: SLF4J, the "
                + "functions' provider of it (lambda-logging) and the baseline's commons-logging); harness: the probe and its stand-in for the Lambda runtime, the "
                + "baseline's reader of the recorded requests. A lambda's class counts where its host class does.\n");
        List<String> header = new ArrayList<>(List.of("program", "sample event"));
        Arrays.stream(ClassLoads.Origin.values()).forEach(origin -> header.add(origin.title));
        header.add("total");
        report.table(header, classRows);
    }

    private static List<String> classRow(String program, String sample, ClassLoads loads) {
        List<String> row = new ArrayList<>(List.of(program, sample));
        Arrays.stream(ClassLoads.Origin.values()).forEach(origin -> row.add(Integer.toString(loads.count(origin))));
        row.add(Integer.toString(loads.total()));
        return row;
    }

    private static List<String> withClassLoadLog(List<String> flags) {
        List<String> logged = new ArrayList<>(flags);
        logged.add(ClassLoads.FLAG);
        return logged;
    }

    private static Path normalised(String path) {
        return Path.of(path).toAbsolutePath().normalize();
    }

    /** The JVM flags the template gives the functions, applied to both programs. */
    static List<String> jvmFlags(SamTemplate template) {
        Object options = template.functions().get(0).environment().get("JAVA_TOOL_OPTIONS");
        return options instanceof String text ? List.of(text.trim().split("\\s+")) : List.of();
    }

    /** The sample event as a file, the webhook's signed afresh. */
    private static Path event(String sample) throws IOException {
        Path signed = Files.createTempFile("event", ".json");
        Files.writeString(signed, Json.write(BenchData.signed(SampleEvents.json(sample))));
        signed.toFile().deleteOnExit();
        return signed;
    }

    static Map<String, String> environment(LocalDynamoDb dynamo, String table) {
        Map<String, String> env = new HashMap<>();
        env.put("TABLE_NAME", table);
        env.put("STATUS_FEED_SHARDS", "1");
        env.put("CURSOR_SECRET", "benchmark cursor secret");
        env.put("WEBHOOK_SECRET", BenchData.WEBHOOK_SECRET);
        env.put("STRIPE_WEBHOOK_SECRET", BenchData.WEBHOOK_SECRET);
        env.put("POWERTOOLS_SERVICE_NAME", "order-service");
        env.put("POWERTOOLS_METRICS_NAMESPACE", "OrderService");
        env.put("LOG_LEVEL", "INFO");
        env.put("AWS_REGION", "us-east-1");
        env.put("AWS_ACCESS_KEY_ID", "local");
        env.put("AWS_SECRET_ACCESS_KEY", "local");
        env.put("AWS_ENDPOINT_URL_DYNAMODB", dynamo.endpoint().toString());
        return env;
    }

    /** The baseline program and the SDK alone, as its module resolves them. */
    private static String baselineClasspath(Path root) {
        Path module = baselineModule(root);
        return module.resolve("classes") + File.pathSeparator + RepositoryRoot.classpath(module.resolve("classpath.txt"));
    }

    private static Path baselineModule(Path root) {
        return root.resolve("benchmarks").resolve("sdk-baseline").resolve("target");
    }

    /** Runs a main class in a fresh JVM; returns its stdout and stderr. */
    static String java(List<String> flags, Map<String, String> env, String classpath, String mainClass,
                               String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(flags);
        command.addAll(List.of("-cp", classpath, mainClass));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        builder.environment().putAll(env);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IllegalStateException(mainClass + " failed:\n" + output);
        }
        return output;
    }

    static double match(Pattern pattern, String output, String what) {
        Matcher matcher = pattern.matcher(output);
        if (!matcher.find()) {
            throw new IllegalStateException(what + ": no " + pattern + " in\n" + output);
        }
        return Double.parseDouble(matcher.group(1));
    }
}
