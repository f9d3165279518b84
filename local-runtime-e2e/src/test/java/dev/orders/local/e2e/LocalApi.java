package dev.orders.local.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.local.api.LocalIssuer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** {@code ./sam-local start-api} running on a free port, until {@link #close()}. */
final class LocalApi implements AutoCloseable {
    final int port;
    final Path log;
    private final Process process;
    private final List<ProcessHandle> started = new ArrayList<>();

    private LocalApi(int port, Path log, Process process) {
        this.port = port;
        this.log = log;
        this.process = process;
    }

    static LocalApi start(String... options) {
        return start(Map.of(), options);
    }

    /** start-api with {@code env} added to its environment (e.g. DYNAMODB_ENDPOINT: a DynamoDB the test holds). */
    static LocalApi start(Map<String, String> env, String... options) {
        int port = SamLocalCommand.freePort();
        List<String> args = new ArrayList<>(List.of("start-api", "--port", Integer.toString(port)));
        args.addAll(List.of(options));
        Path log = SamLocalCommand.logFile("start-api");
        try {
            Process process = SamLocalCommand.builder(env, args)
                    .redirectError(ProcessBuilder.Redirect.to(log.toFile()))
                    .start();
            LocalApi api = new LocalApi(port, log, process);
            BufferedReader stdout = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String line = stdout.readLine();
            if (line == null || !line.equals("Listening on http://127.0.0.1:" + port)) {
                api.close();
                throw new IllegalStateException("start-api printed " + line + " instead of Listening; see " + log);
            }
            // The server JVM, Dynoxide and the shell job watching it, to prove they are gone after close().
            api.started.add(process.toHandle());
            process.descendants().forEach(api.started::add);
            return api;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** sam-local's own issuer as this start-api serves it: the repository's key, its URL, the default audience. */
    LocalIssuer issuer() {
        return LocalIssuer.load(SamLocalCommand.ROOT.resolve(LocalIssuer.KEY_FILE), URI.create(base()),
                List.of(LocalIssuer.DEFAULT_AUDIENCE), Clock.systemUTC());
    }

    /** A bearer token of this start-api's issuer for {@code subject} with {@code scopes}. */
    String token(String subject, String... scopes) {
        return issuer().mint(subject, List.of(scopes), Duration.ofMinutes(10));
    }

    /** A bearer token of this start-api's issuer for {@code subject} with {@code scopes} as an {@code scp} array. */
    String scpToken(String subject, String... scopes) {
        return issuer().mint(subject, List.of(scopes), LocalIssuer.ScopeClaim.SCP, Duration.ofMinutes(10));
    }

    String base() {
        return "http://127.0.0.1:" + port;
    }

    /** The processes start-api runs: the launcher, the functions' JVM, Dynoxide and its watcher. */
    List<ProcessHandle> processes() {
        return started;
    }

    /** SIGTERM, as Ctrl-C or a service manager would send; then checks nothing is left. */
    @Override
    public void close() {
        process.destroy();
        try {
            assertTrue(process.waitFor(30, TimeUnit.SECONDS), "start-api still running 30 s after SIGTERM");
            for (ProcessHandle handle : started) {
                handle.onExit().get(30, TimeUnit.SECONDS);
                assertFalse(handle.isAlive(), "left running: " + handle.info());
            }
        } catch (Exception e) {
            started.forEach(ProcessHandle::destroyForcibly);
            throw new IllegalStateException("start-api did not stop cleanly; see " + log, e);
        }
        assertFalse(accepts(port), "port " + port + " still accepts connections after stop");
    }

    static boolean accepts(int port) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            return true;
        } catch (ConnectException e) {
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
