package dev.orders.lambda.logging;

import java.util.Map;
import java.util.stream.Stream;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.ConsoleAppender;
import org.apache.logging.log4j.core.config.AbstractConfiguration;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.layout.template.json.JsonTemplateLayout;

/**
 * Structured JSON logs in Powertools' layout (its {@code LambdaJsonLayout.json} event template: service, cold start,
 * the function's context, correlation id, structured arguments) on standard output. The service's loggers
 * ({@value #SERVICE}) log at the level Powertools reads when its logging starts (POWERTOOLS_LOG_LEVEL, else Lambda's
 * AWS_LAMBDA_LOG_LEVEL), else the template's LOG_LEVEL, else INFO, from the function's init on; the libraries' at WARN
 * and above only, whatever level Powertools later sets on every logger: the AWS SDK's DEBUG prints signed requests.
 */
final class JsonLogConfiguration extends AbstractConfiguration {
    static final String SERVICE = "dev.orders";
    private static final String EVENT_TEMPLATE = "classpath:LambdaJsonLayout.json";
    private static final String APPENDER = "JsonAppender";
    private static final String[] LEVEL_VARIABLES = {"POWERTOOLS_LOG_LEVEL", "AWS_LAMBDA_LOG_LEVEL", "LOG_LEVEL"};

    private final Level serviceLevel;

    JsonLogConfiguration(LoggerContext context, Map<String, String> env) {
        super(context, ConfigurationSource.NULL_SOURCE);
        setName("order-service");
        this.serviceLevel = serviceLevel(env);
    }

    /** The first level variable set, as Log4j read {@code ${env:...:-...}} in the XML configuration before. */
    static Level serviceLevel(Map<String, String> env) {
        return Stream.of(LEVEL_VARIABLES).map(env::get).filter(value -> value != null && !value.isEmpty()).findFirst()
                .map(value -> Level.toLevel(value, Level.INFO)).orElse(Level.INFO);
    }

    @Override
    protected void doConfigure() {
        // follow: writes go to System.out as it is now, so a test can capture them.
        Appender json = ConsoleAppender.newBuilder().setName(APPENDER).setTarget(ConsoleAppender.Target.SYSTEM_OUT)
                .setFollow(true).setConfiguration(this)
                .setLayout(JsonTemplateLayout.newBuilder().setConfiguration(this).setEventTemplateUri(EVENT_TEMPLATE).build())
                .build();
        json.start();
        addAppender(json);
        LoggerConfig service = LoggerConfig.newBuilder().withConfig(this).withLoggerName(SERVICE).withLevel(serviceLevel)
                .withAdditivity(false).build();
        service.addAppender(json, null, null);
        addLogger(SERVICE, service);
        LoggerConfig root = getRootLogger();
        root.setLevel(Level.WARN);
        root.addAppender(json, Level.WARN, null);
    }
}
