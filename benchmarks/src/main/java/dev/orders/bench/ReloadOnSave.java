package dev.orders.bench;

import dev.orders.local.api.LocalIssuer;
import dev.orders.localaws.FileTrees;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.testsupport.CheckoutCopy;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Section 8: reload on save. {@code ./sam-local start-api --watch} runs from a copy of the checkout (the modules
 * edited are copied, the rest linked, see CheckoutCopy); a message is changed in a source of order-core, of
 * order-http and of a function, and each time the wait from the save to the first answer carrying the new message
 * is measured, a request sent after another. That includes the new instance's cold start. Beside it, what
 * sam-local's own line says the reload took (from the save to the new classes in place).
 */
final class ReloadOnSave {
    private static final Pattern RELOADED = Pattern.compile("reloaded in (\\d+) ms after the save");
    private static final String WATCHING = "[sam-local] watching the sources of ";
    private static final Duration PATIENCE = Duration.ofMinutes(2);

    /** A change: the module and file, the text of a message in it, the request whose answer shows that message. */
    private record Change(String module, String file, String message, String subject, String method, String path,
                          String body) {
    }

    private static final List<Change> CHANGES = List.of(
            new Change("order-core", "shared-model/order-core/src/main/java/dev/orders/core/customer/CustomerDetails.java",
                    "must be an e-mail address", "c-bench", "PUT", "/customers/c-bench", "{\"name\":\"Bench\",\"email\":\"no\"}"),
            new Change("order-http", "shared-model/order-http/src/main/java/dev/orders/http/api/Problem.java",
                    "The request has invalid or missing fields.", "c-bench", "PUT", "/customers/c-bench",
                    "{\"name\":\"Bench\",\"email\":\"no\"}"),
            new Change("customer-profile (a function)",
                    "functions/customer-profile/src/main/java/dev/orders/functions/customerprofile/CustomerProfileFunction.java",
                    "The customer", "c-nobody", "GET", "/customers/c-nobody", null));

    private ReloadOnSave() {
    }

    static void run(Report report, int runs) throws Exception {
        Path copy = Files.createTempDirectory("sam-local-reload");
        List<String> copied = List.of("shared-model/order-core", "shared-model/order-http", "functions/customer-profile");
        Path root = CheckoutCopy.of(RepositoryRoot.locate(), copy, copied);
        Path log = copy.resolve("start-api.log");
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        ProcessBuilder builder = new ProcessBuilder(root.resolve("sam-local").toString(), "start-api", "--watch",
                "--port", Integer.toString(port)).directory(root.toFile()).redirectError(log.toFile());
        builder.environment().put("SAM_LOCAL_NO_BUILD", "1");
        Process server = builder.start();
        try {
            String listening = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8)).readLine();
            if (listening == null || !listening.startsWith("Listening on")) {
                throw new IllegalStateException("start-api --watch did not start: " + Files.readString(log));
            }
            // Measured once javac is primed, as after the first minute of a session.
            await(() -> Files.readString(log).contains(WATCHING), "start-api --watch did not say it watches; see " + log);
            URI base = URI.create("http://127.0.0.1:" + port);
            LocalIssuer issuer = LocalIssuer.load(root.resolve(LocalIssuer.KEY_FILE), base, List.of(LocalIssuer.DEFAULT_AUDIENCE),
                    Clock.systemUTC());
            HttpClient http = HttpClient.newHttpClient();
            List<List<String>> rows = new ArrayList<>();
            int reloadsSoFar = 0;
            for (Change change : CHANGES) {
                String token = issuer.mint(change.subject(), List.of(), Duration.ofHours(1));
                Path source = root.resolve(change.file());
                String original = Files.readString(source);
                if (!original.contains(change.message())) {
                    throw new IllegalStateException(change.file() + " no longer holds \"" + change.message() + "\"");
                }
                // The function starts once before the first save, as it would have in the session.
                send(http, base, change, token);
                double[] served = new double[runs];
                double[] reloaded = new double[runs];
                for (int run = 0; run < runs; run++) {
                    String message = change.message() + " (run " + (run + 1) + ")";
                    long saved = System.nanoTime();
                    Files.writeString(source, original.replace(change.message(), message));
                    long deadline = saved + PATIENCE.toNanos();
                    while (!send(http, base, change, token).contains(message)) {
                        if (System.nanoTime() > deadline) {
                            throw new IllegalStateException(change.module() + ": not served within " + PATIENCE + "; see " + log);
                        }
                    }
                    served[run] = (System.nanoTime() - saved) / 1e6;
                    // The line is written just after the new classes are in place: perhaps after this answer.
                    int reloads = ++reloadsSoFar;
                    await(() -> reloads(log).size() >= reloads, "no reload line; see " + log);
                    reloaded[run] = reloads(log).get(reloads - 1);
                }
                Stats stats = Stats.of(served);
                rows.add(List.of(change.module(), "`" + change.file().substring(change.file().lastIndexOf('/') + 1) + "`",
                        Integer.toString(runs), Report.seconds(stats.percentile(0)), Report.seconds(stats.median()),
                        Report.seconds(stats.percentile(100)), Report.seconds(Stats.of(reloaded).median())));
            }
            report.line("`./sam-local start-api --watch`; a message changed in one source, saved, requests sent one after"
                    + " another until one answers with it (the first on the new code is a cold start of its function).");
            report.table(List.of("change in", "file", "runs", "save to new answer: min", "median", "max",
                    "of which reload (sam-local's line), median"), rows);
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("reload on save failed; start-api's log:\n" + Files.readString(log), e);
        } finally {
            server.destroy();
            server.waitFor(30, TimeUnit.SECONDS);
            FileTrees.delete(copy);
        }
    }

    /** The answer's body. */
    private static String send(HttpClient http, URI base, Change change, String token) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(change.path())).header("Authorization", "Bearer " + token);
        if (change.body() == null) {
            request.method(change.method(), HttpRequest.BodyPublishers.noBody());
        } else {
            request.method(change.method(), HttpRequest.BodyPublishers.ofString(change.body()))
                    .header("Content-Type", "application/json");
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8)).body();
    }

    /** What each of sam-local's reload lines says it took, in milliseconds. */
    private static List<Double> reloads(Path log) throws IOException {
        Matcher matcher = RELOADED.matcher(Files.readString(log));
        List<Double> reloads = new ArrayList<>();
        while (matcher.find()) {
            reloads.add(Double.parseDouble(matcher.group(1)));
        }
        return reloads;
    }

    private interface Condition {
        boolean holds() throws IOException;
    }

    private static void await(Condition condition, String otherwise) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.holds()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(otherwise);
            }
            Thread.sleep(50);
        }
    }
}
