package dev.orders.lambda.logging;

import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

/** A logger writing each enabled call as one JSON line ({@link JsonLogLine}) on standard output. */
final class JsonLogger extends LegacyAbstractLogger {
    private static final long serialVersionUID = 1L;

    private final transient boolean service;

    JsonLogger(String name) {
        this.name = name;
        this.service = LogLevels.isService(name);
    }

    @Override
    public boolean isTraceEnabled() {
        return LogLevels.enabled(service, Level.TRACE);
    }

    @Override
    public boolean isDebugEnabled() {
        return LogLevels.enabled(service, Level.DEBUG);
    }

    @Override
    public boolean isInfoEnabled() {
        return LogLevels.enabled(service, Level.INFO);
    }

    @Override
    public boolean isWarnEnabled() {
        return LogLevels.enabled(service, Level.WARN);
    }

    @Override
    public boolean isErrorEnabled() {
        return LogLevels.enabled(service, Level.ERROR);
    }

    @Override
    protected String getFullyQualifiedCallerName() {
        return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(Level level, Marker marker, String messagePattern, Object[] arguments,
                                               Throwable throwable) {
        String message = MessageFormatter.basicArrayFormat(messagePattern, arguments);
        JsonLogLine.write(level, message, arguments, throwable, System.currentTimeMillis());
    }
}
