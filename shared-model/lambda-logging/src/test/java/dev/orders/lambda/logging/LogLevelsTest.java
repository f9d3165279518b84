package dev.orders.lambda.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.event.Level;

/** The levels as the Log4j configuration of before set them (lambda-support's LogLevelTest runs them in a function). */
class LogLevelsTest {
    @AfterEach
    void levelsOfTheEnvironment() {
        LogLevels.reset();
    }

    @Test
    void theFirstLevelVariableSetWinsAndAnUnknownNameIsInfo() {
        assertEquals(Level.DEBUG.toInt(), LogLevels.serviceLevel(Map.of("POWERTOOLS_LOG_LEVEL", "debug",
                "AWS_LAMBDA_LOG_LEVEL", "ERROR", "LOG_LEVEL", "WARN")));
        assertEquals(Level.ERROR.toInt(), LogLevels.serviceLevel(Map.of("POWERTOOLS_LOG_LEVEL", "",
                "AWS_LAMBDA_LOG_LEVEL", "ERROR", "LOG_LEVEL", "WARN")));
        assertEquals(Level.WARN.toInt(), LogLevels.serviceLevel(Map.of("LOG_LEVEL", "Warn")));
        assertEquals(Level.INFO.toInt(), LogLevels.serviceLevel(Map.of("LOG_LEVEL", "verbose")));
        assertEquals(Level.INFO.toInt(), LogLevels.serviceLevel(Map.of()));
    }

    @Test
    void log4jsFatalAndOffWriteNoLineAndAllWritesEvery() {
        assertTrue(LogLevels.serviceLevel(Map.of("LOG_LEVEL", "FATAL")) > Level.ERROR.toInt());
        assertEquals(Integer.MAX_VALUE, LogLevels.serviceLevel(Map.of("LOG_LEVEL", "OFF")));
        assertEquals(Integer.MIN_VALUE, LogLevels.serviceLevel(Map.of("LOG_LEVEL", "ALL")));
    }

    @Test
    void theServiceTakesTheLevelPowertoolsSetsAndTheLibrariesStayAtWarnOrAbove() {
        LogLevels.setEveryLogger(Level.DEBUG);

        assertTrue(LogLevels.enabled(LogLevels.isService("dev.orders.http.api.ApiFunction"), Level.DEBUG));
        assertFalse(LogLevels.enabled(LogLevels.isService("software.amazon.awssdk.request"), Level.INFO));
        assertTrue(LogLevels.enabled(LogLevels.isService("software.amazon.awssdk.request"), Level.WARN));
        assertEquals(Level.DEBUG, LogLevels.of("software.amazon.awssdk.request"));

        LogLevels.setEveryLogger(Level.ERROR);

        assertFalse(LogLevels.enabled(LogLevels.isService("software.amazon.awssdk.request"), Level.WARN));
        assertFalse(LogLevels.enabled(LogLevels.isService("dev.orders"), Level.WARN));
    }

    @Test
    void onlyTheServicesPackageAndBelowAreTheService() {
        assertTrue(LogLevels.isService("dev.orders"));
        assertTrue(LogLevels.isService("dev.orders.wiring.Services"));
        assertFalse(LogLevels.isService("dev.ordersx.Other"));
        assertEquals(Level.WARN, LogLevels.of("org.apache.http.wire"));
    }
}
