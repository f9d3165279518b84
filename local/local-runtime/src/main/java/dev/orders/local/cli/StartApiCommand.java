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
import static dev.orders.local.cli.SamOptions.refused;

import dev.orders.local.UsageException;
import dev.orders.local.api.IssuerDiscovery;
import dev.orders.local.lambda.FunctionEnvironment;
import dev.orders.local.lambda.LambdaFunction;
import dev.orders.local.schedules.ScheduleRunner;
import dev.orders.local.watch.WatchMode;
import dev.orders.localaws.Log;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.localaws.template.ScheduleEvent;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code start-api}: the template's HTTP API on a local port. This JVM is the launcher; the API runs
 * in the functions' JVM ({@link ServeCommand}), with all functions' variables, which must agree.
 * start-lambda's launcher is this one too ({@link #serveFunctions}).
 */
final class StartApiCommand implements Command {
    static final Option SEED = Option.flag("Load a small data set through the routes: the catalogue, customers c-ada,"
            + " c-grace, c-alan and their orders (skipped if c-ada exists).", "--seed");
    static final Option JWT_ISSUER = Option.value("URL", "Trust this OpenID Connect issuer's tokens instead of"
            + " sam-local's own issuer (env SAM_LOCAL_JWT_ISSUER; else the template's JwtIssuer).", JwtSettings.ISSUER_FLAG);
    static final Option JWT_AUDIENCE = Option.value("AUD", "The audiences (comma-separated) a token must name (env"
            + " SAM_LOCAL_JWT_AUDIENCE; else the template's JwtAudience, else sam-local).", JwtSettings.AUDIENCE_FLAG);
    static final Usage USAGE = Usage.samCommand("start-api", "", "Serves every route of the template's HTTP API on a"
                    + " local port, as sam local start-api does, with API Gateway's JWT authorizer and answers; beside"
                    + " them the operations console at /console/ and, unless told to trust another, sam-local's own"
                    + " OpenID Connect issuer, where the console signs in; feeds"
                    + " the table's stream to its functions and runs the template's schedules (ScheduleV2, Schedule) at"
                    + " their times, which sam local does not. It prints \"Listening on http://HOST:PORT\" when ready;"
                    + " Ctrl-C stops it. All functions run in one JVM, each warm instance in its own class loader.",
            List.of("./sam-local start-api --parameter-overrides LogLevel=DEBUG -d 5005 --debug-function CreateOrderFunction"),
            List.of(new Usage.Section("Template Options", TEMPLATE, PARAMETER_OVERRIDES),
                    new Usage.Section("Container Options", HOST, port(3000), ENV_VARS, DEBUG_PORT, DEBUG_ARGS, DEBUG_FUNCTION),
                    new Usage.Section("Artifact Location Options", LOG_FILE),
                    CONFIGURATION,
                    new Usage.Section("sam-local Options", DATA_DIR, EVENTS, WATCH, SEED, JWT_ISSUER, JWT_AUDIENCE)),
            SamOptions.refusals(SamOptions.REFUSED, SamOptions.REFUSED_BY_SERVERS, List.of(
                    refused("start-api serves the template's routes, its issuer and the console (/console/) only: serve other"
                            + " static files with another server.",
                            "-s", "--static-dir"),
                    refused("the template has no Lambda authorizer, and its JWT authorizer always runs, as API Gateway's:"
                            + " ./sam-local token mints a token it accepts, --jwt-issuer trusts another issuer.",
                            "--disable-authorizer"),
                    refused("start-api serves plain HTTP: put a TLS proxy in front of it.", "--ssl-cert-file",
                            "--ssl-key-file"))));
    // C1 only, as the template's JAVA_TOOL_OPTIONS run the functions in Lambda. Each warm instance
    // has its own class loader, so its own copy of the SDK to compile: C2 spent minutes of CPU on
    // eight copies and was still behind C1, which compiles each copy within a few hundred requests.
    private static final List<String> FUNCTIONS_JVM = List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
    /** What a --host beyond the loopback lets other machines do (see {@link NetworkExposure}). */
    static final String EXPOSED = "the HTTP API answers anyone who reaches it, its payment webhooks any delivery signed"
            + " with WEBHOOK_SECRET or STRIPE_WEBHOOK_SECRET (fixed development values unless you set them), its other routes any token of the"
            + " issuer it trusts";

