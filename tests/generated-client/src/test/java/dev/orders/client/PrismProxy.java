package dev.orders.client;

import dev.orders.localaws.RepositoryRoot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Stoplight prism's proxy in front of a server ({@code prism proxy docs/openapi.yaml UPSTREAM --errors}), from
 * the npm packages typescript/build installed: it validates every request and every response against the
 * document, answers a violation with an error instead of forwarding it, and logs it; until {@link #close()}.
 */
final class PrismProxy implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("Prism is listening on (http://\\S+)");
    /**
     * A log line of prism above info, its level padded by spaces: "[HTTP SERVER] get /path ✖  error     Request
     * terminated with error: ...#VIOLATIONS" is a response that broke the document, "#UNPROCESSABLE_ENTITY" a request.
     */
    private static final Pattern PROBLEM = Pattern.compile("\\s(warning|error|fatal)\\s{2,}");

    private final Process process;
    private final Path log;
    private final String base;

    private PrismProxy(Process process, Path log, String base) {
        this.process = process;
        this.log = log;
        this.base = base;
    }

    /** Prism on a port of its choosing in front of {@code upstream}; returns once it listens. */
    static PrismProxy inFrontOf(String upstream, Path workdir) {
        Path prism = workdir.resolve("node_modules/.bin/prism");
        if (!Files.isExecutable(prism)) {
            throw new AssertionError(prism + " is missing: generated-client's build installs it (typescript/build)");
        }
        try {
            Path log = Files.createTempFile(workdir, "prism-", ".log");
            Process process = new ProcessBuilder(prism.toString(), "proxy",
                    RepositoryRoot.locate().resolve("docs/openapi.yaml").toString(), upstream,
                    "--errors", "--host", "127.0.0.1", "--port", "0")
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            for (int attempt = 0; attempt < 600; attempt++) {
                Optional<String> listening = lines(log).stream().map(LISTENING::matcher).filter(Matcher::find)
                        .map(matcher -> matcher.group(1)).findFirst();
                if (listening.isPresent()) {
                    return new PrismProxy(process, log, listening.get());
                }
                if (!process.isAlive()) {
                    throw new AssertionError("prism exited " + process.exitValue() + " before listening:\n" + Files.readString(log));
                }
                Thread.sleep(100);
            }
            process.destroy();
            throw new AssertionError("prism did not listen within a minute:\n" + Files.readString(log));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    String base() {
        return base;
    }

    /** What prism logged above info: each violation of the document, by a request or by a response. */
    List<String> problems() {
        return lines(log).stream().filter(line -> PROBLEM.matcher(line).find()).toList();
    }

    private static List<String> lines(Path log) {
        try {
            return Files.readAllLines(log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
