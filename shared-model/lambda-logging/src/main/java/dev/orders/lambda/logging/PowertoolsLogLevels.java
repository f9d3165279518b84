package dev.orders.lambda.logging;

import org.slf4j.Logger;
import org.slf4j.event.Level;
import software.amazon.lambda.powertools.logging.internal.LoggingManager;

/** Powertools' handle on the levels (POWERTOOLS_LOG_LEVEL, sampling), found by its service loader. */
public final class PowertoolsLogLevels implements LoggingManager {
    @Override
    public void setLogLevel(Level logLevel) {
        LogLevels.setEveryLogger(logLevel);
    }

    @Override
    public Level getLogLevel(Logger logger) {
        return LogLevels.of(logger.getName());
    }

    /** The levels the environment gives at start, undoing what Powertools set: for tests that change them. */
    public static void reset() {
        LogLevels.reset();
    }
}
