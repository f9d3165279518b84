package dev.orders.local.schedules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orders.localaws.template.ScheduleEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** When a schedule's expression runs, and the expressions EventBridge refuses. */
class ScheduleExpressionTest {
    private static final Instant FROM = Instant.parse("2026-11-28T09:00:12Z");

    @Test
    void aRateRunsWhenMountedThenEveryPeriod() {
        assertEquals(List.of("2026-11-28T09:00:12Z", "2026-11-28T11:00:12Z", "2026-11-28T13:00:12Z"),
                runs("rate(2 hours)", "UTC", 3));
        assertEquals(List.of("2026-11-28T09:00:12Z", "2026-11-29T09:00:12Z"), runs("rate(1 day)", "UTC", 2));
    }

    @Test
    void cronFieldsTakeListsRangesIncrementsAndNames() {
        assertEquals(List.of("2026-11-28T09:15:00Z", "2026-11-28T09:30:00Z", "2026-11-28T09:45:00Z", "2026-11-28T10:00:00Z"),
                runs("cron(0/15 * * * ? *)", "UTC", 4));
        assertEquals(List.of("2026-11-30T08:00:00Z", "2026-11-30T17:00:00Z", "2026-12-01T08:00:00Z"),
                runs("cron(0 8,17 ? * MON-FRI *)", "UTC", 3), "weekdays, Monday the 30th first");
        assertEquals(List.of("2027-01-01T00:00:00Z", "2027-02-01T00:00:00Z"), runs("cron(0 0 1 JAN,FEB ? 2027)", "UTC", 2));
    }

    @Test
    void cronsLastWeekdayAndNthTakeTheDaysTheGuideDescribes() {
        assertEquals(List.of("2026-11-30T12:00:00Z", "2026-12-31T12:00:00Z"), runs("cron(0 12 L * ? *)", "UTC", 2),
                "the last day of each month");
        assertEquals(List.of("2026-12-31T12:00:00Z"), runs("cron(0 12 ? * 5L 2026)", "UTC", 1),
                "the last Thursday of December 2026");
        assertEquals(List.of("2026-12-08T12:00:00Z"), runs("cron(0 12 ? * 3#2 2026)", "UTC", 1),
                "the second Tuesday of December");
        assertEquals(List.of("2026-12-14T12:00:00Z", "2027-01-13T12:00:00Z"), runs("cron(0 12 13W * ? *)", "UTC", 2),
                "the weekday nearest the 13th: Sunday the 13th of December gives Monday the 14th");
    }

    @Test
    void aCronRunsInTheSchedulesTimeZone() {
        assertEquals(List.of("2026-11-29T07:00:00Z", "2026-11-30T07:00:00Z"), runs("cron(0 8 * * ? *)", "Europe/Berlin", 2));
        assertEquals(List.of("2027-03-28T07:00:00Z"), runs("cron(0 9 28 MAR ? 2027)", "Europe/Berlin", 1),
                "summer time by then: UTC+2");
    }

    @Test
    void aCronTimeADaylightSavingChangeSkipsIsNotRunThatDayAndOneItRepeatsRunsOnce() {
        assertEquals(List.of("2027-03-27T01:30:00Z", "2027-03-29T00:30:00Z"), runs("cron(30 2 27-29 MAR ? 2027)",
                "Europe/Berlin", 3), "no 02:30 on the 28th: clocks go from 02:00 to 03:00");
        assertEquals(List.of("2027-10-30T00:30:00Z", "2027-10-31T00:30:00Z"), runs("cron(30 2 30-31 OCT ? 2027)",
                "Europe/Berlin", 3), "02:30 comes twice on the 31st (UTC+2, then UTC+1): it runs once");
        assertEquals(List.of("2027-10-31T00:00:00Z", "2027-10-31T00:30:00Z"), runs("cron(0/30 2 31 OCT ? 2027)",
                "Europe/Berlin", 3), "the repeated hour's 02:00 and 02:30 run once each");
    }

    @Test
    void aOneTimeScheduleRunsOnceIfItIsStillToCome() {
        assertEquals(List.of("2026-12-01T09:00:00Z"), runs("at(2026-12-01T10:00:00)", "Europe/Paris", 3));
        assertEquals(List.of(), runs("at(2026-11-01T10:00:00)", "Europe/Paris", 3));
    }

