package dev.orders.local.cli;

import dev.orders.local.UsageException;
import dev.orders.local.api.IssuerDiscovery;
import dev.orders.local.lambda.FunctionEnvironment;
import dev.orders.local.lambda.LambdaFunction;
import dev.orders.local.watch.WatchMode;
import dev.orders.localaws.Log;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.template.SamTemplate;
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
    // C1 only, as the template's JAVA_TOOL_OPTIONS run the functions in Lambda. Each warm instance
    // has its own class loader, so its own copy of the SDK to compile: C2 spent minutes of CPU on
    // eight copies and was still behind C1, which compiles each copy within a few hundred requests.
    private static final List<String> FUNCTIONS_JVM = List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
    /** What a --host beyond the loopback lets other machines do (see {@link NetworkExposure}). */
    static final String EXPOSED = "the HTTP API answers anyone who reaches it, its payment webhook any delivery signed"
            + " with WEBHOOK_SECRET (a fixed development value unless you set one), its other routes any token of the"
            + " issuer it trusts";

    @Override
    public int run(Arguments arguments) throws Exception {
        arguments.allow("--port", "--host", "--data-dir", "--seed", "--env-vars", "--events", JwtSettings.ISSUER_FLAG,
                JwtSettings.AUDIENCE_FLAG, ServeCommand.WATCH);
        SamTemplate template = SamTemplate.repository();
        JwtSettings jwt = JwtSettings.resolve(template, arguments, System::getenv);
        if (jwt.otherIssuer().isPresent() && arguments.flag("--seed")) {
            throw new UsageException("--seed writes through the routes with tokens of sam-local's own issuer, which "
                    + jwt.otherIssuer().get() + " does not accept; seed without " + JwtSettings.ISSUER_FLAG);
        }
        // As API Gateway reads the issuer's discovery document when the authorizer is made: fails here if it cannot.
        Optional<URI> jwksUri = jwt.otherIssuer().map(IssuerDiscovery.SYSTEM::jwksUri);
        List<String> options = new ArrayList<>(List.of(JwtSettings.AUDIENCE_FLAG, String.join(",", jwt.audience())));
        jwksUri.ifPresent(keys -> options.addAll(List.of(JwtSettings.ISSUER_FLAG, jwt.otherIssuer().get().toString(),
                ServeCommand.JWKS_URI, keys.toString())));
        if (arguments.flag("--seed")) {
            options.add("--seed");
        }
        return serveFunctions(arguments, template, "start-api", EXPOSED, ServeCommand.VERB, 3000, options);
    }

    /**
     * The launcher of start-api and start-lambda ({@code command}): checks the port, the functions' variables
     * and jars, warns if the host lets other machines do what {@code exposed} says, starts Dynoxide with
     * {@code template}'s table, then the functions' JVM running {@code verb} (with {@code verbOptions}), whose
     * environment is the functions' variables and the local endpoints.
     */
    static int serveFunctions(Arguments arguments, SamTemplate template, String command, String exposed, String verb,
                              int defaultPort, List<String> verbOptions) throws Exception {
        String host = arguments.value("--host", "127.0.0.1");
        int port = arguments.port(defaultPort);
        ensurePortFree(host, port);
        NetworkExposure.warning(command, host, exposed).ifPresent(Log.SAM_LOCAL::line);
        FunctionEnvironment environment = Launcher.environment(template);
        Map<String, String> union = environment.union(template.functions(), arguments.envVars(template));
        // Fails now, before anything starts, if a function jar (or, with --watch, a module) is not built.
        if (arguments.flag(ServeCommand.WATCH)) {
            WatchMode.check(template, RepositoryRoot.locate());
        } else {
            template.functions().forEach(f -> LambdaFunction.builtJar(f, RepositoryRoot.locate()));
        }
        // The local issuer's URL names the port, so "any free port" is chosen here, before the tokens are minted.
        int listenPort = port == 0 ? freePort(InetAddress.getByName(host)) : port;
        List<String> serve = new ArrayList<>(List.of(verb, "--host", host, "--port", Integer.toString(listenPort)));
        serve.addAll(verbOptions);
        if (arguments.flag(ServeCommand.WATCH)) {
            serve.add(ServeCommand.WATCH);
        }
        String dataDir = arguments.value("--data-dir", null);
        if (dataDir != null) {
            // Where the stream pollers keep their positions, beside Dynoxide's data.
            serve.addAll(List.of("--data-dir", Path.of(dataDir).toAbsolutePath().toString()));
        }
        // The event bus runs in the functions' JVM, beside the rules' targets; its port is chosen here, so
        // that the functions' environment (fixed when their JVM starts) can name it.
        int eventBusPort = freePort(InetAddress.getLoopbackAddress());
        serve.addAll(List.of(ServeCommand.EVENT_BUS_PORT, Integer.toString(eventBusPort)));
        Launcher.eventsFile(arguments).ifPresent(file -> serve.addAll(List.of("--events", file.toString())));
        return Launcher.withTable(arguments, template, dynamoDb -> {
            Map<String, String> env = new LinkedHashMap<>(union);
            env.putAll(environment.aws(dynamoDb.endpoint(), URI.create("http://127.0.0.1:" + eventBusPort)));
            return ChildJvm.run(env, serve, FUNCTIONS_JVM);
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
