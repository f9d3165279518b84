package dev.orders.local.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jr.ob.JSON;
import com.sun.jdi.Bootstrap;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.AttachingConnector;
import com.sun.jdi.connect.Connector;
import dev.orders.local.api.LocalIssuer;
import dev.orders.local.cli.SamLocal;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.template.TemplateTable;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SAM CLI's flags as a SAM user types them, on the JVMs they start: invoke's event on stdin, its template parameters
 * and log file, its debugger; start-api's template, parameters from samconfig, log file and one function debugged in
 * a JVM of its own. A debugger attaches as an IDE does, through the JDK's debugger interface (JDI).
 */
class SamCliFlagsEndToEndTest {
    private static LocalDynamoDb dynamoDb;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void table() {
        dynamoDb = LocalDynamoDb.launch();
        TemplateTable.load(RepositoryRoot.template(), TemplateTable.ORDERS_TABLE).createIfAbsent(dynamoDb.client(), SamLocal.TABLE_NAME);
    }

    @AfterAll
    static void stop() {
        dynamoDb.close();
    }

    private static Map<String, String> sharedTable() {
        return Map.of("DYNAMODB_ENDPOINT", dynamoDb.endpoint().toString());
    }

    @Test
    void invokeReadsTheEventFromStdinRunsWithTheParameterOverridesAndWritesItsOutputToTheLogFile(@TempDir Path dir)
            throws Exception {
        Path events = dir.resolve("events.jsonl");
        // A log of an earlier run, left readable by others: it is made anew, and its owner's only.
        Path log = Files.writeString(dir.resolve("invoke.log"), "an earlier run's token");
        Files.setPosixFilePermissions(log, PosixFilePermissions.fromString("rw-r--r--"));
        byte[] stream = Files.readAllBytes(SamLocalCommand.ROOT.resolve("events/publish-events/order-created-and-paid.json"));

        SamLocalCommand.Result result = SamLocalCommand.run(sharedTable(), stream, "invoke", "PublishEventsFunction", "-e", "-",
                "--parameter-overrides", "EventSource=e2e.orders LogLevel=DEBUG", "--events", events.toString(),
                "-l", log.toString());

        assertEquals(0, result.exitCode(), result.stderr());
        assertEquals("", result.stdout(), "the response goes to the log file, as SAM CLI writes it there");
        assertTrue(result.stderr().contains("reading the event from stdin"), result.stderr());
        assertTrue(result.stderr().contains("the functions' output goes to " + log), result.stderr());
        String written = Files.readString(log);
        assertTrue(written.contains("{\"batchItemFailures\":[]}"), written);
        assertTrue(written.contains("PublishEventsFunction: init"), "the function's JVM's lines: " + written);
        List<String> sources = new ArrayList<>();
        for (String line : Files.readAllLines(events)) {
            sources.add((String) JSON.std.mapFrom(line).get("source"));
        }
        assertEquals(List.of("e2e.orders", "e2e.orders"), sources, "the template's EventSource, as overridden");
        assertFalse(written.contains("an earlier run's token"), written);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(log)));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(events)));
    }

    @Test
    void theEnvVarsFileThenTheShellSetTheVariablesTheTemplateDeclaresAndNothingElseOfTheShellReachesTheFunction(
            @TempDir Path dir) throws Exception {
        String event = SamLocalCommand.ROOT.resolve("events/customer-profile/get-customer.json").toString();
        Map<String, String> shell = new HashMap<>(sharedTable());
        shell.put("LOG_LEVEL", "DEBUG");

        SamLocalCommand.Result fromShell = SamLocalCommand.run(shell, "invoke", "CustomerProfileFunction", "-e", event);

        assertEquals(0, fromShell.exitCode(), fromShell.stderr());
        assertTrue(fromShell.stderr().contains("\"level\":\"DEBUG\""), "LOG_LEVEL, declared, takes the shell's value"
                + " before the template's: " + fromShell.stderr());

        Path envVars = Files.writeString(dir.resolve("env.json"),
                "{\"Parameters\": {\"LOG_LEVEL\": \"INFO\", \"POWERTOOLS_LOG_LEVEL\": \"DEBUG\"}}");
        shell.put("POWERTOOLS_LOG_LEVEL", "DEBUG");

        SamLocalCommand.Result fromFile = SamLocalCommand.run(shell, "invoke", "CustomerProfileFunction", "-e", event,
                "-n", envVars.toString());

        assertEquals(0, fromFile.exitCode(), fromFile.stderr());
        assertTrue(fromFile.stderr().contains("--env-vars: Parameters.POWERTOOLS_LOG_LEVEL is ignored"), fromFile.stderr());
        assertFalse(fromFile.stderr().contains("\"level\":\"DEBUG\""), "the file's LOG_LEVEL before the shell's, and"
                + " POWERTOOLS_LOG_LEVEL, which the template does not declare, from neither: " + fromFile.stderr());
        // At INFO the answer's only record is its metric line (the answered line is DEBUG's).
        assertTrue(fromFile.stderr().contains("\"Requests\":1.0"), fromFile.stderr());
    }

    @Test
    void invokeWithADebugPortWaitsSuspendedUntilADebuggerAttachesThenRunsTheEmptyEventWithTheDebugArgs(@TempDir Path dir)
            throws Exception {
        int port = SamLocalCommand.freePort();
        Path gcLog = dir.resolve("gc.log");
        Process invoke = SamLocalCommand.builder(sharedTable(), List.of("invoke", "QueryOrdersFunction", "--no-event",
                "-d", Integer.toString(port), "--debug-args", "-Xmx256m '-Xlog:gc:file=" + gcLog + "'")).start();
        try {
            CompletableFuture<String> stdout = CompletableFuture.supplyAsync(() -> text(invoke.getInputStream()));
            BufferedReader stderr = new BufferedReader(new InputStreamReader(invoke.getErrorStream(), StandardCharsets.UTF_8));
            String waiting = "QueryOrdersFunction's JVM waits for a debugger: attach one to 127.0.0.1:" + port + " (JDWP)";
            List<String> lines = new ArrayList<>();
            for (String line = stderr.readLine(); line != null && !line.endsWith(waiting); line = stderr.readLine()) {
                lines.add(line);
            }
            CompletableFuture<String> rest = CompletableFuture.supplyAsync(() -> text(invoke.getErrorStream()));

            VirtualMachine vm = attach(port);
            ThreadReference main = vm.allThreads().stream().filter(t -> t.name().equals("main")).findFirst().orElseThrow();
            assertTrue(main.isSuspended(), "the JVM waited, suspended, for the debugger");
            vm.resume();
            vm.dispose();

            assertTrue(invoke.waitFor(120, TimeUnit.SECONDS), "invoke ends once the debugger let it run");
            assertEquals(0, invoke.exitValue(), lines + rest.get());
            Map<String, Object> response = JSON.std.mapFrom(stdout.get());
            assertEquals(404, response.get("statusCode"), "the event {} names no route: " + response);
            assertTrue(((String) response.get("body")).contains("no-route"), response.toString());
            assertTrue(Files.exists(gcLog), "the --debug-args reached the debugged JVM (its -Xlog file)");
        } finally {
            invoke.destroyForcibly();
        }
    }

    @Test
    void startApiTakesItsTemplateParametersAndLogFileFromSamconfigAndDebugsOneFunctionInAJvmOfItsOwn(@TempDir Path dir)
            throws Exception {
        Path log = dir.resolve("functions.log");
        Path events = dir.resolve("events.jsonl");
        Path config = Files.writeString(dir.resolve("samconfig.toml"), """
                version = 0.1
                [default.local_start_api.parameters]
                parameter_overrides = "JwtAudience=e2e-audience EventSource=e2e.orders"
                log_file = "%s"
                """.formatted(log));
        int debugPort = SamLocalCommand.freePort();
        try (SamLocalServer api = SamLocalServer.start("start-api", Map.of(), List.of("-t", "template.yaml",
                "--config-file", config.toString(), "-d", Integer.toString(debugPort), "--debug-function",
                "CustomerProfileFunction", "--events", events.toString()))) {
            assertEquals(3, api.processes().stream().filter(p -> p.info().command().orElse("").endsWith("java")).count(),
                    "the launcher, the functions' JVM and CustomerProfileFunction's own");
            String launcher = Files.readString(api.log);
            assertTrue(launcher.contains("CustomerProfileFunction's own JVM (the other functions serve at once) waits for a"
                    + " debugger: attach one to 127.0.0.1:" + debugPort + " (JDWP)"), launcher);

            // JwtAudience reached the authorizer: the default audience is refused, the stack's accepted.
            LocalIssuer issuer = LocalIssuer.load(SamLocalCommand.ROOT.resolve(LocalIssuer.KEY_FILE), URI.create(api.base()),
                    List.of("e2e-audience"), Clock.systemUTC());
            String ada = issuer.mint("c-flags", List.of(), Duration.ofMinutes(10));
            String admin = issuer.mint("ops-admin", List.of("orders:admin"), Duration.ofMinutes(10));
            String otherAudience = LocalIssuer.load(SamLocalCommand.ROOT.resolve(LocalIssuer.KEY_FILE), URI.create(api.base()),
                    List.of(LocalIssuer.DEFAULT_AUDIENCE), Clock.systemUTC()).mint("c-flags", List.of(), Duration.ofMinutes(10));
            assertEquals(401, send(api, otherAudience, "GET", "/products/MUG-BLUE", null).statusCode());

            // The debugged function's request waits for the debugger; the other functions answer meanwhile.
            CompletableFuture<HttpResponse<String>> profile = CompletableFuture.supplyAsync(() -> send(api, ada, "PUT",
                    "/customers/c-flags", "{\"name\":\"Flag User\",\"email\":\"flags@example.com\"}"));
            assertEquals(201, send(api, admin, "PUT", "/products/MUG-BLUE",
                    "{\"name\":\"Blue mug\",\"unitPrice\":1250,\"currency\":\"EUR\"}").statusCode());
            assertTrue(!profile.isDone(), "CustomerProfileFunction's JVM is suspended until a debugger attaches");
            VirtualMachine vm = attach(debugPort);
            assertTrue(vm.allThreads().stream().filter(t -> t.name().equals("main")).findFirst().orElseThrow().isSuspended());
            vm.resume();
            vm.dispose();
            assertEquals(201, profile.get(120, TimeUnit.SECONDS).statusCode(), profile.get().body());
            assertEquals(200, send(api, ada, "GET", "/customers/c-flags", null).statusCode());

            // EventSource reached the publisher: the order's event is published with the stack's source.
            HttpResponse<String> order = send(api, ada, "POST", "/customers/c-flags/orders",
                    "{\"items\":[{\"sku\":\"MUG-BLUE\",\"quantity\":1}]}");
            assertEquals(201, order.statusCode(), order.body());
            assertEquals("e2e.orders", awaitFirstEvent(events).get("source"));

            String functions = Files.readString(log);
            assertTrue(functions.contains("CustomerProfileFunction: init") && functions.contains("ProductCatalogFunction: init"),
                    "both functions' JVMs write to the log file: " + functions);
            assertTrue(!launcher.contains("ProductCatalogFunction: init"), "not to the terminal: " + launcher);
        }
    }

    /** Attaches to a JVM's JDWP port as an IDE's Java debugger does. */
    private static VirtualMachine attach(int port) throws Exception {
        AttachingConnector socket = Bootstrap.virtualMachineManager().attachingConnectors().stream()
                .filter(connector -> connector.transport().name().equals("dt_socket")).findFirst().orElseThrow();
        Map<String, Connector.Argument> arguments = socket.defaultArguments();
        arguments.get("hostname").setValue("127.0.0.1");
        arguments.get("port").setValue(Integer.toString(port));
        return socket.attach(arguments);
    }

    private HttpResponse<String> send(SamLocalServer api, String token, String method, String path, String json) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(api.base() + path))
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json))
                .header("Content-Type", "application/json").header("Authorization", "Bearer " + token);
        if (method.equals("POST")) {
            request.header("Idempotency-Key", "e2e-flags-" + path.hashCode());
        }
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The first event the local bus wrote to {@code file} (the table's stream is read asynchronously). */
    private static Map<String, Object> awaitFirstEvent(Path file) throws Exception {
        for (int attempt = 0; attempt < 300; attempt++) {
            if (Files.exists(file) && !Files.readAllLines(file).isEmpty()) {
                return JSON.std.mapFrom(Files.readAllLines(file).get(0));
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no event published to " + file);
    }

    private static String text(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