    @Test
    void expressionsEventBridgeRefusesAreRefusedNamingTheEvent() {
        assertEquals("template: F.Tick (ScheduleV2) has cron(0 8 * * MON *): one of day-of-month and day-of-week must be ? and"
                + " the other not (EventBridge takes no expression with both, or neither)", refused("cron(0 8 * * MON *)", "UTC"));
        assertEquals("template: F.Tick (ScheduleV2) has cron(0 8 ? * ? *): one of day-of-month and day-of-week must be ?"
                + " and the other not (EventBridge takes no expression with both, or neither)", refused("cron(0 8 ? * ? *)", "UTC"));
        assertEquals("template: F.Tick (ScheduleV2) has cron(0 8 * * ?): Cron expression contains 5 parts but we expect one"
                + " of [6]", refused("cron(0 8 * * ?)", "UTC"));
        assertEquals("template: F.Tick (ScheduleV2) has cron(0 25 * * ? *): Failed to parse cron expression. Value 25 not in"
                + " range [0, 23]", refused("cron(0 25 * * ? *)", "UTC"));
        assertEquals("template: F.Tick (ScheduleV2) has cron(0 8 1 * ? 2200): Failed to parse cron expression. Value 2200 not"
                + " in range [1970, 2199]", refused("cron(0 8 1 * ? 2200)", "UTC"));
        assertEquals("template: F.Tick (ScheduleV2) has cron(0 8 ? * 3#1,6#3 *): the day-of-week field '3#1,6#3' has a # in"
                + " a list: with #, the field holds one expression only (EventBridge's guide: \"3#1,6#3\" is not valid)",
                refused("cron(0 8 ? * 3#1,6#3 *)", "UTC"));
        assertEquals("template: F.Tick (ScheduleV2) has cron(0 8 ? * 3#6 *): the day-of-week field '3#6' names a weekday"
                + " past the month's 5th (3#2 is its second Tuesday)", refused("cron(0 8 ? * 3#6 *)", "UTC"));
    }

    @Test
    void whatQuartzsCronTakesButEventBridgesDoesNotIsRefused() {
        for (String expression : List.of("cron(0 8 L-3 * ? *)", "cron(0 8 5L * ? *)", "cron(0 8 15-L * ? *)",
                "cron(0 8 ? * L-3 *)", "cron(0 8 ? * 2-L *)")) {
            assertEquals("template: F.Tick (ScheduleV2) has " + expression + ": an L is the month's last day alone in"
                    + " day-of-month (L), its last such weekday in day-of-week (5L, the last Thursday), with no offset (L-3)"
                    + " and in no range (15-L)", refused(expression, "UTC"));
        }
        assertEquals("template: F.Tick (ScheduleV2) has cron(0 8|9 * * ? *): '|' is not a character of EventBridge's cron",
                refused("cron(0 8|9 * * ? *)", "UTC"));
        assertEquals("template: F.Tick (ScheduleV2) has cron(0 8 LW * ? *): Failed to parse cron expression. Invalid chars in"
                + " expression! Expression: LW Invalid chars: LW", refused("cron(0 8 LW * ? *)", "UTC"));
        assertEquals("template: F.Tick (ScheduleV2) has cron(0 8 ? * FRI-MON *): Failed to parse cron expression. Invalid"
                + " range! [6,2]", refused("cron(0 8 ? * FRI-MON *)", "UTC"));
        assertEquals("template: F.Tick (ScheduleV2) has rate(0 minutes): a rate is a positive whole number and its unit,"
                + " singular for 1 and plural above (rate(1 minute), rate(5 minutes))", refused("rate(0 minutes)", "UTC"));
        assertEquals("template: F.Tick (ScheduleV2) has the schedule expression 'every 5 minutes', which is none of"
                + " rate(value unit), cron(fields), at(yyyy-mm-ddThh:mm:ss)", refused("every 5 minutes", "UTC"));
        assertEquals("template: F.Tick (ScheduleV2) has ScheduleExpressionTimezone Mars/Olympus, which is no time zone"
                + " (e.g. UTC, Europe/Paris)", refused("rate(1 minute)", "Mars/Olympus"));
    }

    private static List<String> runs(String expression, String zone, int count) {
        ScheduleExpression parsed = ScheduleExpression.of(schedule(expression, zone));
        List<String> runs = new ArrayList<>();
        Optional<Instant> next = parsed.first(FROM);
        while (next.isPresent() && runs.size() < count) {
            runs.add(next.get().toString());
            next = parsed.after(next.get());
        }
        return runs;
    }

    private static String refused(String expression, String zone) {
        return assertThrows(IllegalArgumentException.class, () -> ScheduleExpression.of(schedule(expression, zone))).getMessage();
    }

    private static ScheduleEvent schedule(String expression, String zone) {
        return new ScheduleEvent("F", "Tick", ScheduleEvent.Kind.SCHEDULER, expression, zone, true, Optional.empty(),
                "FTick", "default", 2);
    }
}
