package dev.orders.local.schedules;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.TemporalAdjusters;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * EventBridge's six-field cron, {@code cron(minutes hours day-of-month month day-of-week year)}, as its user guides
 * document it: values, {@code ,} lists, {@code -} ranges, {@code /} increments, {@code *}, {@code ?} (one of the two
 * day fields must be {@code ?}, the other not), month and weekday names ({@code JAN}, {@code SUN}; weekdays number 1
 * for Sunday to 7), {@code L} (the month's last day; {@code 5L}, its last Thursday), {@code W} ({@code 15W}, the
 * weekday nearest the 15th, within the month) and {@code #} ({@code 3#2}, the month's second Tuesday; alone in its
 * field); years 1970 to
 * 2199. Evaluated in {@code zone} at the minute; a wall-clock time a daylight-saving change skips runs at the
 * first minute after the gap, as {@link ZonedDateTime#of} places it.
 */
record CronExpression(BitSet minutes, BitSet hours, Predicate<LocalDate> day, BitSet months, BitSet years, ZoneId zone) {
    private static final int LAST_YEAR = 2199;
    private static final List<String> MONTHS = List.of("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP",
            "OCT", "NOV", "DEC");
    private static final List<String> WEEKDAYS = List.of("SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT");

    /** {@code fields}: what is between the parentheses of {@code cron(...)}; refused with a message naming the field. */
    static CronExpression parse(String fields, ZoneId zone) {
        String[] field = fields.trim().split("\\s+");
        if (field.length != 6) {
            throw new IllegalArgumentException("a cron expression has six fields (minutes hours day-of-month month"
                    + " day-of-week year), not " + field.length);
        }
        boolean noDayOfMonth = field[2].equals("?");
        boolean noDayOfWeek = field[4].equals("?");
        if (noDayOfMonth == noDayOfWeek) {
            throw new IllegalArgumentException("one of day-of-month and day-of-week must be ? and the other not (EventBridge"
                    + " takes no expression with both, or neither)");
        }
        Predicate<LocalDate> day = noDayOfMonth ? dayOfWeek(field[4]) : dayOfMonth(field[2]);
        return new CronExpression(values(field[0], "minutes", 0, 59, List.of()), values(field[1], "hours", 0, 23, List.of()),
                day, values(field[3], "month", 1, 12, MONTHS), values(field[5], "year", 1970, LAST_YEAR, List.of()), zone);
    }

    /** The first minute at or after {@code from} that the expression names; none if it names none before 2200. */
    Optional<Instant> atOrAfter(Instant from) {
        ZonedDateTime start = from.atZone(zone);
        for (LocalDate date = start.toLocalDate(); date.getYear() <= LAST_YEAR; date = date.plusDays(1)) {
            if (!years.get(date.getYear()) || !months.get(date.getMonthValue()) || !day.test(date)) {
                continue;
            }
            for (int hour = hours.nextSetBit(0); hour >= 0; hour = hours.nextSetBit(hour + 1)) {
                for (int minute = minutes.nextSetBit(0); minute >= 0; minute = minutes.nextSetBit(minute + 1)) {
                    Instant at = ZonedDateTime.of(date, LocalTime.of(hour, minute), zone).toInstant();
                    if (!at.isBefore(from)) {
                        return Optional.of(at);
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** A field of numbers (or names, numbered from {@code min}): {@code *}, and lists of values, ranges, increments. */
    private static BitSet values(String field, String name, int min, int max, List<String> names) {
        BitSet set = new BitSet();
        for (String part : field.split(",", -1)) {
            String[] step = part.split("/", -1);
            if (step.length > 2) {
                throw invalid(name, field);
            }
            int from = min;
            int to = max;
            if (!step[0].equals("*")) {
                String[] range = step[0].split("-", -1);
                if (range.length > 2) {
                    throw invalid(name, field);
                }
                from = number(range[0], name, field, min, max, names);
                // "5/10" is every 10th from 5 to the end; "5" alone is 5.
                to = range.length == 2 ? number(range[1], name, field, min, max, names) : step.length == 2 ? max : from;
            }
            int increment = step.length == 2 ? number(step[1], name, field, 1, max, List.of()) : 1;
            if (from > to) {
                throw invalid(name, field);
            }
            for (int value = from; value <= to; value += increment) {
                set.set(value);
            }
        }
        return set;
    }

    private static Predicate<LocalDate> dayOfMonth(String field) {
        Predicate<LocalDate> day = date -> false;
        for (String part : field.split(",", -1)) {
            Predicate<LocalDate> one;
            if (part.equals("L")) {
                one = date -> date.getDayOfMonth() == date.lengthOfMonth();
            } else if (part.endsWith("W")) {
                int nearest = number(part.substring(0, part.length() - 1), "day-of-month", field, 1, 31, List.of());
                one = date -> date.equals(nearestWeekday(date, nearest));
            } else {
                BitSet days = values(part, "day-of-month", 1, 31, List.of());
                one = date -> days.get(date.getDayOfMonth());
            }
            day = day.or(one);
        }
        return day;
    }

    private static Predicate<LocalDate> dayOfWeek(String field) {
        if (field.contains("#") && field.contains(",")) {
            throw new IllegalArgumentException("the day-of-week field '" + field + "' has a # in a list: with #, the field"
                    + " holds one expression only (EventBridge's guide: \"3#1,6#3\" is not valid)");
        }
        Predicate<LocalDate> day = date -> false;
        for (String part : field.split(",", -1)) {
            Predicate<LocalDate> one;
            if (part.endsWith("L") && part.length() > 1) {
                DayOfWeek weekday = weekday(number(part.substring(0, part.length() - 1), "day-of-week", field, 1, 7, WEEKDAYS));
                one = date -> date.equals(date.with(TemporalAdjusters.lastInMonth(weekday)));
            } else if (part.contains("#")) {
                String[] nth = part.split("#", -1);
                DayOfWeek weekday = weekday(number(nth[0], "day-of-week", field, 1, 7, WEEKDAYS));
                int ordinal = number(nth[1], "day-of-week", field, 1, 5, List.of());
                one = date -> date.equals(date.with(TemporalAdjusters.dayOfWeekInMonth(ordinal, weekday)));
            } else {
                BitSet days = values(part.equals("L") ? "7" : part, "day-of-week", 1, 7, WEEKDAYS);
                one = date -> days.get(date.getDayOfWeek().getValue() % 7 + 1);
            }
            day = day.or(one);
        }
        return day;
    }

    /** The weekday nearest {@code day} of {@code date}'s month, never in another month; past the month's end, none. */
    private static LocalDate nearestWeekday(LocalDate date, int day) {
        if (day > date.lengthOfMonth()) {
            return null;
        }
        LocalDate target = date.withDayOfMonth(day);
        return switch (target.getDayOfWeek()) {
            case SATURDAY -> day == 1 ? target.plusDays(2) : target.minusDays(1);
            case SUNDAY -> day == target.lengthOfMonth() ? target.minusDays(2) : target.plusDays(1);
            default -> target;
        };
    }

    /** Cron's weekday number, 1 for Sunday to 7 for Saturday. */
    private static DayOfWeek weekday(int number) {
        return DayOfWeek.SUNDAY.plus(number - 1L);
    }

    private static int number(String text, String name, String field, int min, int max, List<String> names) {
        int named = names.indexOf(text.toUpperCase(Locale.ROOT));
        int value;
        if (named >= 0) {
            value = named + 1;
        } else {
            try {
                value = Integer.parseInt(text);
            } catch (NumberFormatException e) {
                throw invalid(name, field);
            }
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException("the " + name + " field '" + field + "' is outside " + min + "-" + max);
        }
        return value;
    }

    private static IllegalArgumentException invalid(String name, String field) {
        return new IllegalArgumentException("the " + name + " field '" + field + "' is not one EventBridge takes");
    }
}
