package dev.orders.local.cli;

import dev.orders.local.UsageException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code ./sam-local}: the SAM CLI's local workflow with only a JDK, one {@link Command} per verb.
 * Bad usage is one line on stderr and exit code 2; any other failure one line and exit code 1.
 */
public final class SamLocal {
    /** The local table's name: what {@code !Ref OrdersTable} resolves to. */
    public static final String TABLE_NAME = "orders-local";
    static final String USAGE = "usage: ./sam-local start-api [--port 3000] [--host 127.0.0.1] [--data-dir DIR] [--seed]"
            + " [--env-vars FILE] [--events FILE] [--jwt-issuer URL --jwt-audience AUD] [--watch]"
            + " | start-lambda [--port 3001] [--host 127.0.0.1] [--data-dir DIR] [--env-vars FILE] [--events FILE] [--watch]"
            + " | invoke FunctionLogicalId -e EVENT.json [--env-vars FILE] [--data-dir DIR]"
            + " | generate-event 'METHOD /path' [--sub SUBJECT [--scope 'A B']] | token SUBJECT [SCOPE ...] [--scp] [--hours 12]"
            + " [--host 127.0.0.1] [--port 3000]"
            + " | redrive (--dead-letters FILE | --order ORDER_ID [--from N] [--to N]) --event-bus URL";
    private static final Set<String> HELP = Set.of("-h", "--help", "help");
    private static final Map<String, Command> COMMANDS = Map.of(
            "start-api", new StartApiCommand(),
            "start-lambda", new StartLambdaCommand(),
            "invoke", new InvokeCommand(),
            "generate-event", new GenerateEventCommand(),
            "token", new TokenCommand(),
            "redrive", new RedriveCommand(),
            ServeCommand.VERB, new ServeCommand(),
            ServeLambdaCommand.VERB, new ServeLambdaCommand(),
            InvokeHereCommand.VERB, new InvokeHereCommand());

    private SamLocal() {
    }

    public static void main(String[] args) {
        int code;
        try {
            code = run(List.of(args));
        } catch (UsageException e) {
            System.err.println("sam-local: " + e.getMessage());
            code = 2;
        } catch (Exception e) {
            System.err.println("sam-local: " + firstLine(String.valueOf(e.getMessage() == null ? e : e.getMessage())));
            code = 1;
        }
        System.exit(code);
    }

    private static int run(List<String> args) throws Exception {
        if (args.isEmpty()) {
            throw new UsageException(USAGE);
        }
        String verb = args.get(0);
        Arguments arguments = Arguments.parse(args.subList(1, args.size()));
        if (HELP.contains(verb)) {
            System.out.println(USAGE);
            return 0;
        }
        Command command = COMMANDS.get(verb);
        if (command == null) {
            throw new UsageException("unknown verb '" + verb + "'; " + USAGE);
        }
        return command.run(arguments);
    }

    /** Errors are one line: the first of a multi-line message. */
    static String firstLine(String text) {
        return text == null ? "" : text.lines().findFirst().orElse("");
    }
}
