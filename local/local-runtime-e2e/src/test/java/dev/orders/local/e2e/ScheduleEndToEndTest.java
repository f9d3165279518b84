package dev.orders.local.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jr.ob.JSON;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * start-api runs a template's schedules: a fixture template, the repository's with a ScheduleV2 event added to
 * CustomerProfileFunction (its Input the sample GET of a customer, the run's execution id as its request id) and a
 * disabled one. The rate's first run comes once start-api is up, on the function's jar, in the functions' JVM and so
 * with the stack's --parameter-overrides (LogLevel=DEBUG: the function's DEBUG lines). The template's own schedule, the
 * payment window's sweep, is mounted beside them.
 */
class ScheduleEndToEndTest {
    private static final Pattern RUN = Pattern.compile(
            "\\[sam-local] CustomerProfileFunction\\.Sweep: scheduled run of \\S+ \\(execution ([a-z0-9]{16})\\), request (\\S+)");

    @Test
    void aRateScheduleRunsItsFunctionOnceStartApiIsUpWithItsInputAndTheStacksParameters(@TempDir Path dir) throws Exception {
        Path template = fixtureTemplate(dir);
        try (LocalApi api = LocalApi.start("-t", template.toString(), "--parameter-overrides", "LogLevel=DEBUG")) {
            String log = "";
            Optional<MatchResult> run = Optional.empty();
            for (int attempt = 0; attempt < 300; attempt++) {
                log = Files.readString(api.log);
                run = RUN.matcher(log).results().findFirst();
                if (run.isPresent() && log.contains("REPORT RequestId: " + run.get().group(2))) {
                    break;
                }
                Thread.sleep(200);
            }
            assertTrue(run.isPresent() && log.contains("REPORT RequestId: " + run.get().group(2)),
                    "a run, and Lambda's lines for it: " + log);
            String requestId = run.get().group(2);
            assertTrue(log.contains("[sam-local] CustomerProfileFunction runs on its schedule CustomerProfileFunctionSweep"
                    + " (Sweep: ScheduleV2 rate(1 minute), time zone UTC), first at "), log);
            assertTrue(log.contains("[sam-local] CustomerProfileFunction's schedule CustomerProfileFunctionPaused (Paused:"
                    + " ScheduleV2 rate(1 minute), time zone UTC) is disabled: not run"), log);
            assertTrue(log.contains("[sam-local] ExpireOrdersFunction runs on its schedule ExpireOrdersFunctionPaymentWindow"
                    + " (PaymentWindow: ScheduleV2 rate(1 minute), time zone UTC), first at "), log);
            String invocation = log.substring(log.indexOf("START RequestId: " + requestId),
                    log.indexOf("REPORT RequestId: " + requestId));
            assertTrue(invocation.contains("\"level\":\"DEBUG\""), "the stack's LogLevel=DEBUG: " + invocation);
            assertTrue(invocation.contains("route=GET /customers/{customerId} answered status=404"),
                    "the Input, a GET of c-ada, whom nobody created: " + invocation);
        }
    }

    /**
     * The repository's template, its functions' jars named where they are built, with CustomerProfileFunction's
     * schedules added to its events.
     */
    private static Path fixtureTemplate(Path dir) throws Exception {
        String text = Files.readString(SamLocalCommand.ROOT.resolve("template.yaml"))
                .replace("CodeUri: functions/", "CodeUri: " + SamLocalCommand.ROOT.resolve("functions") + "/");
        @SuppressWarnings("unchecked")
        Map<String, Object> get = JSON.std.mapFrom(Files.readString(
                SamLocalCommand.ROOT.resolve("events/customer-profile/get-customer.json")));
        ((Map<String, Object>) get.get("requestContext")).put("requestId", "<aws.scheduler.execution-id>");
        String input = JSON.std.asString(get);
        assertFalse(input.contains("'"), "the Input goes in single quotes");
        String events = """
                      Events:
                        Sweep:
                          Type: ScheduleV2
                          Properties:
                            ScheduleExpression: rate(1 minute)
                            Input: '%s'
                        Paused:
                          Type: ScheduleV2
                          Properties:
                            ScheduleExpression: rate(1 minute)
                            State: DISABLED
                """.formatted(input);
        String anchor = "      Handler: dev.orders.functions.customerprofile.CustomerProfileFunction::handleRequest\n";
        int handler = text.indexOf(anchor);
        int eventsAt = text.indexOf("      Events:\n", handler);
        assertTrue(handler > 0 && eventsAt > handler, "the template's CustomerProfileFunction and its events");
        Path fixture = dir.resolve("template.yaml");
        Files.writeString(fixture, text.substring(0, eventsAt) + events + text.substring(eventsAt + "      Events:\n".length()));
        return fixture;
    }
}
