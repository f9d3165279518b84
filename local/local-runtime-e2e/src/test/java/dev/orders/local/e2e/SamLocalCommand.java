package dev.orders.local.e2e;

import dev.orders.localaws.RepositoryRoot;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs the repository's ./sam-local script as a user would, in its own processes. */
final class SamLocalCommand {
    static final Path ROOT = RepositoryRoot.locate();
    private static final Path LOGS = Path.of("target", "sam-local-logs").toAbsolutePath();

    private SamLocalCommand() {
    }

    /** What a finished command printed, and its exit code. */
    record Result(int exitCode, String stdout, String stderr) {
        List<String> stderrLines() {
            return stderr.lines().toList();
        }
    }

    /**
     * The script with {@code args}, never building (Maven is what runs these tests; the jars are
     * packaged already), and with {@code env} added to a clean environment.
     */
    static ProcessBuilder builder(Map<String, String> env, List<String> args) {
        return builder(ROOT, env, args);
    }

    /** As {@link #builder(Map, List)}, the script of the checkout {@code root}. */
    static ProcessBuilder builder(Path root, Map<String, String> env, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(root.resolve("sam-local").toString());
        command.addAll(args);
        return inCleanEnvironment(new ProcessBuilder(command).directory(root.toFile()), env);
    }

    /** {@code bash -c script} in the checkout, as a user types commands there; its ./sam-local gets the same environment. */
    static ProcessBuilder bash(String script) {
        return inCleanEnvironment(new ProcessBuilder("bash", "-c", script).directory(ROOT.toFile()), Map.of());
    }

    private static ProcessBuilder inCleanEnvironment(ProcessBuilder builder, Map<String, String> env) {
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        builder.environment().remove("DYNAMODB_ENDPOINT");
        builder.environment().remove("CURSOR_SECRET");
        builder.environment().remove("SAM_LOCAL_JWT_ISSUER");
        builder.environment().remove("SAM_LOCAL_JWT_AUDIENCE");
        builder.environment().put("SAM_LOCAL_NO_BUILD", "1");
        builder.environment().putAll(env);
        return builder;
    }

    static Result run(Map<String, String> env, String... args) {
        return run(env, new byte[0], args);
    }

    /** The script with {@code args}, {@code stdin} written to its standard input. */
    static Result run(Map<String, String> env, byte[] stdin, String... args) {
        return run(ROOT, Duration.ofSeconds(60), env, stdin, List.of(args));
    }

    /** The script of the checkout {@code root}, given {@code timeout} to finish. */
    static Result run(Path root, Duration timeout, Map<String, String> env, List<String> args) {
        return run(root, timeout, env, new byte[0], args);
    }

    private static Result run(Path root, Duration timeout, Map<String, String> env, byte[] stdin, List<String> args) {
        try {
            return finish(builder(root, env, args).start(), timeout, "./sam-local " + String.join(" ", args), stdin);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Result finish(Process process, Duration timeout, String what, byte[] stdin) throws IOException {
        try {
            try (java.io.OutputStream in = process.getOutputStream()) {
                in.write(stdin);
            }
            CompletableFuture<String> stdout = CompletableFuture.supplyAsync(() -> read(process.getInputStream()));
            CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(what + " did not finish in " + timeout);
            }
            return new Result(process.exitValue(), stdout.join(), stderr.join());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Another program ({@code command}, found on PATH) run in {@code dir} with {@code env} added: a client of sam-local's. */
    static Result exec(Path dir, Map<String, String> env, String... command) {
        try {
            ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
            builder.environment().putAll(env);
            return finish(builder.start(), Duration.ofSeconds(60), String.join(" ", command), new byte[0]);
        } catch (IOException e) {
            throw new UncheckedIOException(command[0] + " cannot be run (is it installed?): " + e.getMessage(), e);
        }
    }

    /** Where a long-running command's stderr goes, to read when a test fails. */
    static Path logFile(String name) {
        try {
            Files.createDirectories(LOGS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return LOGS.resolve(name + "-" + System.nanoTime() + ".log");
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(java.io.InputStream in) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            StringBuilder text = new StringBuilder();
            reader.lines().forEach(line -> text.append(line).append('\n'));
            return text.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