    /** SAM CLI's -p/--port, whose default is the command's. */
    static Option port(int port) {
        return Option.value("INTEGER", "Local port number to listen on (default: " + port + "; 0 picks a free one).",
                "-p", "--port");
    }

    @Override
    public Usage usage() {
        return USAGE;
    }

    @Override
    public int run(Arguments arguments) throws Exception {
        arguments.atMostPositionals(0);
        SamTemplate template = SamOptions.template(arguments);
        JwtSettings jwt = JwtSettings.resolve(template, arguments, System::getenv);
        if (jwt.otherIssuer().isPresent() && arguments.flag(SEED.name())) {
            throw new UsageException("--seed writes through the routes with tokens of sam-local's own issuer, which "
                    + jwt.otherIssuer().get() + " does not accept; seed without " + JwtSettings.ISSUER_FLAG);
        }
        // As API Gateway reads the issuer's discovery document when the authorizer is made: fails here if it cannot.
        Optional<URI> jwksUri = jwt.otherIssuer().map(IssuerDiscovery.SYSTEM::jwksUri);
        List<String> options = new ArrayList<>(List.of(JwtSettings.AUDIENCE_FLAG, String.join(",", jwt.audience())));
        jwksUri.ifPresent(keys -> options.addAll(List.of(JwtSettings.ISSUER_FLAG, jwt.otherIssuer().get().toString(),
                ServeCommand.JWKS_URI.name(), keys.toString())));
        if (arguments.flag(SEED.name())) {
            options.add(SEED.name());
        }
        return serveFunctions(arguments, template, "start-api", EXPOSED, ServeCommand.VERB, 3000, options);
    }

