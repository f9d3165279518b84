package dev.orders.localaws.dynamodb;

import dev.orders.localaws.ChildProcesses;
import dev.orders.localaws.Log;
import dev.orders.localaws.OwnerOnly;
import dev.orders.localaws.RepositoryRoot;
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
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Dynoxide (a DynamoDB-compatible server, MIT OR Apache-2.0) as a child process bound to 127.0.0.1, from
 * the binary the {@code dynoxide} module installs. In memory, or in one SQLite file under a data dir.
 */
final class DynoxideProcess implements LocalDynamoDb.Server {

    /** Set by surefire to the installed binary; else it is looked up under the repository root. */
    static final String BINARY_PROPERTY = "dynoxide.binary";
    /** The file that holds the tables in a data dir. */
    static final String DATA_FILE = "dynoxide.db";
    private static final String INSTALLED_BINARY = "local/dynoxide/target/dynoxide/dynoxide";
    private static final int PORT_ATTEMPTS = 3;
    /**
     * Dynoxide does not watch its parent, so a shell watches for it and then becomes the server ({@code exec}
     * keeps its pid). The shell's background job reads the pipe that is the child's stdin: the OS closes it
     * when this JVM ends, even by kill -9, and the job then sends the server SIGTERM. Its umask makes the files
     * it writes in a data dir (the database, SQLite's journal) its owner's only, as {@link OwnerOnly} files are.
     */
    private static final String WATCHED_BY_STDIN = "umask 077; exec 3<&0; { cat <&3 >/dev/null; kill -TERM $$ 2>/dev/null; } &"
            + " exec \"$@\" 3<&- </dev/null";

    private final Path binary;
    private final Path dataDir;
    private final Duration startTimeout;
    private final ServerLog log;
    private int port;
    private volatile Process process;
    // The shell job watching stdin, as found once the server answered (see stopWatcher).
    private volatile List<ProcessHandle> watcher = List.of();
    private volatile boolean stopping;
    // Kill -9 skips this hook, but then the watcher sees stdin close. Unsynchronized, so that a thread
    // holding this server's lock when the JVM exits cannot block it.
    private final Thread shutdownHook = new Thread(() -> {
        stopping = true;
        Process running = process;
        if (running != null) {
            stopWatcher(running);
            ChildProcesses.terminate(running, Duration.ofSeconds(2));
        }
    }, "dynoxide-shutdown");

    private DynoxideProcess(Path binary, LocalDynamoDb.Options options, ServerLog log) {
        this.binary = binary;
        this.dataDir = options.dataDir();
        this.startTimeout = options.startTimeout();
        this.log = log;
    }

    static DynoxideProcess start(LocalDynamoDb.Options options) {
        DynoxideProcess server = new DynoxideProcess(locateBinary(), options, ServerLog.create());
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
                    throw new IllegalStateException("Dynoxide could not bind a free port in " + PORT_ATTEMPTS + " attempts: "
                            + e.getMessage(), e);
                }
            } catch (RuntimeException e) {
                server.close();
                throw e;
            }
        }
    }

    /** Whether {@link #locateBinary()} finds the engine. */
    static boolean installed() {
        return Files.isExecutable(binaryPath());
    }

    /** System property {@value #BINARY_PROPERTY} (set by surefire), else the installed binary under the repository root. */
    static Path locateBinary() {
        Path binary = binaryPath();
        if (!Files.isExecutable(binary)) {
            throw new IllegalStateException("Dynoxide, the DynamoDB engine of the tests and ./sam-local, is not installed at "
                    + binary.toAbsolutePath() + ". Install it first, from the repository root: ./mvnw -pl local/dynoxide package"
                    + " (or set " + LocalDynamoDb.ENDPOINT_ENV + " to a DynamoDB that runs elsewhere; see docs/LOCAL.md)");
        }
        return binary.toAbsolutePath();
    }

    private static Path binaryPath() {
        String property = System.getProperty(BINARY_PROPERTY);
        return property != null && !property.isBlank() ? Path.of(property) : RepositoryRoot.locate().resolve(INSTALLED_BINARY);
    }

    /** What the binary answers to --version, e.g. "dynoxide 1.2.1": asked when a report wants it, not at every start. */
    private static String versionOf(Path binary) {
        try {
            Process answer = new ProcessBuilder(binary.toString(), "--version").redirectErrorStream(true).start();
            String text = new String(answer.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (answer.waitFor() != 0 || text.isEmpty()) {
                throw new IllegalStateException(binary + " --version answered '" + text + "' with exit code " + answer.exitValue()
                        + "; reinstall it from the repository root: ./mvnw -pl local/dynoxide package");
            }
            return text;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + binary, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking " + binary + " for its version", e);
        }
    }

    @Override
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + port);
    }

    @Override
    public String engine() {
        return versionOf(binary) + ", a child process on 127.0.0.1";
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
            throw new IllegalStateException("cannot restart Dynoxide: port " + port + " is now taken by another process", e);
        }
    }

    @Override
    public synchronized void stop() {
        if (process == null) {
            return;
        }
        stopping = true;
        stopWatcher(process);
        // SIGTERM lets the server shut down cleanly; with a data dir every write is already committed.
        ChildProcesses.terminate(process, Duration.ofSeconds(10));
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // The pipe is only the watcher's; it is gone with it.
        }
        process = null;
        watcher = List.of();
    }

    /**
     * Kills the job watching stdin before the server goes, so that it never signals a stale pid. It is the server's
     * child while the server runs (also one that never answered); after a crash only the handles taken at start know it.
     */
    private void stopWatcher(Process server) {
        (server.isAlive() ? server.toHandle().descendants().toList() : watcher).forEach(ProcessHandle::destroyForcibly);
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
        long logStart = log.size(); // the log is appended to; only this launch's output matters below
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.file().toFile()));
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start Dynoxide: " + command, e);
        }
        stopping = false;
        try {
            awaitReady(process);
        } catch (IllegalStateException e) {
            stop();
            String tail = log.tail(logStart);
            if (tail.contains("already in use")) {
                throw new PortTakenException(tail.strip(), e);
            }
            throw new IllegalStateException(e.getMessage() + "; its output (" + log.file() + "):\n" + tail, e.getCause());
        }
        watcher = process.toHandle().descendants().toList();
        Process started = process;
        started.onExit().thenAccept(exited -> {
            if (!stopping && started == process) {
                Log.LOCAL_DYNAMODB.line("Dynoxide (pid " + exited.pid() + ", " + endpoint() + ") exited by itself with code "
                        + exited.exitValue() + " while in use; every request to it fails from now on. Its output: " + log.file());
            }
        });
    }

    private List<String> command() {
        List<String> command = new ArrayList<>(List.of("/bin/sh", "-c", WATCHED_BY_STDIN, "dynoxide",
                binary.toString(), "serve", "--host", "127.0.0.1", "--port", Integer.toString(port)));
        if (dataDir != null) {
            try {
                OwnerOnly.directories(dataDir);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create data dir " + dataDir, e);
            }
            command.add("--db-path");
            command.add(dataDir.resolve(DATA_FILE).toAbsolutePath().toString());
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
                    throw new IllegalStateException("Dynoxide exited with code " + started.exitValue() + " on start");
                }
                try {
                    probe.listTables(b -> b.limit(1));
                    return;
                } catch (SdkException e) {
                    last = e;
                }
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while waiting for Dynoxide", e);
                }
            }
            throw new IllegalStateException("Dynoxide at " + endpoint() + " did not answer within " + startTimeout, last);
        }
    }

    private static final class PortTakenException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        PortTakenException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
