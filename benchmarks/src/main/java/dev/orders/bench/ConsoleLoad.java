package dev.orders.bench;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.core.payment.WebhookSignature;
import dev.orders.localaws.RepositoryRoot;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * Section 10: the operations console's size as shipped (each file of console/target/console, raw and gzipped) and its
 * first load in headless Chromium against {@code ./sam-local start-api}, over fresh browser contexts: the console's
 * own load up to its redirect to the issuer, then, after the sign-in, the console again up to the queue on the screen,
 * from the page's navigation and resource timing (local/local-runtime-e2e/npm-tools/console-load.cjs). The browser and
 * its driver are those of the end-to-end tests, installed by their npm-tools/install into benchmarks/target/npm-tools.
 */
final class ConsoleLoad {
    private static final String NPM_TOOLS = "local/local-runtime-e2e/npm-tools";
    /** A page of the queue, open issues of orders that do not exist: what the administrator's first screen lists. */
    private static final int OPEN_ISSUES = 20;

    /** A figure the script reports: its group and name in the JSON, and the row's words. */
    private record Figure(String group, String name, String label) {
    }

    private static final List<Figure> FIGURES = List.of(
            new Figure("first", "html", "first visit: the document read (responseEnd)"),
            new Figure("first", "domContentLoaded", "first visit: the bundle run (DOMContentLoaded)"),
            new Figure("first", "load", "first visit: load"),
            new Figure("first", "discovered", "first visit: config and discovery read, the redirect to the issuer follows"),
            new Figure("signedIn", "domContentLoaded", "back from the issuer: the bundle run (DOMContentLoaded)"),
            new Figure("signedIn", "token", "back from the issuer: the token read"),
            new Figure("signedIn", "issues", "back from the issuer: GET /payment-issues read"),
            new Figure("signedIn", "queue", "back from the issuer: the queue on the screen"));

    private ConsoleLoad() {
    }

    static void run(Report report, int loads) throws Exception {
        Path root = RepositoryRoot.locate();
        Path shipped = root.resolve("console/target/console");
        if (!Files.isDirectory(shipped)) {
            throw new IllegalStateException("console/target/console is missing: build the console (./mvnw -pl console verify)");
        }
        sizes(report, shipped);
        Path tools = install(root);
        try (StartApi api = StartApi.start(Map.of("WEBHOOK_SECRET", BenchData.WEBHOOK_SECRET))) {
            String base = api.base();
            openIssues(base);
            // One load more, first and not counted: start-api's functions and issuer answer it from cold.
            List<Map<String, Object>> runs = browse(root, tools, base + "/console/", loads + 1);
            runs = runs.subList(1, runs.size());
            report.line(String.format(Locale.ROOT, "Headless Chromium (@sparticuz/chromium, driven by playwright-core) against "
                    + "`./sam-local start-api`, in fresh browser contexts (no cache, no storage): %d, after one not counted. Each "
                    + "opens `/console/`, whose first visit ends at its redirect to sam-local's issuer, signs in there as an "
                    + "administrator and comes back to the console, which redeems the code and shows the queue (a page of %d "
                    + "open issues). Milliseconds from each document's navigation start (the second: the sign-in form's "
                    + "POST, whose 303 leads to the console), from the page's navigation and resource timing. "
                    + "start-api serves the files uncompressed, on the loopback: %s bytes moved on the first visit "
                    + "(the console's files, config.json and the issuer's discovery).", runs.size(), OPEN_ISSUES,
                    bytes(Math.round(median(runs, "first", "bytes")))));
            List<List<String>> rows = new ArrayList<>();
            for (Figure figure : FIGURES) {
                Stats stats = Stats.of(runs.stream().mapToDouble(run -> figure(run, figure.group(), figure.name())).toArray());
                rows.add(List.of(figure.label(), Report.ms(stats.median()), Report.ms(stats.percentile(0)),
                        Report.ms(stats.percentile(100))));
            }
            report.table(List.of("from navigation start to", "median", "min", "max"), rows);
        }
    }

