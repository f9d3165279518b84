package dev.orders.local.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.jr.ob.JSON;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * README.md's "Pay with Stripe's event": its bash block, read from the README, run by bash as written but for
 * start-api's port (a free one, not 3000: other checkouts' start-api may hold it) and the wait its comment asks for.
 */
class ReadmeStripeEventEndToEndTest {
    private static final String SECTION = "## Pay with Stripe's event";

    @Test
    void theBlockPaysTheOrderWithStripesEventAndItsKillStopsStartApi() throws Exception {
        int port = SamLocalCommand.freePort();
        String script = onPort(readmeBlock(), port);
        Path log = SamLocalCommand.logFile("readme-stripe-event");
        Process bash = SamLocalCommand.bash(script).redirectError(log.toFile()).start();
        List<ProcessHandle> startApi = new ArrayList<>();
        try {
            BufferedReader stdout = new BufferedReader(new InputStreamReader(bash.getInputStream(), StandardCharsets.UTF_8));
            String first = CompletableFuture.supplyAsync(() -> readLine(stdout)).get(60, TimeUnit.SECONDS);
            assertEquals("Listening on http://127.0.0.1:" + port, first, "see " + log);
            // The job's processes (the launcher, the functions' JVM, Dynoxide), to prove kill %1 leaves none.
            bash.descendants().forEach(startApi::add);
            try (OutputStream goAhead = bash.getOutputStream()) {
                goAhead.write('\n');
            }
            CompletableFuture<String> rest = CompletableFuture.supplyAsync(() -> stdout.lines().collect(Collectors.joining("\n")));
            assertTrue(bash.waitFor(60, TimeUnit.SECONDS), "the block did not finish in 60 s; see " + log);
            SamLocalServer.assertStopped("start-api after kill %1", startApi, port, log);

            // Each curl prints a body without a newline: the product, the checkout, the event's outcome, the order.
            String output = rest.get(10, TimeUnit.SECONDS);
            List<String> printed = documents(output);
            assertEquals(4, printed.size(), output + "\nsee " + log);
            assertEquals("AWAITING_PAYMENT", JSON.std.mapFrom(printed.get(1)).get("status"), output);
            assertTrue(printed.get(2).matches("\\{\"eventId\":\"pi_\\w+\",\"outcome\":\"applied\"}"), output);
            Map<String, Object> order = JSON.std.mapFrom(printed.get(3));
            assertEquals("PAID", order.get("status"), output);
            assertEquals(2500, order.get("capturedAmount"), output);
        } finally {
            startApi.forEach(ProcessHandle::destroyForcibly);
            bash.descendants().forEach(ProcessHandle::destroyForcibly);
            bash.destroyForcibly();
        }
    }

    /** The first bash block under {@link #SECTION} of README.md. */
    private static String readmeBlock() throws IOException {
        String readme = Files.readString(SamLocalCommand.ROOT.resolve("README.md"));
        int heading = readme.indexOf("\n" + SECTION + "\n");
        assertTrue(heading >= 0, "README.md has no section " + SECTION);
        int start = readme.indexOf("```bash\n", heading) + "```bash\n".length();
        return readme.substring(start, readme.indexOf("```", start));
    }

    /**
     * The block with start-api on {@code port}, told to every command that needs it, and, where its comment says to
     * wait for "Listening on", a read of the test's go-ahead, which it writes once start-api printed that.
     */
    private static String onPort(String block, int port) {
        String script = replace(block,
                "./sam-local start-api &                           # wait for \"Listening on http://127.0.0.1:3000\"\n",
                "./sam-local start-api --port " + port + " &\nread -r listening\n");
        script = replace(script, "API=http://127.0.0.1:3000\n", "API=http://127.0.0.1:" + port + "\n");
        script = replace(script, "./sam-local token ", "./sam-local token --port " + port + " ");
        script = replace(script, " --curl | sh", " --curl --port " + port + " | sh");
        assertFalse(script.contains("3000"), "a use of start-api's port 3000 the test does not change:\n" + script);
        return script;
    }

    private static String replace(String text, String written, String run) {
        assertTrue(text.contains(written), "README's block no longer has: " + written);
        return text.replace(written, run);
    }

    /** The JSON documents of {@code output}, each as printed. */
    private static List<String> documents(String output) throws IOException {
        List<String> documents = new ArrayList<>();
        try (JsonParser parser = JSON.std.getStreamingFactory().createParser(output)) {
            while (parser.nextToken() != null) {
                int start = (int) parser.currentTokenLocation().getCharOffset();
                parser.skipChildren();
                documents.add(output.substring(start, (int) parser.currentLocation().getCharOffset()));
            }
        }
        return documents;
    }

    private static String readLine(BufferedReader reader) {
        try {
            return reader.readLine();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
