package dev.orders.local.schedules;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.localaws.events.LocalEventBus;
import dev.orders.localaws.template.ScheduleEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The event a schedule's run sends its function, as AWS sends it.
 *
 * <p>EventBridge Scheduler ({@code ScheduleV2}): the target's {@code Input} as written, with each context attribute
 * replaced ("EventBridge Scheduler replaces each keyword with its respective value when your schedule invokes the
 * target", its guide's "Adding context attributes"): {@code <aws.scheduler.schedule-arn>},
 * {@code <aws.scheduler.scheduled-time>} ({@code 2022-03-22T18:59:43Z}), {@code <aws.scheduler.execution-id>},
 * {@code <aws.scheduler.attempt-number>}. Without {@code Input} it "delivers a default notification" (its API
 * reference, Target.Input), which functions receive as an EventBridge envelope of source {@code aws.scheduler},
 * detail-type {@code Scheduled Event}, the schedule's ARN in {@code resources} and {@code "detail": "{}"}, a string,
 * not an object (as reported in aws/aws-lambda-java-libs#479 and aws/aws-lambda-dotnet#1864).
 *
 * <p>An EventBridge rule ({@code Schedule}): its {@code Input} as written, else the "Scheduled Event" of source
 * {@code aws.events}, the rule's ARN in {@code resources} and {@code "detail": {}}.
 */
final class SchedulePayload {
    /** What a schedule's run is: the time it was scheduled for, the id of the attempt, and its number. */
    record Run(Instant scheduledTime, String executionId, int attempt) {
    }

    private SchedulePayload() {
    }

    /** The event's JSON for {@code run} of {@code schedule} in {@code region}; {@code id} is an envelope's event id. */
    static byte[] of(ScheduleEvent schedule, Run run, String region, String id) {
        String time = run.scheduledTime().truncatedTo(ChronoUnit.SECONDS).toString();
        if (schedule.input().isPresent()) {
            String input = schedule.input().get();
            if (schedule.kind() == ScheduleEvent.Kind.SCHEDULER) {
                input = input.replace("<aws.scheduler.schedule-arn>", arn(schedule, region))
                        .replace("<aws.scheduler.scheduled-time>", time)
                        .replace("<aws.scheduler.execution-id>", run.executionId())
                        .replace("<aws.scheduler.attempt-number>", Integer.toString(run.attempt()));
            }
            return input.getBytes(StandardCharsets.UTF_8);
        }
        boolean scheduler = schedule.kind() == ScheduleEvent.Kind.SCHEDULER;
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("version", "0");
        event.put("id", id);
        event.put("detail-type", "Scheduled Event");
        event.put("source", scheduler ? "aws.scheduler" : "aws.events");
        event.put("account", LocalEventBus.ACCOUNT);
        event.put("time", time);
        event.put("region", region);
        event.put("resources", List.of(arn(schedule, region)));
        event.put("detail", scheduler ? "{}" : Map.of());
        try {
            return JSON.std.asBytes(event);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The schedule's ARN ({@code schedule/GROUP/NAME}), or the rule's ({@code rule/NAME}, on the default bus). */
    static String arn(ScheduleEvent schedule, String region) {
        return schedule.kind() == ScheduleEvent.Kind.SCHEDULER
                ? "arn:aws:scheduler:" + region + ":" + LocalEventBus.ACCOUNT + ":schedule/" + schedule.group() + "/" + schedule.name()
                : "arn:aws:events:" + region + ":" + LocalEventBus.ACCOUNT + ":rule/" + schedule.name();
    }

    /**
     * Refuses an {@code Input} that is not JSON, as both services refuse it for a Lambda target ("the input must be a
     * well-formed JSON", the Scheduler's API reference; a rule's {@code Input} is "valid JSON text").
     */
    static void check(ScheduleEvent schedule) {
        schedule.input().ifPresent(input -> {
            try {
                JSON.std.anyFrom(input);
            } catch (IOException e) {
                throw new IllegalArgumentException("template: " + schedule.where() + ".Input must be JSON for a Lambda"
                        + " target: " + e.getMessage().lines().findFirst().orElse(""));
            }
        });
    }
}
