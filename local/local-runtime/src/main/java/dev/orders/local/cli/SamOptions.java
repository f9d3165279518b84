package dev.orders.local.cli;

import dev.orders.local.UsageException;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.template.SamTemplate;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The options {@code sam local invoke}, {@code start-api} and {@code start-lambda} share, with SAM CLI's names,
 * variables and meanings (samcli/commands/local/cli_common/options.py, samcli/commands/_utils/options.py), and the
 * SAM CLI options they refuse, each saying why and what to do instead.
 */
final class SamOptions {
    static final Option TEMPLATE = Option.value("PATH", "The AWS SAM template: its functions, routes and parameters"
            + " (default: template.yaml of this checkout). Each function's CodeUri is read from its directory, and so is"
            + " samconfig.toml.", "-t", "--template", "--template-file").orVariable("SAM_TEMPLATE_FILE");
    static final Option PARAMETER_OVERRIDES = Option.values("TEXT", "Values of the template's parameters, as SAM CLI"
            + " reads them: Key=Value pairs separated by spaces (a value with spaces in quotes), or"
            + " ParameterKey=Key,ParameterValue=Value pairs. They reach the functions (!Ref Param in their environment),"
            + " the JWT authorizer (JwtIssuer, JwtAudience) and the HTTP API's CORS (CorsAllowedOrigins) as in a deployed"
            + " stack, checked as CloudFormation checks them (an unknown name, AllowedValues, AllowedPattern, MinValue,"
            + " MaxValue).", "--parameter-overrides");
    static final Option ENV_VARS = Option.value("PATH", "JSON file of the functions' environment variables, in SAM CLI's"
            + " format: {\"Parameters\": {\"VAR\": \"value\"}} for every function, {\"FunctionLogicalId\": {...}} for one.",
            "-n", "--env-vars");
    static final Option DEBUG_PORT = Option.value("PORT", "Start the functions' JVM with the JDK's debugger agent (JDWP)"
            + " listening on 127.0.0.1:PORT, suspended until a debugger attaches, as SAM CLI starts a Java function's"
            + " container.", "-d", "--debug-port").orVariable("SAM_DEBUG_PORT");
    static final Option DEBUG_ARGS = Option.value("TEXT", "More options for the debugged JVM, split as a shell splits"
            + " words (SAM CLI adds them to the container's _JAVA_OPTIONS), e.g. '-Xmx512m -verbose:gc'.",
            "--debug-args").orVariable("DEBUGGER_ARGS");
    static final Option DEBUG_FUNCTION = Option.value("FUNCTION_LOGICAL_ID", "Debug this function only: it runs alone"
            + " in a JVM of its own, with JDWP on --debug-port, suspended until a debugger attaches (its first request"
            + " waits until then); the other functions keep serving from the shared JVM.", "--debug-function");
    static final Option LOG_FILE = Option.value("PATH", "Write the functions' output to this file (made anew) instead"
            + " of the terminal, as SAM CLI does: their logs, Lambda's lines and, for invoke, the response.", "-l",
            "--log-file");
    static final Option HOST = Option.value("TEXT", "Local hostname or IP address to bind to (default: 127.0.0.1).",
            "--host");
    static final Option CONFIG_ENV = Option.value("TEXT", "Environment of the configuration file whose parameters are the"
            + " defaults (default: default).", "--config-env");
    static final Option CONFIG_FILE = Option.value("TEXT", "Configuration file of default parameter values (default:"
            + " samconfig.toml, else samconfig.yaml, next to the template).", "--config-file");
    static final Option DATA_DIR = Option.value("DIR", "Keep the table (and the stream's positions) in DIR across runs;"
            + " without it the table is in memory.", "--data-dir");
    static final Option EVENTS = Option.value("FILE", "Append every event the local event bus accepts to FILE, one JSON"
            + " line each.", "--events");
    static final Option WATCH = Option.flag("Serve a saved change without a restart: the functions run from their"
            + " modules' classes, recompiled here when a source is saved; the table, the issuer and the port stay.",
            "--watch");

    static final Usage.Section CONFIGURATION = new Usage.Section("Configuration Options", CONFIG_ENV, CONFIG_FILE);

    private static final String NO_CONTAINERS = "./sam-local runs no containers: each function runs from its jar in a"
            + " JVM on this machine (invoke: one of its own; start-api and start-lambda: one for all). ";

