package dev.orders.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.local.e2e.LocalApi;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * README.md's "Walkthrough: an order's life" through the TypeScript clients of typescript/, which the build
 * compiled with tsc --strict (typescript/build) against what their generators made of docs/openapi.yaml;
 * each run with node through prism's validating proxy in front of a fresh {@code ./sam-local start-api}
 * (one server start for both checks: what a client reads, and what the document allows). A program prints "passed METHOD PATH STATUS step" once a call's checks pass and exits 1 at the
 * first that fails; the calls it passed must be the README's, operation by operation and in its order.
 */
class TypeScriptWalkthroughTest {
    private static final String WEBHOOK_SECRET = "whsec_typescript_walkthrough_secret";
    private static final Pattern PASSED = Pattern.compile("^passed ([A-Z]+) (\\S+) \\d{3} ", Pattern.MULTILINE);

    /** Each program of typescript/src and the client it walks through. */
    enum TypeScriptClient {
        /** openapi-typescript's types of the document, used through openapi-fetch. */
        OPENAPI_FETCH("openapi-fetch-walkthrough"),
        /** openapi-generator's typescript-fetch client of the document. */
        TYPESCRIPT_FETCH("typescript-fetch-walkthrough");

        final String program;

        TypeScriptClient(String program) {
            this.program = program;
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource
    void everyCallOfTheReadmeWalkthroughPassesAndPrismFindsNoViolationOfTheDocument(TypeScriptClient client) {
        try (LocalApi server = LocalApi.start(Map.of("WEBHOOK_SECRET", WEBHOOK_SECRET));
                PrismProxy prism = PrismProxy.inFrontOf(server.base(), workdir())) {
            assertWalkedTheReadme(walk(client, server, prism.base()));
            assertEquals(List.of(), prism.problems(), "prism's violations");
        }
    }

    /** The program's output once it exited 0, run with $API = {@code api} and the tokens of {@code server}'s issuer. */
    private static String walk(TypeScriptClient client, LocalApi server, String api) {
        Path program = workdir().resolve("js/src/" + client.program + ".js");
        if (!Files.isRegularFile(program)) {
            throw new AssertionError(program + " is missing: generated-client's build compiles it (typescript/build)");
        }
        try {
            Path output = Files.createTempFile(workdir(), client.program + "-", ".log");
            ProcessBuilder node = new ProcessBuilder("node", program.toString())
                    .redirectErrorStream(true).redirectOutput(output.toFile());
            node.environment().putAll(Map.of("API", api, "ADA_TOKEN", server.token("c-ada"),
                    "ADMIN_TOKEN", server.token("ops-admin", "orders:admin"), "WEBHOOK_SECRET", WEBHOOK_SECRET));
            Process process = node.start();
            if (!process.waitFor(5, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new AssertionError(client.program + " still running after 5 minutes:\n" + Files.readString(output));
            }
            String printed = Files.readString(output, StandardCharsets.UTF_8);
            assertEquals(0, process.exitValue(), () -> client.program + " failed:\n" + printed);
            return printed;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run node (Node.js must be on the PATH)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The calls passed are the README's, operation by operation, and the program counted them all. */
    private static void assertWalkedTheReadme(String printed) {
        DocumentedResponses document = DocumentedResponses.ofRepository();
        List<String> readme = ReadmeWalkthrough.calls().stream().map(call -> operation(document, call)).toList();
        Matcher passed = PASSED.matcher(printed);
        List<String> walked = passed.results().map(call -> operation(document, call.group(1) + " " + call.group(2))).toList();
        assertEquals(readme, walked, printed);
        assertEquals(readme.size() + " calls passed", printed.strip().lines().reduce((first, last) -> last).orElse(""), printed);
    }

    /** "METHOD operationId" of a call "METHOD /path". */
    private static String operation(DocumentedResponses document, String call) {
        String[] methodAndPath = call.split(" ", 2);
        return methodAndPath[0] + " " + document.operationId(methodAndPath[0], methodAndPath[1]);
    }

    /** typescript/build's WORKDIR, which generated-client's pom gives surefire. */
    static Path workdir() {
        String workdir = System.getProperty("typescript.workdir");
        if (workdir == null) {
            throw new AssertionError("typescript.workdir is not set: run this test through ./mvnw -pl tests/generated-client verify");
        }
        return Path.of(workdir);
    }
}
