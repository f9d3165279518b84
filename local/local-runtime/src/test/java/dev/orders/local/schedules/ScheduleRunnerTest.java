package dev.orders.local.schedules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.local.streams.LocalStreamPoller;
import dev.orders.localaws.template.CloudFormationYaml;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.localaws.template.ScheduleEvent;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The runner on a fixture template, on a clock and a timer the test moves ({@link ManualTime}): no test waits for the
 * wall clock. The functions are stand-ins that note each event they get.
 */
class ScheduleRunnerTest {
    private static final Instant MOUNTED = Instant.parse("2026-11-28T09:00:12Z");
    private static final String TEMPLATE = """
            Parameters:
              SweepMinutes: {Type: Number, Default: 5}
            Resources:
              Sweeper:
                Type: AWS::Serverless::Function
                Properties:
                  Handler: a.B::handleRequest
                  CodeUri: a.jar
                  Events:
                    Sweep:
                      Type: ScheduleV2
                      Properties:
                        ScheduleExpression: !Sub "rate(${SweepMinutes} minutes)"
                    Paused:
                      Type: ScheduleV2
                      Properties:
                        ScheduleExpression: rate(1 minute)
                        State: DISABLED
              Reporter:
                Type: AWS::Serverless::Function
                Properties:
                  Handler: a.C::handleRequest
                  CodeUri: c.jar
                  Events:
                    Old:
                      Type: Schedule
                      Properties:
                        Schedule: rate(1 minute)
                        Enabled: false
            """;

    /** The events each function got, in order. */
    private final Map<String, List<Map<String, Object>>> received = Map.of("Sweeper", Collections.synchronizedList(new ArrayList<>()),
            "Reporter", Collections.synchronizedList(new ArrayList<>()));

    @Test
    void aRateScheduleRunsOnceMountedThenEveryPeriodAndADisabledOneNever() {
        ManualTime time = new ManualTime(MOUNTED);
        try (ScheduleRunner runner = runner(template(Map.of()), time, schedule -> this::note).start()) {
            time.advance(Duration.ofMinutes(12));
        }
        assertEquals(List.of("2026-11-28T09:00:12Z", "2026-11-28T09:05:12Z", "2026-11-28T09:10:12Z"),
                received.get("Sweeper").stream().map(event -> event.get("time")).toList(),
                "Sweep's runs; Paused (State: DISABLED) and Reporter's Old (Enabled: false) none");
        assertEquals(List.of(), received.get("Reporter"));
    }

    @Test
    void aParameterOverrideInTheExpressionSetsTheRateAsTheStackWouldHaveIt() {
        ManualTime time = new ManualTime(MOUNTED);
        try (ScheduleRunner runner = runner(template(Map.of("SweepMinutes", "1")), time, schedule -> this::note).start()) {
            time.advance(Duration.ofMinutes(3));
        }
        assertEquals(4, received.get("Sweeper").size(), "mounted, then every minute: " + received);
    }

    @Test
    void aRunTheFunctionFailsIsRetriedAsLambdaRetriesAnAsynchronousInvocationWithTheSameEvent() {
        ManualTime time = new ManualTime(MOUNTED);
        List<String> attempts = new ArrayList<>();
        LocalStreamPoller.Target failing = (event, requestId) -> {
            attempts.add(time.instant() + " " + new String(event, StandardCharsets.UTF_8));
            throw new IllegalStateException("the table is away");
        };
        try (ScheduleRunner runner = runner(template(Map.of("SweepMinutes", "10")), time, schedule -> failing).start()) {
            time.advance(Duration.ofMinutes(9));
        }
        assertEquals(3, attempts.size(), "the run and Lambda's two retries: " + attempts);
        assertEquals(List.of("2026-11-28T09:00:12Z", "2026-11-28T09:01:12Z", "2026-11-28T09:03:12Z"),
                attempts.stream().map(attempt -> attempt.substring(0, attempt.indexOf(' '))).toList(),
                "after one minute, then two");
        assertEquals(1, attempts.stream().map(attempt -> attempt.substring(attempt.indexOf(' ') + 1)).distinct().count(),
                "the same event each time: " + attempts);
    }

