package dev.orders.local.schedules;

import com.cronutils.model.time.ExecutionTime;
import dev.orders.localaws.template.ScheduleEvent;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When a schedule runs: {@code rate(value unit)}, {@code cron(fields)} ({@link EventBridgeCron}) or, for EventBridge
 * Scheduler, the one-time {@code at(yyyy-mm-ddThh:mm:ss)}. A rate runs first when it is mounted, then every period,
 * as a deployed one runs from its creation ("A rate expression starts when you create the scheduled event rule",
 * EventBridge's rate expressions reference; a schedule's {@code StartDate} would "set the first occurrence", which
 * sam-local does not apply); cron and at at the minutes they name, in the schedule's time zone.
 */
sealed interface ScheduleExpression {
    Pattern RATE = Pattern.compile("rate\\((\\d+) (minute|minutes|hour|hours|day|days)\\)");
    Pattern CRON = Pattern.compile("cron\\((.*)\\)");
    Pattern AT = Pattern.compile("at\\((.*)\\)");

    /** The first run of a schedule mounted at {@code mounted}; none if it never runs. */
    Optional<Instant> first(Instant mounted);

    /** The run after the one at {@code previous}; none if there is none. */
    Optional<Instant> after(Instant previous);

    /** Every {@code period}, from the moment it is mounted. */
    record Rate(Duration period) implements ScheduleExpression {
        @Override
        public Optional<Instant> first(Instant mounted) {
            return Optional.of(mounted);
        }

        @Override
        public Optional<Instant> after(Instant previous) {
            return Optional.of(previous.plus(period));
        }
    }

    /**
     * The minutes a cron expression names in {@code zone}. A wall-clock time that a daylight-saving change skips is
     * not run that day, one it repeats runs once, as EventBridge Scheduler's guide says of its cron schedules.
     */
    record Cron(ExecutionTime times, ZoneId zone) implements ScheduleExpression {
        @Override
        public Optional<Instant> first(Instant mounted) {
            // cron-utils gives the times strictly after the one it is given: a minute that is the mount's own runs.
            return after(mounted.minusNanos(1));
        }

        @Override
        public Optional<Instant> after(Instant previous) {
            LocalDateTime last = previous.atZone(zone).toLocalDateTime();
            Optional<ZonedDateTime> next = times.nextExecution(previous.atZone(zone));
            // cron-utils gives the repeated hour's times again, at the later offset; EventBridge runs them once.
            while (next.isPresent() && !next.get().toLocalDateTime().isAfter(last)) {
                next = times.nextExecution(next.get());
            }
            return next.map(ZonedDateTime::toInstant);
        }
    }

    /** Once, at that time, if it is still to come when mounted. */
    record At(Instant at) implements ScheduleExpression {
        @Override
        public Optional<Instant> first(Instant mounted) {
            return at.isBefore(mounted) ? Optional.empty() : Optional.of(at);
        }

        @Override
        public Optional<Instant> after(Instant previous) {
            return Optional.empty();
        }
    }

    /**
     * The schedule's expression in its time zone, refused (IllegalArgumentException naming the event) where
     * EventBridge refuses it: for a rule ({@code Schedule}), also a rate whose unit's number does not agree with its
     * value ({@code rate(1 minutes)}, {@code rate(5 minute)}), which its user guide states, and any {@code at(...)}.
     */
    static ScheduleExpression of(ScheduleEvent schedule) {
        String where = "template: " + schedule.where() + " (" + schedule.kind().eventType() + ") ";
        String text = schedule.expression().trim();
        ZoneId zone;
        try {
            zone = ZoneId.of(schedule.timezone());
        } catch (DateTimeException e) {
            throw new IllegalArgumentException(where + "has ScheduleExpressionTimezone " + schedule.timezone()
                    + ", which is no time zone (e.g. UTC, Europe/Paris)");
        }
        Matcher rate = RATE.matcher(text);
        if (rate.matches()) {
            long value = Long.parseLong(rate.group(1));
            String unit = rate.group(2);
            boolean plural = unit.endsWith("s");
            if (value < 1 || schedule.kind() == ScheduleEvent.Kind.RULE && plural != (value > 1)) {
                throw new IllegalArgumentException(where + "has " + text + ": a rate is a positive whole number and its"
                        + " unit, singular for 1 and plural above (rate(1 minute), rate(5 minutes))");
            }
            ChronoUnit chrono = unit.startsWith("minute") ? ChronoUnit.MINUTES : unit.startsWith("hour") ? ChronoUnit.HOURS
                    : ChronoUnit.DAYS;
            return new Rate(chrono.getDuration().multipliedBy(value));
        }
        Matcher cron = CRON.matcher(text);
        if (cron.matches()) {
            try {
                return new Cron(EventBridgeCron.parse(cron.group(1)), zone);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + "has " + text + ": " + e.getMessage(), e);
            }
        }
        Matcher at = AT.matcher(text);
        if (at.matches() && schedule.kind() == ScheduleEvent.Kind.SCHEDULER) {
            try {
                return new At(LocalDateTime.parse(at.group(1)).atZone(zone).toInstant());
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(where + "has " + text + ": a one-time schedule is at(yyyy-mm-ddThh:mm:ss)");
            }
        }
        throw new IllegalArgumentException(where + "has the schedule expression '" + text + "', which is none of "
                + (schedule.kind() == ScheduleEvent.Kind.SCHEDULER ? "rate(value unit), cron(fields), at(yyyy-mm-ddThh:mm:ss)"
                : "rate(value unit), cron(fields)"));
    }
}
