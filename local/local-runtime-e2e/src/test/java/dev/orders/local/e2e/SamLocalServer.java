package dev.orders.local.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A serving verb of ./sam-local (start-api, start-lambda) running on a free port, until {@link #close()}. */
final class SamLocalServer implements AutoCloseable {
    final int port;
    final Path log;
    private final String verb;
    private final Process process;
    private final List<ProcessHandle> started = new ArrayList<>();

    private SamLocalServer(String verb, int port, Path log, Process process) {
        this.verb = verb;
        this.port = port;
        this.log = log;
        this.process = process;
    }

    /** {@code ./sam-local VERB --port P OPTIONS} with {@code env} added; returns once it printed that it listens. */
    static SamLocalServer start(String verb, Map<String, String> env, List<String> options) {
        return start(SamLocalCommand.ROOT, verb, env, options);
    }

    /** As {@link #start(String, Map, List)}, the script of the checkout {@code root}. */
    static SamLocalServer start(Path root, String verb, Map<String, String> env, List<String> options) {
        int port = SamLocalCommand.freePort();
        List<String> args = new ArrayList<>(List.of(verb, "--port", Integer.toString(port)));
        args.addAll(options);
        Path log = SamLocalCommand.logFile(verb);
        try {
            Process process = SamLocalCommand.builder(root, env, args)
                    .redirectError(ProcessBuilder.Redirect.to(log.toFile()))
                    .start();
            SamLocalServer server = new SamLocalServer(verb, port, log, process);
            BufferedReader stdout = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String line = stdout.readLine();
            if (line == null || !line.equals("Listening on http://127.0.0.1:" + port)) {
                server.close();
                throw new IllegalStateException(verb + " printed " + line + " instead of Listening; see " + log);
            }
            // The server JVM, Dynoxide and the shell job watching it, to prove they are gone after close().
            server.started.add(process.toHandle());
            process.descendants().forEach(server.started::add);
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String base() {
        return "http://127.0.0.1:" + port;
    }

    /** The processes it runs: the launcher, the functions' JVM, Dynoxide and its watcher. */
    List<ProcessHandle> processes() {
        return started;
    }

    /** SIGTERM, as Ctrl-C or a service manager would send; then checks nothing is left. */
    @Override
    public void close() {
        process.destroy();
        assertStopped(verb, started, port, log);
    }

    /** Checks that the {@code processes} of a server sent SIGTERM end within 30 s and its port is closed; kills those left. */
    static void assertStopped(String what, List<ProcessHandle> processes, int port, Path log) {
        try {
            for (ProcessHandle handle : processes) {
                handle.onExit().get(30, TimeUnit.SECONDS);
                assertFalse(handle.isAlive(), "left running: " + handle.info());
            }
        } catch (Exception e) {
            processes.forEach(ProcessHandle::destroyForcibly);
            throw new IllegalStateException(what + " did not stop cleanly; see " + log, e);
        }
        assertFalse(accepts(port), "port " + port + " still accepts connections after stop");
    }

    private static boolean accepts(int port) {
        try {
            new Socket("127.0.0.1", port).close();
            return true;
        } catch (ConnectException e) {
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
