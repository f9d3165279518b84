package dev.orders.local.lambda;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the Lambda Java runtime answers when a handler lets an exception out (or its init fails):
 * {@code {"errorMessage", "errorType", "stackTrace"}} (no stack trace for an error of Lambda's own), the payload of a call answered with
 * {@code X-Amz-Function-Error: Unhandled}.
 */
public record UnhandledError(String errorMessage, String errorType, List<String> stackTrace) {

    /** The handler's own exception, not the reflection wrapping it; or the error another JVM answered. */
    public static UnhandledError of(Throwable failure) {
        Throwable thrown = failure instanceof InvocationTargetException && failure.getCause() != null ? failure.getCause() : failure;
        if (thrown instanceof Elsewhere elsewhere) {
            return elsewhere.error;
        }
        return new UnhandledError(String.valueOf(thrown.getMessage()), thrown.getClass().getName(),
                Arrays.stream(thrown.getStackTrace()).map(StackTraceElement::toString).toList());
    }

    public byte[] json() {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("errorMessage", errorMessage);
        error.put("errorType", errorType);
        if (!stackTrace.isEmpty()) {
            error.put("stackTrace", stackTrace);
        }
        try {
            return JSON.std.asBytes(error);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A handler's unhandled error in another JVM (--debug-function's), as that JVM's Invoke API answered it. */
    public static final class Elsewhere extends Exception {
        private static final long serialVersionUID = 1L;
        private final transient UnhandledError error;

        public Elsewhere(UnhandledError error) {
            super(error.errorType() + ": " + error.errorMessage());
            this.error = error;
        }
    }
}
