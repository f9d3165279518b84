package dev.orders.local.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.testsupport.CheckoutCopy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ./sam-local start-api --watch and start-lambda --watch, run from a copy of the checkout whose order-core is the
 * copy's own (the rest are links): a change of order-core saved there is served by the same server, with its data;
 * a change that does not compile is printed and the last good code keeps serving; after the session the next
 * --watch server builds no function for the change, which it compiles itself.
 */
class WatchEndToEndTest {
    private static final String CUSTOMER_DETAILS = "shared-model/order-core/src/main/java/dev/orders/core/customer/CustomerDetails.java";
    private static final String MESSAGE = "must be an e-mail address";
    private static final String NEW_MESSAGE = "must be an e-mail address, such as ada@example.com";
    /** How long a save may take to be served before the test gives up; not a figure (docs/LOCAL.md has those). */
    private static final Duration PATIENCE = Duration.ofSeconds(120);
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void aSavedChangeOfOrderCoreIsServedWithoutARestartAndACompileErrorLeavesTheLastGoodCodeServing(@TempDir Path copy)
            throws Exception {
        Path root = CheckoutCopy.of(SamLocalCommand.ROOT, copy, List.of("shared-model/order-core"));
        Path source = root.resolve(CUSTOMER_DETAILS);
        String original = Files.readString(source);
        try (LocalApi api = LocalApi.startIn(root, "--watch")) {
            String ada = api.token("c-ada");
            assertEquals(201, putCustomer(api, ada, "ada@example.com").statusCode());
            HttpResponse<String> refused = putCustomer(api, ada, "not an address");
            assertEquals(400, refused.statusCode(), refused.body());
            assertTrue(refused.body().contains("\"" + MESSAGE + "\""), refused.body());

            Files.writeString(source, original.replace(MESSAGE, NEW_MESSAGE));

            HttpResponse<String> changed = await(() -> putCustomer(api, ada, "not an address"),
                    reply -> reply.body().contains(NEW_MESSAGE));
            assertEquals(400, changed.statusCode(), changed.body());
            HttpResponse<String> kept = send(api, ada, "GET", null);
            assertEquals(200, kept.statusCode(), "the table's data, and the token minted before: " + kept.body());
            assertTrue(kept.body().contains("ada@example.com"), kept.body());
            String log = Files.readString(api.log);
            assertTrue(log.contains("order-core changed; compiled order-core ("), log);
            assertTrue(log.contains("CustomerProfileFunction"), log);

            Files.writeString(source, original.replace(MESSAGE, NEW_MESSAGE).replace("throw new ValidationException", "throw ValidationException"));

            String error = await(() -> read(api.log), text -> text.contains("order-core does not compile"));
            int line = original.lines().takeWhile(text -> !text.contains("throw new ValidationException")).toList().size() + 1;
            assertTrue(error.contains(CUSTOMER_DETAILS + ":" + line + ": error: "), error);
            HttpResponse<String> lastGood = putCustomer(api, ada, "not an address");
            assertTrue(lastGood.body().contains(NEW_MESSAGE), "the last good code: " + lastGood.body());
        }

        // After the session, the change saved: the next --watch server compiles it itself, so no function is built
        // for it, only sam-local's own runtime, which runs order-core's jar; a server of the jars builds the functions.
        Files.writeString(source, original.replace(MESSAGE, NEW_MESSAGE));
        String watch = dryRun(root, "start-api", "--watch");
        assertTrue(watch.endsWith("[sam-local] would build: ./mvnw -B -DskipTests package -pl local/local-runtime -am\n"), watch);
        String jars = dryRun(root, "start-api");
        assertTrue(jars.contains("[sam-local] functions/customer-profile: " + CUSTOMER_DETAILS + " changed\n"), jars);
    }

    /** What ./sam-local in {@code root} says it would build before {@code command}, and why. */
    private static String dryRun(Path root, String... command) {
        SamLocalCommand.Result result = SamLocalCommand.run(root, Duration.ofSeconds(60),
                Map.of("SAM_LOCAL_NO_BUILD", "0", "SAM_LOCAL_DRY_RUN", "1"), List.of(command));
        assertEquals(0, result.exitCode(), result.stderr());
        return result.stderr();
    }

    @Test
    void aSavedChangeOfOrderCoreIsRunByStartLambdasNextInvocationWithoutARestart(@TempDir Path copy) throws Exception {
        Path root = CheckoutCopy.of(SamLocalCommand.ROOT, copy, List.of("shared-model/order-core"));
        Path source = root.resolve(CUSTOMER_DETAILS);
        String refusedEvent = Files.readString(root.resolve("events/customer-profile/put-customer.json"))
                .replace("ada@example.com", "not an address");
        try (SamLocalServer server = SamLocalServer.start(root, "start-lambda", Map.of(), List.of("--watch"))) {
            URI invocations = URI.create("http://127.0.0.1:" + server.port
                    + "/2015-03-31/functions/CustomerProfileFunction/invocations");
            Supplier<String> invoke = () -> {
                try {
                    return http.send(HttpRequest.newBuilder(invocations).POST(HttpRequest.BodyPublishers.ofString(refusedEvent))
                            .build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8)).body();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            };
            String before = invoke.get();
            assertTrue(before.contains(MESSAGE) && !before.contains(NEW_MESSAGE), before);

            Files.writeString(source, Files.readString(source).replace(MESSAGE, NEW_MESSAGE));

            String after = await(invoke, payload -> payload.contains(NEW_MESSAGE));
            assertTrue(after.contains("\"statusCode\":400"), after);
            assertTrue(read(server.log).contains("order-core changed; compiled order-core ("), read(server.log));
        }
    }

    private HttpResponse<String> putCustomer(LocalApi api, String token, String email) {
        return send(api, token, "PUT", "{\"name\":\"Ada Lovelace\",\"email\":\"" + email + "\"}");
    }

    private HttpResponse<String> send(LocalApi api, String token, String method, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(api.base() + "/customers/c-ada"))
                .header("Authorization", "Bearer " + token);
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.method(method, HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json");
        }
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The first of {@code attempt}'s results that {@code done} accepts, trying again until PATIENCE is over. */
    private static <T> T await(Supplier<T> attempt, Predicate<T> done) throws InterruptedException {
        Instant deadline = Instant.now().plus(PATIENCE);
        T last = attempt.get();
        while (!done.test(last)) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("not seen within " + PATIENCE + "; last: " + last);
            }
            Thread.sleep(100);
            last = attempt.get();
        }
        return last;
    }
}
