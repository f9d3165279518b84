package dev.orders.lambda.logging;

import java.util.Locale;
import java.util.Map;
import org.slf4j.event.Level;

/**
 * Which lines are written. The service's loggers ({@value #SERVICE} and below) log at the first level variable set
 * (POWERTOOLS_LOG_LEVEL, Lambda's AWS_LAMBDA_LOG_LEVEL, the template's LOG_LEVEL), else INFO, from the function's init
 * on; Powertools may set another on every logger later. The libraries' loggers write WARN and above only, whatever
 * level Powertools sets: the AWS SDK's DEBUG prints signed requests.
 */
final class LogLevels {
    static final String SERVICE = "dev.orders";
    private static final String[] LEVEL_VARIABLES = {"POWERTOOLS_LOG_LEVEL", "AWS_LAMBDA_LOG_LEVEL", "LOG_LEVEL"};
    private static final int LIBRARIES_AT_LEAST = Level.WARN.toInt();

    /** The service's least severe level written, as {@link Level#toInt()} orders them. */
    private static volatile int service = serviceLevel(System.getenv());
    /** The level Powertools set on every logger; null until it sets one. */
    private static volatile Integer everyLogger;

    private LogLevels() {
    }

    /** The first level variable set, as Log4j read {@code ${env:...:-...}} before: an unknown name is INFO. */
    static int serviceLevel(Map<String, String> env) {
        for (String variable : LEVEL_VARIABLES) {
            String value = env.get(variable);
            if (value != null && !value.isEmpty()) {
                return toInt(value);
            }
        }
        return Level.INFO.toInt();
    }

    /** Log4j's level names, which the variables may hold: FATAL and OFF write no SLF4J line. */
    private static int toInt(String name) {
        return switch (name.toUpperCase(Locale.ROOT)) {
            case "ALL" -> Integer.MIN_VALUE;
            case "TRACE" -> Level.TRACE.toInt();
            case "DEBUG" -> Level.DEBUG.toInt();
            case "WARN" -> Level.WARN.toInt();
            case "ERROR" -> Level.ERROR.toInt();
            case "FATAL" -> Level.ERROR.toInt() + 10;
            case "OFF" -> Integer.MAX_VALUE;
            default -> Level.INFO.toInt();
        };
    }

    static boolean isService(String loggerName) {
        return loggerName.equals(SERVICE) || loggerName.startsWith(SERVICE + ".");
    }

    static boolean enabled(boolean serviceLogger, Level level) {
        int threshold = serviceLogger ? service : Math.max(LIBRARIES_AT_LEAST, everyLogger == null ? 0 : everyLogger);
        return level.toInt() >= threshold;
    }

    /** What Powertools sets: every logger's level (a library's still writes WARN and above only). */
    static void setEveryLogger(Level level) {
        service = level.toInt();
        everyLogger = level.toInt();
    }

    /** A logger's level, as Log4j's was: the libraries' WARN until Powertools sets one. */
    static Level of(String loggerName) {
        int level = isService(loggerName) ? service : everyLogger == null ? LIBRARIES_AT_LEAST : everyLogger;
        for (Level candidate : Level.values()) { // from ERROR down to TRACE
            if (candidate.toInt() <= level) {
                return candidate;
            }
        }
        return Level.TRACE;
    }

    /** The levels as the environment gives them at start, as if Powertools had set none (for tests). */
    static void reset() {
        service = serviceLevel(System.getenv());
        everyLogger = null;
    }
}