    /** Each shipped file's size, raw and gzipped at the best compression, and their total. */
    private static void sizes(Report report, Path shipped) throws IOException {
        List<List<String>> rows = new ArrayList<>();
        long raw = 0;
        long gzipped = 0;
        List<Path> files;
        try (Stream<Path> listing = Files.list(shipped)) {
            files = listing.filter(Files::isRegularFile).sorted().toList();
        }
        for (Path file : files) {
            byte[] bytes = Files.readAllBytes(file);
            long gzip = gzip(bytes);
            raw += bytes.length;
            gzipped += gzip;
            rows.add(List.of("`" + file.getFileName() + "`", bytes(bytes.length), bytes(gzip)));
        }
        rows.add(List.of("all", bytes(raw), bytes(gzipped)));
        report.line("The console as shipped (`console/target/console/`, what start-api serves at `/console/` and the "
                + "hosting uploads); gzip at its best compression (level 9), about what a CDN's compression sends.");
        report.table(List.of("file", "bytes", "gzip"), rows);
    }

    private static long gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out) {
            {
                def.setLevel(Deflater.BEST_COMPRESSION);
            }
        }) {
            gzip.write(bytes);
        }
        return out.size();
    }

    private static String bytes(long count) {
        return String.format(Locale.ROOT, "%,d", count);
    }

    /** The browser and its driver: the end-to-end tests' npm tools, installed once (again only when their lock changes). */
    private static Path install(Path root) throws IOException, InterruptedException {
        Path tools = root.resolve("benchmarks/target/npm-tools");
        Files.createDirectories(tools);
        Path log = tools.resolveSibling("npm-tools-install.log");
        Process install = new ProcessBuilder("bash", root.resolve(NPM_TOOLS).resolve("install").toString(), tools.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!install.waitFor(10, TimeUnit.MINUTES) || install.exitValue() != 0) {
            install.destroyForcibly();
            throw new IllegalStateException(NPM_TOOLS + "/install failed: " + Files.readString(log));
        }
        return tools;
    }

    /** The issues of a queue's page: payments for orders that do not exist, each an UNKNOWN_ORDER issue. */
    private static void openIssues(String base) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newHttpClient();
        for (int i = 1; i <= OPEN_ISSUES; i++) {
            long now = Instant.now().getEpochSecond();
            String body = "{\"id\":\"evt_console_" + i + "\",\"type\":\"payment.succeeded\",\"created\":" + now
                    + ",\"data\":{\"orderId\":\"no-such-order-" + i + "\",\"paymentId\":\"pay_console_" + i
                    + "\",\"amount\":1250,\"currency\":\"EUR\"}}";
            HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(base + "/webhooks/payments"))
                    .header("Content-Type", "application/json")
                    .header("Webhook-Signature", WebhookSignature.header(BenchData.WEBHOOK_SECRET, now, body))
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 200) {
                throw new IllegalStateException("the webhook answered " + answer.statusCode() + ": " + answer.body());
            }
        }
    }

    /** console-load.cjs's runs. */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> browse(Path root, Path tools, String console, int runs)
            throws IOException, InterruptedException {
        Path errors = Files.createTempFile("console-load", ".err");
        ProcessBuilder builder = new ProcessBuilder("node", root.resolve(NPM_TOOLS).resolve("console-load.cjs").toString(),
                console, Integer.toString(runs), "ops-bench").redirectError(errors.toFile());
        builder.environment().put("NODE_PATH", tools.resolve("node_modules").toString());
        builder.environment().put("TMPDIR", tools.resolve("chromium").toString());
        Process node = builder.start();
        try {
            CompletableFuture<byte[]> printed = CompletableFuture.supplyAsync(() -> {
                try {
                    return node.getInputStream().readAllBytes();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            if (!node.waitFor(2 + runs, TimeUnit.MINUTES) || node.exitValue() != 0) {
                node.destroyForcibly();
                throw new IllegalStateException("console-load.cjs failed: " + Files.readString(errors));
            }
            return (List<Map<String, Object>>) JSON.std.mapFrom(printed.join()).get("runs");
        } finally {
            Files.delete(errors);
        }
    }

    @SuppressWarnings("unchecked")
    private static double figure(Map<String, Object> run, String group, String name) {
        return ((Number) ((Map<String, Object>) run.get(group)).get(name)).doubleValue();
    }

    private static double median(List<Map<String, Object>> runs, String group, String name) {
        return Stats.of(runs.stream().mapToDouble(run -> figure(run, group, name)).toArray()).median();
    }
}
