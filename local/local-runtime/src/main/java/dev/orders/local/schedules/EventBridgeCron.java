package dev.orders.local.schedules;

import com.cronutils.model.Cron;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.field.CronFieldName;
import com.cronutils.model.field.expression.And;
import com.cronutils.model.field.expression.Between;
import com.cronutils.model.field.expression.Every;
import com.cronutils.model.field.expression.FieldExpression;
import com.cronutils.model.field.expression.On;
import com.cronutils.model.field.expression.QuestionMark;
import com.cronutils.model.field.value.SpecialChar;
import com.cronutils.model.field.value.SpecialCharFieldValue;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import java.util.stream.Stream;

/**
 * EventBridge's six-field cron, {@code cron(minutes hours day-of-month month day-of-week year)}, read and evaluated
 * by cron-utils with the fields of EventBridge's cron expressions reference: Quartz's without its seconds, weekdays 1
 * (SUN) to 7, years 1970 to 2199, {@code ? L W} in day-of-month and {@code ? L #} in day-of-week, no range that wraps.
 */
final class EventBridgeCron {
    private static final CronParser PARSER = new CronParser(CronDefinitionBuilder.defineCron()
            .withMinutes().withValidRange(0, 59).withStrictRange().and()
            .withHours().withValidRange(0, 23).withStrictRange().and()
            .withDayOfMonth().withValidRange(1, 31).supportsL().supportsW().supportsQuestionMark().withStrictRange().and()
            .withMonth().withValidRange(1, 12).withStrictRange().and()
            .withDayOfWeek().withValidRange(1, 7).withMondayDoWValue(2).supportsL().supportsHash().supportsQuestionMark()
            .withStrictRange().and()
            .withYear().withValidRange(1970, 2199).withStrictRange().and()
            .instance());

    private EventBridgeCron() {
    }

    /**
     * The times {@code fields} (what is between the parentheses of {@code cron(...)}) names, refused
     * (IllegalArgumentException) where EventBridge refuses them: cron-utils' message for a field, ours for the rules
     * of EventBridge's guide that Quartz's cron lacks. These are checked here rather than as the definition's
     * {@code withCronValidation}, under which cron-utils would bury the message in its own.
     */
    static ExecutionTime parse(String fields) {
        if (fields.contains("|")) {
            // cron-utils reads "a|b" and "x||y" as several expressions; EventBridge's cron has no such character.
            throw new IllegalArgumentException("'|' is not a character of EventBridge's cron");
        }
        Cron cron = PARSER.parse(fields);
        FieldExpression dayOfMonth = cron.retrieve(CronFieldName.DAY_OF_MONTH).getExpression();
        FieldExpression dayOfWeek = cron.retrieve(CronFieldName.DAY_OF_WEEK).getExpression();
        if (dayOfMonth instanceof QuestionMark == dayOfWeek instanceof QuestionMark) {
            throw new IllegalArgumentException("one of day-of-month and day-of-week must be ? and the other not (EventBridge"
                    + " takes no expression with both, or neither)");
        }
        if (!(dayOfWeek instanceof On) && parts(dayOfWeek).anyMatch(part -> part instanceof On on && is(on, SpecialChar.HASH))) {
            throw new IllegalArgumentException("the day-of-week field '" + dayOfWeek.asString() + "' has a # in a list:"
                    + " with #, the field holds one expression only (EventBridge's guide: \"3#1,6#3\" is not valid)");
        }
        if (dayOfWeek instanceof On on && is(on, SpecialChar.HASH) && on.getNth().getValue() > 5) {
            throw new IllegalArgumentException("the day-of-week field '" + on.asString() + "' names a weekday past the"
                    + " month's 5th (3#2 is its second Tuesday)");
        }
        if (parts(dayOfMonth).anyMatch(part -> otherL(part, true)) || parts(dayOfWeek).anyMatch(part -> otherL(part, false))) {
            throw new IllegalArgumentException("an L is the month's last day alone in day-of-month (L), its last such"
                    + " weekday in day-of-week (5L, the last Thursday), with no offset (L-3) and in no range (15-L)");
        }
        return ExecutionTime.forCron(cron);
    }

    /** The values and ranges of a field ({@code 5}, {@code 5L}, {@code 3#2}, {@code 1-15}), in its lists and increments. */
    private static Stream<FieldExpression> parts(FieldExpression field) {
        if (field instanceof And list) {
            return list.getExpressions().stream().flatMap(EventBridgeCron::parts);
        }
        return field instanceof Every increment ? parts(increment.getExpression()) : Stream.ofNullable(field);
    }

    /**
     * An L that Quartz's cron takes and EventBridge's does not: Quartz's offset from the last day ({@code L-3}), a
     * number before a day-of-month's L ({@code 5L}), and a range to it ({@code 15-L}, which cron-utils reads but
     * cannot evaluate).
     */
    private static boolean otherL(FieldExpression part, boolean dayOfMonth) {
        if (part instanceof Between range) {
            return range.getFrom() instanceof SpecialCharFieldValue || range.getTo() instanceof SpecialCharFieldValue;
        }
        return part instanceof On on && is(on, SpecialChar.L)
                && (on.getNth().getValue() != -1 || dayOfMonth && on.getTime().getValue() != -1);
    }

    private static boolean is(On value, SpecialChar special) {
        return value.getSpecialChar().getValue() == special;
    }
}
