package dev.orders.local.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The browser scripts of npm-tools/ (open-pages.cjs, console-scenarios.cjs), run by Node with what npm-tools/install put
 * in target/npm-tools before the tests: playwright-core, @sparticuz/chromium's unpacked browser, axe-core.
 */
final class BrowserScripts {
    private static final Path TOOLS = Path.of("target", "npm-tools");

    private BrowserScripts() {
    }

    /** The JSON object {@code script} printed with {@code args}; a failure with its stderr if it failed or took too long. */
    static Map<String, Object> run(String script, Duration timeout, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("node", Path.of("npm-tools", script).toString()));
        command.addAll(List.of(args));
        Path errors = Files.createTempFile(script, ".err");
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(errors.toFile());
        builder.environment().put("NODE_PATH", TOOLS.resolve("node_modules").toAbsolutePath().toString());
        builder.environment().put("TMPDIR", TOOLS.resolve("chromium").toAbsolutePath().toString());
        Process node = builder.start();
        try {
            CompletableFuture<String> printed = CompletableFuture.supplyAsync(() -> read(node.getInputStream()));
            if (!node.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
                node.destroyForcibly();
                fail(script + " did not finish within " + timeout + ": " + Files.readString(errors));
            }
            assertEquals(0, node.exitValue(), script + " failed: " + Files.readString(errors) + printed.join());
            return JSON.std.mapFrom(printed.join());
        } finally {
            Files.delete(errors);
        }
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
