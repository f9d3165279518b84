package dev.orders.lambda;

import dev.orders.testsupport.lambda.TestContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;

/**
 * Run in a JVM of its own by {@link LogLevelTest}, with the environment of a case: logs at DEBUG and at WARN, as the
 * service and as a library, during a function's init and then in a request, where Powertools' logging has started.
 */
public final class LogLevelProbe {
    private LogLevelProbe() {
    }

    public static void main(String[] args) {
        Logger service = LoggerFactory.getLogger("dev.orders.probe");
        Logger library = LoggerFactory.getLogger("software.amazon.awssdk.probe");
        service.debug("service debug at init");
        PowertoolsLogging.withLogging(new TestContext(), () -> {
            service.debug("service debug in a request");
            service.info("service info in a request");
            library.debug("library debug in a request");
            library.warn("library warn in a request");
            return null;
        });
    }
}
