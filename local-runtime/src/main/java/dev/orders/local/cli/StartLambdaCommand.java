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
    /** What a --host beyond the loopback lets other machines do (see {@link NetworkExposure}). */
    static final String EXPOSED = "the Invoke API checks no credentials, so anyone who reaches it runs any function with"
            + " any event, an event with an administrator's claims too";

    @Override
    public int run(Arguments arguments) throws Exception {
        arguments.allow("--port", "--host", "--data-dir", "--env-vars", "--events", ServeCommand.WATCH);
        return StartApiCommand.serveFunctions(arguments, SamTemplate.repository(), "start-lambda", EXPOSED,
                ServeLambdaCommand.VERB, DEFAULT_PORT, List.of());
    }
}
