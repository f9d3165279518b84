package dev.orders.bench;

import dev.orders.localaws.RepositoryRoot;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code ./sam-local start-api} of the checkout on a free port, for the sections that measure through it, until
 * {@link #close()}: sam-local's own issuer (whose tokens the harness mints and whose page a browser fills in) rather
 * than one the caller's shell may name, its own engine unless {@code env} names one (DYNAMODB_ENDPOINT), nothing built.
 */
record StartApi(int port, Process process) implements AutoCloseable {

    /** Started with {@code env} added to its environment; returns once it printed that it listens. */
    static StartApi start(Map<String, String> env) throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        ProcessBuilder builder = new ProcessBuilder(RepositoryRoot.locate().resolve("sam-local").toString(), "start-api",
                "--port", Integer.toString(port)).directory(RepositoryRoot.locate().toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        for (String unset : new String[] {"JAVA_TOOL_OPTIONS", "SAM_LOCAL_JWT_ISSUER", "SAM_LOCAL_JWT_AUDIENCE", "DYNAMODB_ENDPOINT"}) {
            builder.environment().remove(unset);
        }
        builder.environment().putAll(Map.of("SAM_LOCAL_NO_BUILD", "1", "LOG_LEVEL", "WARN"));
        builder.environment().putAll(env);
        StartApi api = new StartApi(port, builder.start());
        String line = new BufferedReader(new InputStreamReader(api.process.getInputStream(), StandardCharsets.UTF_8)).readLine();
        if (line == null || !line.startsWith("Listening on")) {
            api.close();
            throw new IllegalStateException("start-api did not start: " + line);
        }
        return api;
    }

    String base() {
        return "http://127.0.0.1:" + port;
    }

    @Override
    public void close() {
        process.destroy();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
