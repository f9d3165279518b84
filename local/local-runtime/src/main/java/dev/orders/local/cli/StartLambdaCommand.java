package dev.orders.local.cli;

import static dev.orders.local.cli.SamOptions.CONFIGURATION;
import static dev.orders.local.cli.SamOptions.DATA_DIR;
import static dev.orders.local.cli.SamOptions.DEBUG_ARGS;
import static dev.orders.local.cli.SamOptions.DEBUG_FUNCTION;
import static dev.orders.local.cli.SamOptions.DEBUG_PORT;
import static dev.orders.local.cli.SamOptions.ENV_VARS;
import static dev.orders.local.cli.SamOptions.EVENTS;
import static dev.orders.local.cli.SamOptions.HOST;
import static dev.orders.local.cli.SamOptions.LOG_FILE;
import static dev.orders.local.cli.SamOptions.PARAMETER_OVERRIDES;
import static dev.orders.local.cli.SamOptions.TEMPLATE;
import static dev.orders.local.cli.SamOptions.WATCH;

import dev.orders.local.UsageException;
import dev.orders.localaws.template.SamTemplate;
import java.util.List;

/**
 * {@code start-lambda}: Lambda's Invoke API for every function of the template on a local port, as
 * {@code sam local start-lambda} serves it. The functions get start-api's environment and launcher
 * ({@link StartApiCommand#serveFunctions}); the API runs in their JVM ({@link ServeLambdaCommand}).
 */
final class StartLambdaCommand implements Command {
    static final int DEFAULT_PORT = 3001;
    static final Usage USAGE = Usage.samCommand("start-lambda", "", "Serves Lambda's Invoke API for every function of"
                    + " the template on a local port, as sam local start-lambda does, for aws lambda invoke --endpoint-url"
                    + " and the SDKs' Lambda clients; feeds the table's stream to its functions and runs the template's"
                    + " schedules (ScheduleV2, Schedule) at their times. It prints \"Listening"
                    + " on http://HOST:PORT\" when ready; Ctrl-C stops it.",
            List.of("./sam-local start-lambda -d 5005 --debug-function PublishEventsFunction"),
            List.of(new Usage.Section("Template Options", TEMPLATE, PARAMETER_OVERRIDES),
                    new Usage.Section("Container Options", HOST, StartApiCommand.port(DEFAULT_PORT), ENV_VARS, DEBUG_PORT,
                            DEBUG_ARGS, DEBUG_FUNCTION),
                    new Usage.Section("Artifact Location Options", LOG_FILE),
                    CONFIGURATION,
                    new Usage.Section("sam-local Options", DATA_DIR, EVENTS, WATCH)),
            SamOptions.refusals(SamOptions.REFUSED, SamOptions.REFUSED_BY_SERVERS));
    /** What a --host beyond the loopback lets other machines do (see {@link NetworkExposure}). */
    static final String EXPOSED = "the Invoke API checks no credentials, so anyone who reaches it runs any function with"
            + " any event, an event with an administrator's claims too";

    @Override
    public Usage usage() {
        return USAGE;
    }

    @Override
    public int run(Arguments arguments) throws Exception {
        if (!arguments.positionals().isEmpty()) {
            throw new UsageException("start-lambda serves every function of the template (SAM CLI's FUNCTION_LOGICAL_IDS,"
                    + " which limit it to some, are not taken): leave out '" + arguments.positionals().get(0) + "'");
        }
        SamTemplate template = SamOptions.template(arguments);
        return StartApiCommand.serveFunctions(arguments, template, "start-lambda", EXPOSED, ServeLambdaCommand.VERB,
                DEFAULT_PORT, List.of());
    }
}
