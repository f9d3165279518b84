package dev.orders.local.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Lambda's START, END and REPORT lines of one invocation, as a log holds them. */
final class LambdaLines {
    private static final Pattern START = Pattern.compile("^START RequestId: (\\S+) Version: \\$LATEST$", Pattern.MULTILINE);
    /** Lambda's REPORT line: a tab after each field; Init Duration only on a cold start. */
    private static final String REPORT = "REPORT RequestId: %s\tDuration: \\d+\\.\\d{2} ms\tBilled Duration: \\d+ ms\t"
            + "Memory Size: 1024 MB\tMax Memory Used: [1-9]\\d* MB\t%s";
    private static final String UUID = "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}";
    private static final String INIT = "Init Duration: \\d+\\.\\d{2} ms\t";

    private LambdaLines() {
    }

    /** The request id of the first START line of {@code log}. */
    static String firstRequestId(String log) {
        Matcher start = START.matcher(log);
        assertTrue(start.find(), "no START line in:\n" + log);
        return start.group(1);
    }

    /**
     * The Lambda request id of the invocation API Gateway made for its request {@code apiRequestId}, as the
     * handler's log lines pair them ({@code correlation_id}, {@code function_request_id}); a UUID, as Lambda's are.
     */
    static String ofApiRequest(String log, String apiRequestId) {
        Matcher line = Pattern.compile("(?m)^.*\"correlation_id\":\"" + Pattern.quote(apiRequestId) + "\".*$")
                .matcher(log);
        assertTrue(line.find(), "no log line of API request " + apiRequestId + " in:\n" + log);
        Matcher id = Pattern.compile("\"function_request_id\":\"([^\"]+)\"").matcher(line.group());
        assertTrue(id.find(), line.group());
        assertTrue(id.group(1).matches(UUID), "Lambda's request id is a UUID: " + id.group(1));
        return id.group(1);
    }

    /**
     * {@code log} has the invocation {@code requestId}'s START line, then its END and REPORT lines (the template's
     * MemorySize, 1024 MB), its REPORT with an Init Duration if and only if {@code cold}; the lines between are the
     * handler's own.
     */
    static void assertFramed(String log, String requestId, boolean cold) {
        List<String> lines = log.lines().toList();
        int start = lines.indexOf("START RequestId: " + requestId + " Version: $LATEST");
        int end = lines.indexOf("END RequestId: " + requestId);
        assertTrue(start >= 0 && end > start, "START and then END of " + requestId + " in:\n" + log);
        String report = end + 1 < lines.size() ? lines.get(end + 1) : "";
        assertTrue(report.matches(String.format(REPORT, Pattern.quote(requestId), cold ? INIT : "")),
                "the REPORT line of a " + (cold ? "cold" : "warm") + " invocation after its END: " + report);
        assertEquals(1, lines.stream().filter(line -> line.startsWith("REPORT RequestId: " + requestId + "\t")).count(), log);
    }
}
