package dev.orders.local.cli;

import dev.orders.localaws.template.SamTemplate;
import java.util.List;

/**
 * {@code start-lambda}: Lambda's Invoke API for every function of the template on a local port, as
 * {@code sam local start-lambda} serves it. The functions get start-api's environment and launcher
 * ({@link StartApiCommand#serveFunctions}); the API runs in their JVM ({@link ServeLambdaCommand}).
 */
final class StartLambdaCommand implements Command {
    static final int DEFAULT_PORT = 3001;

    @Override
    public int run(Arguments arguments) throws Exception {
        arguments.allow("--port", "--host", "--data-dir", "--env-vars", "--events");
        return StartApiCommand.serveFunctions(arguments, SamTemplate.repository(), ServeLambdaCommand.VERB, DEFAULT_PORT,
                List.of());
    }
}