    /**
     * The launcher of start-api and start-lambda ({@code command}): checks the ports, the functions' variables
     * and jars, warns if the host lets other machines do what {@code exposed} says, starts Dynoxide with
     * {@code template}'s table, then the functions' JVM running {@code verb} (with {@code verbOptions}), whose
     * environment is the functions' variables and the local endpoints; with --debug-function, that function's JVM
     * besides, under JDWP.
     */
    static int serveFunctions(Arguments arguments, SamTemplate template, String command, String exposed, String verb,
                              int defaultPort, List<String> verbOptions) throws Exception {
        String host = arguments.value(HOST.name(), "127.0.0.1");
        int port = arguments.port(defaultPort);
        ensurePortFree(host, port);
        Optional<JvmDebugging> debugging = JvmDebugging.of(arguments);
        Optional<SamTemplate.Function> debugged = arguments.value(DEBUG_FUNCTION.name())
                .map(name -> Arguments.function(template, name));
        if (debugged.isPresent() && debugging.isEmpty()) {
            throw new UsageException("--debug-function names the function to debug: give -d/--debug-port too");
        }
        debugging.ifPresent(JvmDebugging::ensurePortFree);
        try {
            // A schedule EventBridge would refuse (an expression, a time zone, an Input) is refused before anything starts.
            ScheduleRunner.check(ScheduleEvent.all(template));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        NetworkExposure.warning(command, host, exposed).ifPresent(Log.SAM_LOCAL::line);
        FunctionEnvironment environment = Launcher.environment(template);
        Map<String, Map<String, String>> envVars = arguments.envVars(template);
        // The debugged function runs with its own variables, in its own JVM; the others share one.
        List<SamTemplate.Function> shared = template.functions().stream()
                .filter(f -> debugged.map(d -> !d.logicalId().equals(f.logicalId())).orElse(true)).toList();
        Map<String, String> union = environment.union(shared, envVars);
        // Fails now, before anything starts, if a function jar (or, with --watch, a module) is not built.
        boolean watch = arguments.flag(WATCH.name());
        if (watch) {
            WatchMode.check(template, SamOptions.codeRoot(template));
        } else {
            template.functions().forEach(f -> LambdaFunction.builtJar(f, SamOptions.codeRoot(template)));
        }
        // The local issuer's URL names the port, so "any free port" is chosen here, before the tokens are minted.
        int listenPort = port == 0 ? freePort(InetAddress.getByName(host)) : port;
        List<String> serve = new ArrayList<>(List.of(verb, TEMPLATE.name(), template.file().toString(),
                HOST.name(), host, "--port", Integer.toString(listenPort)));
        serve.addAll(verbOptions);
        if (watch) {
            serve.add(WATCH.name());
        }
        // The functions' JVM reads the template as this one does: with the stack's parameters (the HTTP API's CORS).
        List<String> overrides = arguments.values(PARAMETER_OVERRIDES.name());
        if (!overrides.isEmpty()) {
            serve.add(PARAMETER_OVERRIDES.name());
            serve.addAll(overrides);
        }
        arguments.value(DATA_DIR.name()).ifPresent(dataDir ->
                // Where the stream pollers keep their positions, beside Dynoxide's data.
                serve.addAll(List.of(DATA_DIR.name(), Path.of(dataDir).toAbsolutePath().toString())));
        // The event bus runs in the functions' JVM, beside the rules' targets; its port is chosen here, so
        // that the functions' environment (fixed when their JVM starts) can name it.
        int eventBusPort = freePort(InetAddress.getLoopbackAddress());
        serve.addAll(List.of(ServeCommand.EVENT_BUS_PORT.name(), Integer.toString(eventBusPort)));
        Launcher.eventsFile(arguments).ifPresent(file -> serve.addAll(List.of(EVENTS.name(), file.toString())));
        int debuggedPort = debugged.isPresent() ? freePort(InetAddress.getLoopbackAddress()) : 0;
        debugged.ifPresent(function -> serve.addAll(List.of(DEBUG_FUNCTION.name(), function.logicalId(),
                ServeCommand.DEBUGGED_PORT.name(), Integer.toString(debuggedPort))));
        ChildJvm.Output output = arguments.value(LOG_FILE.name()).map(file -> ChildJvm.Output.logFile(Path.of(file), false))
                .orElse(ChildJvm.Output.TERMINAL);
        return Launcher.withTable(arguments, template, dynamoDb -> {
            Map<String, String> aws = environment.aws(dynamoDb.endpoint(), URI.create("http://127.0.0.1:" + eventBusPort));
            List<String> jvm = new ArrayList<>(FUNCTIONS_JVM);
            Optional<Process> debuggedJvm = Optional.empty();
            if (debugged.isPresent()) {
                SamTemplate.Function function = debugged.get();
                Map<String, String> env = new LinkedHashMap<>(environment.of(function,
                        envVars.getOrDefault(function.logicalId(), Map.of())));
                env.putAll(aws);
                List<String> debugJvm = new ArrayList<>(jvm);
                debugJvm.addAll(debugging.get().jvmOptions());
                List<String> serveOne = new ArrayList<>(List.of(ServeLambdaCommand.VERB, TEMPLATE.name(),
                        template.file().toString(), HOST.name(), JvmDebugging.HOST, "--port", Integer.toString(debuggedPort),
                        ServeLambdaCommand.WITHOUT_EVENT_SOURCES.name()));
                if (watch) {
                    serveOne.add(WATCH.name());
                }
                // Its one line on stdout, "Listening on", is not the user's: start-api's is.
                debuggedJvm = Optional.of(ChildJvm.start(env, serveOne, debugJvm,
                        new ChildJvm.Output(ProcessBuilder.Redirect.DISCARD, output.stderr())));
                debugging.get().announce(debuggedJvm.get(), function.logicalId() + "'s own JVM (the other functions serve at once)");
            } else {
                debugging.ifPresent(debug -> jvm.addAll(debug.jvmOptions()));
            }
            Map<String, String> env = new LinkedHashMap<>(union);
            env.putAll(aws);
            Process functions = ChildJvm.start(env, serve, jvm, output);
            if (debugged.isEmpty() && debugging.isPresent()) {
                debugging.get().announce(functions, "the functions' JVM (" + command + " listens once it attached)");
            }
            debuggedJvm.ifPresent(jvmOfOne -> jvmOfOne.onExit().thenRun(() -> {
                if (functions.isAlive()) {
                    Log.SAM_LOCAL.line(debugged.get().logicalId() + "'s JVM ended (exit code " + jvmOfOne.exitValue()
                            + "): " + command + " stops");
                    ChildJvm.stop(functions);
                }
            }));
            try {
                return ChildJvm.await(functions);
            } finally {
                debuggedJvm.ifPresent(ChildJvm::stop);
            }
        });
    }

    private static int freePort(InetAddress address) throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 0, address)) {
            return socket.getLocalPort();
        }
    }

    /** A taken port is a one-line usage error now, not a failure after Dynoxide has started. */
    private static void ensurePortFree(String host, int port) {
        if (port == 0) {
            return;
        }
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(InetAddress.getByName(host), port));
        } catch (IOException e) {
            throw new UsageException("port " + port + " on " + host + " is in use (or not bindable: " + e.getMessage() + ")");
        }
    }
}
