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

    /** As {@link #builder(Map, List)}, the script of the checkout in {@code root} (e.g. a CheckoutCopy). */
    static ProcessBuilder builder(Path root, Map<String, String> env, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(root.resolve("sam-local").toString());
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).directory(root.toFile());
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
        try {
            Process process = builder(env, List.of(args)).start();
            CompletableFuture<String> stdout = CompletableFuture.supplyAsync(() -> read(process.getInputStream()));
            CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("./sam-local " + String.join(" ", args) + " did not finish in 60 s");
            }
            return new Result(process.exitValue(), stdout.join(), stderr.join());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
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
