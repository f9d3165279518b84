package dev.orders.lambda.logging;

import java.net.URI;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.ConfigurationFactory;
import org.apache.logging.log4j.core.config.ConfigurationSource;

/**
 * Log4j's configuration of every function, built in code: named by {@code log4j2.component.properties}
 * ({@code log4j2.configurationFactory}), so Log4j reads no configuration file and builds no plugin from one.
 */
public final class JsonLogConfigurationFactory extends ConfigurationFactory {
    /** Every type: asked first, before Log4j looks for a file. */
    private static final String[] ANY = {"*"};

    @Override
    protected String[] getSupportedTypes() {
        return ANY;
    }

    @Override
    public Configuration getConfiguration(LoggerContext context, ConfigurationSource source) {
        return new JsonLogConfiguration(context, System.getenv());
    }

    @Override
    public Configuration getConfiguration(LoggerContext context, String name, URI location) {
        return new JsonLogConfiguration(context, System.getenv());
    }
}
