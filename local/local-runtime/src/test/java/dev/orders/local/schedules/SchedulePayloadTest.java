package dev.orders.local.schedules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.localaws.template.ScheduleEvent;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The event each kind of schedule sends its function, with an Input and without, as AWS sends it. */
class SchedulePayloadTest {
    private static final SchedulePayload.Run RUN = new SchedulePayload.Run(Instant.parse("2026-11-28T09:05:12.345Z"),
            "d32c5kddcf5bb8c3", 1);
    private static final String ID = "49672d39-8c3a-4cc6-8de5-c57b0acf718f";

    @Test
    void aSchedulersInputGoesAsWrittenWithItsContextAttributesReplaced() {
        ScheduleEvent schedule = scheduler(Optional.of("{\"arn\": \"<aws.scheduler.schedule-arn>\", \"at\":"
                + " \"<aws.scheduler.scheduled-time>\", \"execution\": \"<aws.scheduler.execution-id>\", \"attempt\":"
                + " <aws.scheduler.attempt-number>, \"untouched\": \"<aws.events.rule-arn>\"}"));
        assertEquals("{\"arn\": \"arn:aws:scheduler:eu-west-1:123456789012:schedule/default/ExpireOrdersFunctionSweep\","
                        + " \"at\": \"2026-11-28T09:05:12Z\", \"execution\": \"d32c5kddcf5bb8c3\", \"attempt\": 1,"
                        + " \"untouched\": \"<aws.events.rule-arn>\"}",
                new String(SchedulePayload.of(schedule, RUN, "eu-west-1", ID)));
    }

    @Test
    void aSchedulerWithoutInputSendsItsDefaultNotificationWhoseDetailIsTheText() throws Exception {
        Map<String, Object> event = JSON.std.mapFrom(SchedulePayload.of(scheduler(Optional.empty()), RUN, "eu-west-1", ID));
        assertEquals(List.of("version", "id", "detail-type", "source", "account", "time", "region", "resources", "detail"),
                List.copyOf(event.keySet()));
        assertEquals(Map.of("version", "0", "id", ID, "detail-type", "Scheduled Event", "source", "aws.scheduler",
                "account", "123456789012", "time", "2026-11-28T09:05:12Z", "region", "eu-west-1",
                "resources", List.of("arn:aws:scheduler:eu-west-1:123456789012:schedule/default/ExpireOrdersFunctionSweep"),
                "detail", "{}"), event);
    }

    @Test
    void aRuleWithoutInputSendsTheScheduledEventAndWithInputTheInputAsItIs() throws Exception {
        ScheduleEvent rule = new ScheduleEvent("Reporter", "Hourly", ScheduleEvent.Kind.RULE, "rate(1 hour)", "UTC", true,
                Optional.empty(), "ReporterHourly", "default", 2);
        assertEquals(Map.of("version", "0", "id", ID, "detail-type", "Scheduled Event", "source", "aws.events",
                "account", "123456789012", "time", "2026-11-28T09:05:12Z", "region", "eu-west-1",
                "resources", List.of("arn:aws:events:eu-west-1:123456789012:rule/ReporterHourly"), "detail", Map.of()),
                JSON.std.mapFrom(SchedulePayload.of(rule, RUN, "eu-west-1", ID)));
        ScheduleEvent withInput = new ScheduleEvent("Reporter", "Hourly", ScheduleEvent.Kind.RULE, "rate(1 hour)", "UTC",
                true, Optional.of("{\"report\": \"<aws.scheduler.scheduled-time>\"}"), "ReporterHourly", "default", 2);
        assertEquals("{\"report\": \"<aws.scheduler.scheduled-time>\"}",
                new String(SchedulePayload.of(withInput, RUN, "eu-west-1", ID)), "a rule replaces no keyword");
    }

    private static ScheduleEvent scheduler(Optional<String> input) {
        return new ScheduleEvent("ExpireOrdersFunction", "Sweep", ScheduleEvent.Kind.SCHEDULER, "rate(1 minute)", "UTC",
                true, input, "ExpireOrdersFunctionSweep", "default", 2);
    }
}
