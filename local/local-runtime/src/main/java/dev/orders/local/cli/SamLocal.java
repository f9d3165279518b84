package dev.orders.local.cli;

import dev.orders.local.UsageException;
import dev.orders.localaws.RepositoryRoot;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code ./sam-local}: the SAM CLI's local workflow with only a JDK, one {@link Command} per verb, read as SAM CLI
 * reads its commands: {@code --help} on any, {@code --version}, options from the command line, then their variables,
 * then samconfig ({@link SamConfig}). Bad usage is one line on stderr and exit code 2; any other failure one line
 * and exit code 1.
 */
public final class SamLocal {
    /** The local table's name: what {@code !Ref OrdersTable} resolves to. */
    public static final String TABLE_NAME = "orders-local";
    private static final Set<String> HELP = Set.of("-h", "--help", "help");
    /** The commands of sam local, then sam-local's own; bench is the script's. */
    private static final Map<String, Command> COMMANDS = Map.of(
            "invoke", new InvokeCommand(),
            "start-api", new StartApiCommand(),
            "start-lambda", new StartLambdaCommand(),
            "generate-event", new GenerateEventCommand(),
            "token", new TokenCommand(),
            "redrive", new RedriveCommand(),
            ServeCommand.VERB, new ServeCommand(),
            ServeLambdaCommand.VERB, new ServeLambdaCommand(),
            InvokeHereCommand.VERB, new InvokeHereCommand());
    /** {@code sam local}'s commands, which ./sam-local also takes after the word {@code local}, as sam does. */
    private static final String SAM_LOCAL = "local";
    private static final List<String> SAM_LOCAL_VERBS = List.of("invoke", "start-api", "start-lambda", "generate-event");
    private static final List<String> LISTED = List.of("invoke", "start-api", "start-lambda", "generate-event", "token",
            "redrive");

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

    /** The command line's command, run: its exit code; bad usage is thrown. */
    static int run(List<String> args) throws Exception {
        if (args.isEmpty()) {
            throw new UsageException("a command is needed; see ./sam-local --help");
        }
        String verb = args.get(0);
        if (HELP.contains(verb)) {
            System.out.print(help());
            return 0;
        }
        if (verb.equals("--version")) {
            System.out.println("sam-local, version " + version());
            return 0;
        }
        if (verb.equals(SAM_LOCAL)) {
            // "sam local invoke" is a SAM user's habit: ./sam-local is sam local already, so the word changes nothing.
            if (args.size() < 2 || !(SAM_LOCAL_VERBS.contains(args.get(1)) || HELP.contains(args.get(1)))) {
                throw new UsageException("'local' takes a command of sam local: " + String.join(", ", SAM_LOCAL_VERBS)
                        + " (./sam-local local invoke is ./sam-local invoke); see ./sam-local --help");
            }
            return run(args.subList(1, args.size()));
        }
        Command command = COMMANDS.get(verb);
        if (command == null) {
            throw new UsageException("unknown verb '" + verb + "'; see ./sam-local --help");
        }
        List<String> rest = args.subList(1, args.size());
        if (command instanceof GenerateEventCommand && !rest.isEmpty() && rest.get(0).equals(StripeEventCommand.SERVICE)) {
            command = new StripeEventCommand();
            rest = rest.subList(1, rest.size());
        } else if (command instanceof GenerateEventCommand && !rest.isEmpty()
                && SampleEventCommand.EVENTS.containsKey(rest.get(0))) {
            String service = rest.get(0);
            if (rest.size() > 1 && HELP.contains(rest.get(1))) {
                System.out.print(SampleEventCommand.serviceHelp(service));
                return 0;
            }
            Optional<SampleEventCommand> sample = rest.size() > 1 ? SampleEventCommand.of(service, rest.get(1)) : Optional.empty();
            if (sample.isEmpty()) {
                throw new UsageException("generate-event " + service + " takes an event: "
                        + String.join(", ", SampleEventCommand.EVENTS.get(service).keySet()));
            }
            command = sample.get();
            rest = rest.subList(2, rest.size());
        }
        if (rest.contains("--help") || rest.contains("-h")) {
            System.out.print(command.usage().help());
            return 0;
        }
        return command.run(configured(Arguments.parse(command.usage(), rest)));
    }

    /**
     * A command completed as SAM CLI completes it: an option the command line leaves out is taken from its variable,
     * else, for a command of sam local, from samconfig's section of the command (its {@code --config-env}, in its
     * {@code --config-file}, next to the template).
     */
    static Arguments configured(Arguments parsed) {
        Arguments given = parsed.completedBy(System::getenv, Map.of(), "");
        Optional<String> section = parsed.usage().configSection();
        if (section.isEmpty()) {
            return given;
        }
        Path templateDirectory = parsed.usage().option(SamOptions.TEMPLATE.name()).isPresent()
                ? SamOptions.templateFile(given).getParent() : RepositoryRoot.locate();
        String env = given.value(SamOptions.CONFIG_ENV.name(), SamConfig.DEFAULT_ENV);
        return SamConfig.find(templateDirectory, given.value(SamOptions.CONFIG_FILE.name()))
                .map(config -> given.completedBy(System::getenv, config.parameters(env, section.get()),
                        config.source(env, section.get())))
                .orElse(given);
    }

    /** What ./sam-local --help prints. */
    static String help() {
        return "Usage: ./sam-local [OPTIONS] COMMAND [ARGS]...\n\n"
                + "  AWS SAM CLI's local commands without Docker: the template's functions run from their jars on this\n"
                + "  machine's JDK, over a local DynamoDB (Dynoxide). ./sam-local COMMAND --help lists a command's options.\n\n"
                + "Commands:\n"
                + LISTED.stream().map(verb -> String.format("  %-16s%s%n", verb, firstSentence(COMMANDS.get(verb).usage().summary())))
                .collect(Collectors.joining())
                + String.format("  %-16s%s%n", "bench", "Runs the benchmarks (./sam-local bench --help).")
                + "\nOptions:\n"
                + "  --version       Show the version and exit.\n"
                + "  -h, --help      Show this message and exit.\n";
    }

    /** A summary's first clause, as a command's line in the list of commands. */
    private static String firstSentence(String text) {
        int end = java.util.stream.Stream.of(". ", ", ", " (", ": ").mapToInt(text::indexOf).filter(i -> i > 0).min()
                .orElse(text.length());
        return text.substring(0, end).replaceAll("\\.$", "") + ".";
    }

    /** The project's version, which the build wrote into sam-local.properties. */
    static String version() {
        try (InputStream in = SamLocal.class.getResourceAsStream("/sam-local.properties")) {
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Errors are one line: the first of a multi-line message. */
    static String firstLine(String text) {
        return text == null ? "" : text.lines().findFirst().orElse("");
    }
}
