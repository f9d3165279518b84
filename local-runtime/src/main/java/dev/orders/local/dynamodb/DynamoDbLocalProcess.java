package dev.orders.local.dynamodb;

import dev.orders.local.ChildProcesses;
import dev.orders.local.RepositoryRoot;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * DynamoDB Local in a child JVM, started from the directory the {@code dynamodb-local} module lays
 * out ({@code lib/} with DynamoDB Local and its natives, {@code launcher/} with our watchdog main).
 * Its own process and classpath, because DynamoDB Local bundles AWS SDK versions that clash with
 * ours.
 */
final class DynamoDbLocalProcess implements LocalDynamoDb.Server {

    private static final String HOME_PROPERTY = "dynamodb.local.home";
    private static final String MAIN_CLASS = "dev.orders.dynamodblocal.ParentWatchdogLauncher";
    private static final int PORT_ATTEMPTS = 3;
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final Path home;
    private final Path dataDir;
    private final Duration startTimeout;
    private final Path logFile;
    private int port;
    private Process process;
    // Kill -9 skips this hook, but then the child's watchdog sees its stdin close. Unsynchronized,
    // so that a thread holding this server's lock when the JVM exits cannot block it.
    private final Thread shutdownHook = new Thread(() -> {
        Process running = process;
        if (running != null) {
            ChildProcesses.terminate(running, Duration.ofSeconds(2));
        }
    }, "dynamodb-local-shutdown");

    private DynamoDbLocalProcess(Path home, LocalDynamoDb.Options options, Path logFile) {
        this.home = home;
        this.dataDir = options.dataDir();
        this.startTimeout = options.startTimeout();
        this.logFile = logFile;
    }

    static DynamoDbLocalProcess start(LocalDynamoDb.Options options) {
        Path home = locateHome();
        DynamoDbLocalProcess server = new DynamoDbLocalProcess(home, options, newLogFile());
        // Registered once for the server's lifetime; covers every process stop()/start() creates.
        Runtime.getRuntime().addShutdownHook(server.shutdownHook);
        // A free port can be taken by someone else between our probe and the child's bind: retry.
        for (int attempt = 1; ; attempt++) {
            server.port = LocalDynamoDb.Server.freePort();
            try {
                server.launch();
                return server;
            } catch (PortTakenException e) {
                if (attempt == PORT_ATTEMPTS) {
                    server.close();
                    throw new IllegalStateException("DynamoDB Local could not bind a port in " + PORT_ATTEMPTS + " attempts", e);
                }
            } catch (RuntimeException e) {
                server.close();
                throw e;
            }
        }
    }

    /** System property {@value #HOME_PROPERTY} (set by surefire), else relative to the repository root. */
    static Path locateHome() {
        String property = System.getProperty(HOME_PROPERTY);
        Path home = property != null && !property.isBlank()
                ? Path.of(property)
                : RepositoryRoot.locate().resolve("dynamodb-local/target/dynamodb-local");
        if (!Files.isRegularFile(home.resolve("lib/DynamoDBLocal.jar")) || !Files.isDirectory(home.resolve("launcher"))) {
            throw new IllegalStateException("DynamoDB Local is not laid out in " + home.toAbsolutePath()
                    + " (expected lib/DynamoDBLocal.jar and launcher/). Build it first, from the repository root: "
                    + "./mvnw -pl dynamodb-local package");
        }
        return home.toAbsolutePath();
    }

    @Override
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + port);
    }

    @Override
    public synchronized Optional<ProcessHandle> process() {
        return process != null && process.isAlive() ? Optional.of(process.toHandle()) : Optional.empty();
    }

    @Override
    public synchronized void start() {
        if (process != null && process.isAlive()) {
            return;
        }
        try {
            launch();
        } catch (PortTakenException e) {
            throw new IllegalStateException("cannot restart DynamoDB Local: port " + port + " is now taken by another process", e);
        }
    }

    @Override
    public synchronized void stop() {
        if (process == null) {
            return;
        }
        // SIGTERM lets the server shut down cleanly; with -dbPath every write is already committed.
        ChildProcesses.terminate(process, Duration.ofSeconds(10));
        process = null;
    }

    @Override
    public synchronized void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // The JVM is already shutting down; the hook does the same thing.
        }
    }

    private synchronized void launch() {
        List<String> command = command();
        long logStart = logSize(); // the log is appended to; only this launch's output matters below
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()));
        // stdin stays a pipe (the default): the watchdog in the child exits when it closes,
        // which the OS does when this JVM dies, even by kill -9.
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start DynamoDB Local: " + command, e);
        }
        try {
            awaitReady(process);
        } catch (IllegalStateException e) {
            stop();
            String tail = logTail(logStart);
            if (tail.contains("BindException")) {
                throw new PortTakenException(e);
            }
            throw new IllegalStateException(e.getMessage() + "; last output (" + logFile + "):\n" + tail, e.getCause());
        }
    }

    private List<String> command() {
        List<String> command = new ArrayList<>(List.of(
                ChildProcesses.javaExecutable(),
                // Startup time matters more than peak throughput for a test database.
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Dsqlite4java.library.path=" + home.resolve("lib"),
                "-cp", home.resolve("lib") + File.separator + "*" + File.pathSeparator + home.resolve("launcher"),
                MAIN_CLASS,
                "-port", Integer.toString(port),
                "-disableTelemetry", // otherwise it phones home at startup
                "-sharedDb"));       // one database for every access key / region
        if (dataDir == null) {
            command.add("-inMemory");
        } else {
            try {
                Files.createDirectories(dataDir);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create data dir " + dataDir, e);
            }
            command.add("-dbPath");
            command.add(dataDir.toAbsolutePath().toString());
        }
        return command;
    }

    /**
     * Polls ListTables until the server answers, with a client that never retries so each probe
     * is quick; gives up early if the child exits.
     */
    private void awaitReady(Process started) {
        long deadline = System.nanoTime() + startTimeout.toNanos();
        try (DynamoDbClient probe = LocalDynamoDb.clientBuilder(endpoint())
                .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry())
                        .apiCallTimeout(Duration.ofSeconds(2)))
                .build()) {
            SdkException last = null;
            while (System.nanoTime() < deadline) {
                if (!started.isAlive()) {
                    throw new IllegalStateException("DynamoDB Local exited with code " + started.exitValue());
                }
                try {
                    probe.listTables(b -> b.limit(1));
                    return;
                } catch (SdkException e) {
                    last = e;
                }
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while waiting for DynamoDB Local", e);
                }
            }
            throw new IllegalStateException("DynamoDB Local at " + endpoint() + " did not answer within " + startTimeout, last);
        }
    }

    private long logSize() {
        try {
            return Files.exists(logFile) ? Files.size(logFile) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    private String logTail(long from) {
        try {
            byte[] all = Files.readAllBytes(logFile);
            int start = (int) Math.min(from, all.length);
            List<String> lines = new String(all, start, all.length - start, StandardCharsets.UTF_8).lines().toList();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
    }

    /** Under the module's target/ when run by Maven (so it is cleaned), else the temp dir. */
    private static Path newLogFile() {
        Path dir = Files.isDirectory(Path.of("target")) ? Path.of("target", "dynamodb-local-logs") : Path.of(System.getProperty("java.io.tmpdir"));
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir.resolve("dynamodb-local-" + ProcessHandle.current().pid() + "-" + INSTANCES.incrementAndGet() + ".log").toAbsolutePath();
    }

    private static final class PortTakenException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        PortTakenException(Throwable cause) {
            super(cause);
        }
    }
}