    @Test
    void aFunctionWhoseEventInvokeConfigAllowsNoRetryIsInvokedOncePerRun() {
        ManualTime time = new ManualTime(MOUNTED);
        List<Instant> attempts = new ArrayList<>();
        SamTemplate template = parse("""
                Resources:
                  F:
                    Type: AWS::Serverless::Function
                    Properties:
                      Handler: a.B::handleRequest
                      CodeUri: a.jar
                      EventInvokeConfig: {MaximumRetryAttempts: 0}
                      Events:
                        Tick: {Type: Schedule, Properties: {Schedule: rate(1 hour)}}
                """);
        try (ScheduleRunner runner = runner(template, time, schedule -> (event, requestId) -> {
            attempts.add(time.instant());
            throw new IllegalStateException("no");
        }).start()) {
            time.advance(Duration.ofMinutes(30));
        }
        assertEquals(List.of(MOUNTED), attempts);
    }

    @Test
    void aCronScheduleRunsAtTheMinutesItNamesInItsTimeZone() {
        ManualTime time = new ManualTime(Instant.parse("2026-11-28T00:00:00Z"));
        SamTemplate template = parse("""
                Resources:
                  F:
                    Type: AWS::Serverless::Function
                    Properties:
                      Handler: a.B::handleRequest
                      CodeUri: a.jar
                      Events:
                        Nightly:
                          Type: ScheduleV2
                          Properties:
                            ScheduleExpression: cron(30 3 * * ? *)
                            ScheduleExpressionTimezone: Europe/Paris
                            Input: '{"at": "<aws.scheduler.scheduled-time>"}'
                """);
        List<String> events = new ArrayList<>();
        try (ScheduleRunner runner = runner(template, time, schedule -> (event, requestId) -> {
            events.add(new String(event, StandardCharsets.UTF_8));
            return new byte[0];
        }).start()) {
            time.advance(Duration.ofDays(2));
        }
        assertEquals(List.of("{\"at\": \"2026-11-28T02:30:00Z\"}", "{\"at\": \"2026-11-29T02:30:00Z\"}"), events,
                "03:30 in Paris, UTC+1 in November");
    }

    @Test
    void anExpressionOrAnInputEventBridgeRefusesStopsItBeforeAnythingRuns() {
        SamTemplate template = parse("""
                Resources:
                  F:
                    Type: AWS::Serverless::Function
                    Properties:
                      Handler: a.B::handleRequest
                      CodeUri: a.jar
                      Events:
                        Tick:
                          Type: Schedule
                          Properties: {Schedule: "rate(1 minutes)"}
                """);
        IllegalArgumentException rate = assertThrows(IllegalArgumentException.class,
                () -> ScheduleRunner.check(ScheduleEvent.all(template)));
        assertEquals("template: F.Tick (Schedule) has rate(1 minutes): a rate is a positive whole number and its unit,"
                + " singular for 1 and plural above (rate(1 minute), rate(5 minutes))", rate.getMessage());
        SamTemplate notJson = parse("""
                Resources:
                  F:
                    Type: AWS::Serverless::Function
                    Properties:
                      Handler: a.B::handleRequest
                      CodeUri: a.jar
                      Events:
                        Tick:
                          Type: ScheduleV2
                          Properties: {ScheduleExpression: rate(1 minute), Input: "sweep please"}
                """);
        IllegalArgumentException input = assertThrows(IllegalArgumentException.class,
                () -> ScheduleRunner.check(ScheduleEvent.all(notJson)));
        assertTrue(input.getMessage().startsWith("template: F.Tick.Input must be JSON for a Lambda target"), input.getMessage());
    }

    private ScheduleRunner runner(SamTemplate template, ManualTime time,
                                  Function<ScheduleEvent, LocalStreamPoller.Target> targets) {
        return new ScheduleRunner(ScheduleEvent.all(template), targets, "eu-west-1", time, time);
    }

    /** Sweeper's and Reporter's stand-in: notes the event under the function its resources name. */
    private byte[] note(byte[] event, String requestId) throws Exception {
        Map<String, Object> json = JSON.std.mapFrom(event);
        String resource = String.valueOf(((List<?>) json.get("resources")).get(0));
        received.get(resource.contains("Sweeper") ? "Sweeper" : "Reporter").add(json);
        return new byte[0];
    }

    private static SamTemplate template(Map<String, String> overrides) {
        return parse(TEMPLATE).withParameterOverrides(overrides);
    }

    private static SamTemplate parse(String yaml) {
        return new SamTemplate(Path.of("t.yaml"), CloudFormationYaml.parse(new StringReader(yaml), "t.yaml"));
    }
}