    /** What every command of sam local refuses. */
    static final List<Usage.Refused> REFUSED = List.of(
            refused(NO_CONTAINERS + "It reaches the local DynamoDB (DYNAMODB_ENDPOINT names another) and event bus on"
                    + " 127.0.0.1; there is no network to join.", "--docker-network"),
            refused(NO_CONTAINERS + "--host is where start-api or start-lambda listens.", "--container-host",
                    "--container-host-interface"),
            refused(NO_CONTAINERS + "The functions resolve names as this machine does (/etc/hosts, its DNS).",
                    "--add-host", "--container-dns"),
            refused(NO_CONTAINERS + "There is no image to pull or build: the functions run on this machine's JDK"
                    + " (JAVA_HOME).", "--skip-pull-image", "--force-image-build", "-ii", "--invoke-image"),
            refused(NO_CONTAINERS + "Nothing is mounted: each function's jar is read where the template's CodeUri says.",
                    "-v", "--docker-volume-basedir", "--mount-symlinks"),
            refused(NO_CONTAINERS + "There is no memory limit to lift; the Context reports the template's MemorySize.",
                    "--no-memory-limit"),
            refused(NO_CONTAINERS + "Give the functions' variables with -n/--env-vars, the debugged JVM's options with"
                    + " --debug-args.", "--container-env-vars"),
            refused("the JDK's own debugger agent (JDWP) is used: give -d/--debug-port PORT and attach your IDE's Java"
                    + " debugger to 127.0.0.1:PORT.", "--debugger-path"),
            refused("./sam-local loads no layers: a function's jar holds all it needs.", "--layer-cache-basedir"),
            refused("there are no Lambda extensions to send a SHUTDOWN event to.", "--shutdown"),
            refused("the template is read as it is, without the AWS::LanguageExtensions transform.", "--language-extensions"),
            refused("there are no hooks: the SAM template is what is run.", "--hook-name", "--skip-prepare-infra",
                    "--terraform-plan-file"),
            refused("./sam-local writes no configuration: put the parameters in samconfig.toml yourself (it reads"
                    + " [ENV.local_invoke.parameters], local_start_api, local_start_lambda).", "--save-params"),
            refused("there are no beta features.", "--beta-features"),
            refused("./sam-local has no debug log of its own; --parameter-overrides LogLevel=DEBUG (or LOG_LEVEL in"
                    + " --env-vars) turns on the functions' DEBUG lines.", "--debug"),
            refused("export AWS_REGION: the functions, their ARNs and the local event bus take it (else us-east-1).",
                    "--region"),
            refused("no AWS credentials are used: the functions get dummy ones, and the local DynamoDB and event bus check"
                    + " none.", "--profile"));

    /** What start-api and start-lambda refuse besides. */
    static final List<Usage.Refused> REFUSED_BY_SERVERS = List.of(
            refused(NO_CONTAINERS + "Every function stays warm after its first invocation, as with --warm-containers"
                    + " LAZY (each warm instance in its own class loader).", "--warm-containers"),
            refused("./sam-local reloads nothing unless --watch is given: leave --no-watch out.", "--no-watch"));

    private SamOptions() {
    }

    static Usage.Refused refused(String instead, String... names) {
        return new Usage.Refused(List.of(names), instead);
    }

    @SafeVarargs
    static List<Usage.Refused> refusals(List<Usage.Refused>... lists) {
        return Stream.of(lists).flatMap(List::stream).toList();
    }

    /** The template file the arguments name (-t), else the checkout's template.yaml. */
    static Path templateFile(Arguments arguments) {
        return arguments.value(TEMPLATE.name()).map(name -> Path.of(name).toAbsolutePath().normalize())
                .orElseGet(RepositoryRoot::template);
    }

    /** The template the arguments name, its parameters given their --parameter-overrides values. */
    static SamTemplate template(Arguments arguments) {
        Path file = templateFile(arguments);
        if (!Files.isRegularFile(file)) {
            throw new UsageException("template " + file + " does not exist");
        }
        try {
            return SamTemplate.load(file).withParameterOverrides(ParameterOverrides.parse(arguments.values(PARAMETER_OVERRIDES.name())));
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw new UsageException(SamLocal.firstLine(e.getMessage()));
        }
    }

    /** The directory each function's CodeUri is read from: the template's. */
    static Path codeRoot(SamTemplate template) {
        return template.file().toAbsolutePath().getParent();
    }

    /** The words of --debug-args as a shell splits them: on spaces outside quotes; quotes and backslashes removed. */
    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && i + 1 < text.length()) {
                    word.append(text.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else {
                word = word == null ? new StringBuilder() : word;
                if (c == '"' || c == '\'') {
                    quote = c;
                } else if (c == '\\' && i + 1 < text.length()) {
                    word.append(text.charAt(++i));
                } else {
                    word.append(c);
                }
            }
        }
        if (quote != 0) {
            throw new UsageException("--debug-args has an unclosed " + quote + ": " + text);
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }

    /** The --debug-port, if any, checked to be a port; --debug-args without it is an error. */
    static Optional<Integer> debugPort(Arguments arguments) {
        if (!arguments.flag(DEBUG_PORT.name())) {
            if (arguments.flag(DEBUG_ARGS.name())) {
                throw new UsageException("--debug-args are options of a debugged JVM: give -d/--debug-port too");
            }
            return Optional.empty();
        }
        int port = arguments.port(DEBUG_PORT.name(), 0);
        if (port == 0) {
            throw new UsageException("--debug-port needs a port number a debugger can attach to, not 0");
        }
        return Optional.of(port);
    }
}
