package dev.orders.local.cli;

import com.fasterxml.jackson.jr.ob.JSON;
import com.fasterxml.jackson.jr.ob.JSONObjectException;
import dev.orders.local.ChildProcesses;
import dev.orders.local.Log;
import dev.orders.local.RepositoryRoot;
import dev.orders.local.UsageException;
import dev.orders.local.api.HttpApiEvents;
import dev.orders.local.api.LocalHttpApi;
import dev.orders.local.api.LocalJwtAuthorizer;
import dev.orders.local.api.Seed;
import dev.orders.local.dynamodb.LocalDynamoDb;
import dev.orders.local.lambda.FunctionEnvironment;
import dev.orders.local.lambda.LambdaFunction;
import dev.orders.local.template.SamTemplate;
import dev.orders.local.template.TemplateTable;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;

/**
 * {@code ./sam-local}: the SAM CLI's local workflow with only a JDK. DynamoDB Local runs as a child
 * process; each function runs from its built jar ({@link LambdaFunction}).
 *
 * <p>Environment: a handler reads its configuration with System.getenv, which is one per process.
 * So the process that starts DynamoDB Local (the launcher) computes the environment and starts the
 * functions' JVM with it: for {@code start-api} the union of all functions' variables (they must
 * agree), for {@code invoke} exactly that function's.
 */
public final class SamLocal {
    /** The local table's name: what {@code !Ref OrdersTable} resolves to. */
    public static final String TABLE_NAME = "orders-local";
    private static final String SERVE = "__serve";
    private static final String INVOKE_HERE = "__invoke";
    private static final String USAGE = "usage: ./sam-local start-api [--port 3000] [--host 127.0.0.1] [--data-dir DIR] [--seed]"
            + " [--env-vars FILE] | invoke FunctionLogicalId -e EVENT.json [--env-vars FILE] [--data-dir DIR]"
            + " | generate-event 'METHOD /path' | token SUBJECT [SCOPE ...] [--hours 12]";

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

    static int run(List<String> args) throws Exception {
        if (args.isEmpty()) {
            throw new UsageException(USAGE);
        }
        Options options = Options.parse(args.subList(1, args.size()));
        switch (args.get(0)) {
            case "start-api":
                return startApi(options);
            case "invoke":
                return invoke(options);
            case "generate-event":
                return generateEvent(options);
            case "token":
                return token(options);
            case SERVE:
                return serve(options);
            case INVOKE_HERE:
                return invokeHere(options);
            case "-h":
            case "--help":
            case "help":
                System.out.println(USAGE);
                return 0;
            default:
                throw new UsageException("unknown verb '" + args.get(0) + "'; " + USAGE);
        }
    }

    // ---- start-api: the launcher, then the functions' JVM (__serve) ----

    private static int startApi(Options options) throws Exception {
        options.allow("--port", "--host", "--data-dir", "--seed", "--env-vars");
        String host = options.value("--host", "127.0.0.1");
        int port = options.port();
        ensurePortFree(host, port);
        SamTemplate template = SamTemplate.repository();
        FunctionEnvironment environment = environment(template);
        Map<String, String> union = environment.union(template.functions(), options.envVars(template));
        // Fails now, before anything starts, if a function jar is not built.
        template.functions().forEach(f -> new LambdaFunction(f, RepositoryRoot.locate()));
        List<String> serve = new ArrayList<>(List.of(SERVE, "--host", host, "--port", Integer.toString(port)));
        if (options.flag("--seed")) {
            serve.add("--seed");
        }
        String jwtSecret = jwtSecret(union);
        return withTable(options, dynamoDb -> {
            Map<String, String> env = new LinkedHashMap<>(union);
            env.putAll(environment.aws(dynamoDb.endpoint()));
            env.put(LocalJwtAuthorizer.SECRET_VARIABLE, jwtSecret);
            // C1 only, as the template's JAVA_TOOL_OPTIONS run the functions in Lambda. Each warm instance
            // has its own class loader, so its own copy of the SDK to compile: C2 spent minutes of CPU on
            // eight copies and was still behind C1, which compiles each copy within a few hundred requests.
            return runChild(env, serve, List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
        });
    }

    /** The secret of the local authorizer: LOCAL_JWT_SECRET, else one made for this run and shown once. */
    private static String jwtSecret(Map<String, String> env) {
        String secret = env.getOrDefault(LocalJwtAuthorizer.SECRET_VARIABLE,
                System.getenv(LocalJwtAuthorizer.SECRET_VARIABLE));
        if (secret != null && !secret.isBlank()) {
            return secret;
        }
        byte[] random = new byte[LocalJwtAuthorizer.MIN_SECRET_BYTES];
        new SecureRandom().nextBytes(random);
        secret = HexFormat.of().formatHex(random);
        Log.SAM_LOCAL.line(LocalJwtAuthorizer.SECRET_VARIABLE + " is not set; this run's tokens are signed with " + secret
                + " (export it to mint your own, see README)");
        return secret;
    }

    private static int serve(Options options) throws Exception {
        PrintStream stdout = handlerLogsToStderr();
        SamTemplate template = SamTemplate.repository();
        LocalJwtAuthorizer tokens = LocalJwtAuthorizer.fromEnvironment(System.getenv(), Clock.systemUTC());
        LocalHttpApi api = new LocalHttpApi(template, RepositoryRoot.locate(), tokens);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            api.close();
            stopped.countDown();
        }, "sam-local-stop"));
        InetSocketAddress address;
        String host = options.value("--host", "127.0.0.1");
        try {
            address = api.start(host, options.port());
        } catch (BindException e) {
            throw new UsageException("port " + options.port() + " on " + host + " is in use");
        }
        if (options.flag("--seed")) {
            Log.SAM_LOCAL.line(new Seed(api, tokens).run() ? "seeded customers c-ada, c-grace, c-alan and their orders"
                    : "seed skipped: customer c-ada already exists");
        }
        Log.SAM_LOCAL.line("bearer tokens for this run (12 h): customer c-ada: "
                + tokens.mint("c-ada", List.of(), Duration.ofHours(12)) + " ; administrator: "
                + tokens.mint("ops-admin", List.of("orders:admin"), Duration.ofHours(12)));
        exitWhenParentGoes();
        stdout.println("Listening on http://" + host + ":" + address.getPort());
        stdout.flush();
        stopped.await();
        return 0;
    }

    // ---- invoke: the launcher, then one function in a fresh JVM (__invoke) ----

    private static int invoke(Options options) throws Exception {
        options.allow("-e", "--event", "--env-vars", "--data-dir");
        SamTemplate template = SamTemplate.repository();
        SamTemplate.Function function = function(template, options.positional(0, "FunctionLogicalId"));
        Path event = eventFile(options);
        Map<String, String> functionEnv = environment(template)
                .of(function, options.envVars(template).getOrDefault(function.logicalId(), Map.of()));
        new LambdaFunction(function, RepositoryRoot.locate()); // the jar is built, or a usage error
        return withTable(options, dynamoDb -> {
            Map<String, String> env = new LinkedHashMap<>(functionEnv);
            env.putAll(environment(template).aws(dynamoDb.endpoint()));
            env.put("AWS_LAMBDA_FUNCTION_NAME", function.logicalId());
            return runChild(env, List.of(INVOKE_HERE, function.logicalId(), event.toAbsolutePath().toString()),
                    List.of("-XX:+UseSerialGC"));
        });
    }

    private static int invokeHere(Options options) throws Exception {
        PrintStream stdout = handlerLogsToStderr();
        SamTemplate template = SamTemplate.repository();
        SamTemplate.Function function = function(template, options.positional(0, "FunctionLogicalId"));
        byte[] event = Files.readAllBytes(Path.of(options.positional(1, "event file")));
        LambdaFunction lambda = new LambdaFunction(function, RepositoryRoot.locate());
        try {
            stdout.write(lambda.invoke(event, HttpApiEvents.requestId()));
            stdout.println();
            return 0;
        } catch (UsageException e) {
            throw e;
        } catch (Exception e) {
            // What Lambda returns for an unhandled exception (or an Error in the handler's init).
            Throwable thrown = e instanceof java.lang.reflect.InvocationTargetException && e.getCause() != null ? e.getCause() : e;
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("errorMessage", String.valueOf(thrown.getMessage()));
            error.put("errorType", thrown.getClass().getName());
            stdout.println(JSON.std.asString(error));
            Log.SAM_LOCAL.line(function.logicalId() + " failed: " + thrown);
            return 1;
        } finally {
            stdout.flush();
            lambda.close();
        }
    }

    // ---- generate-event ----

    /** A bearer token for start-api's authorizer, signed with LOCAL_JWT_SECRET: what a client sends. */
    private static int token(Options options) {
        options.allow("--hours");
        if (options.positionals().isEmpty()) {
            throw new UsageException("token needs a subject (the customer id), e.g. ./sam-local token c-ada");
        }
        if (System.getenv(LocalJwtAuthorizer.SECRET_VARIABLE) == null) {
            throw new UsageException(LocalJwtAuthorizer.SECRET_VARIABLE + " is not set; export the same value "
                    + "start-api runs with");
        }
        Duration lifetime;
        try {
            lifetime = Duration.ofHours(Long.parseLong(options.value("--hours", "12")));
        } catch (NumberFormatException e) {
            throw new UsageException("--hours takes a whole number");
        }
        List<String> args = options.positionals();
        System.out.println(LocalJwtAuthorizer.fromEnvironment(System.getenv(), Clock.systemUTC())
                .mint(args.get(0), args.subList(1, args.size()), lifetime));
        return 0;
    }

    private static int generateEvent(Options options) throws IOException {
        options.allow();
        String route = String.join(" ", options.positionals()).trim();
        if (route.isEmpty()) {
            throw new UsageException("generate-event needs a route, e.g. 'POST /customers/c-1/orders'");
        }
        String[] parts = route.split("\\s+", 2);
        if (parts.length < 2) {
            throw new UsageException("a route is METHOD /path, e.g. 'GET /orders', not '" + route + "'");
        }
        String method = parts[0].toUpperCase(java.util.Locale.ROOT);
        HttpApiEvents.Routes routes = new HttpApiEvents.Routes(SamTemplate.repository());
        Map<String, Object> event;
        java.util.Optional<HttpApiEvents.Match> byKey = routes.byKey(method + " " + parts[1]);
        if (byKey.isPresent()) {
            event = HttpApiEvents.sample(byKey.get());
        } else {
            String path = parts[1].split("\\?", 2)[0];
            String query = parts[1].contains("?") ? parts[1].split("\\?", 2)[1] : "";
            HttpApiEvents.Match match = routes.match(method, path)
                    .orElseThrow(() -> new UsageException("no route of template.yaml matches '" + route + "'"));
            Map<String, Object> sample = HttpApiEvents.sample(match);
            event = HttpApiEvents.event(new HttpApiEvents.Request(method, path, query,
                    Map.of("accept", List.of("application/json"), "user-agent", List.of("sam-local"),
                            "content-type", List.of("application/json")),
                    sample.containsKey("body") ? "{}".getBytes(StandardCharsets.UTF_8) : new byte[0],
                    "127.0.0.1", "HTTP/1.1", "localhost:3000"), match, java.time.Instant.now(), java.util.Optional.empty());
        }
        System.out.println(JSON.std.with(JSON.Feature.PRETTY_PRINT_OUTPUT).asString(event));
        return 0;
    }

    // ---- shared ----

    /** A function of the template, or a usage error naming the ones there are. */
    static SamTemplate.Function function(SamTemplate template, String logicalId) {
        return template.function(logicalId).orElseThrow(() -> new UsageException("unknown function '" + logicalId
                + "'; the template has " + template.functions().stream().map(SamTemplate.Function::logicalId)
                .collect(Collectors.joining(", "))));
    }


    private static FunctionEnvironment environment(SamTemplate template) {
        return new FunctionEnvironment(template, TemplateTable.ORDERS_TABLE, TABLE_NAME, System::getenv);
    }

    private interface WithTable {
        int run(LocalDynamoDb dynamoDb) throws Exception;
    }

    /** DynamoDB Local (in memory, or under --data-dir) with the template's table, for the length of {@code body}. */
    private static int withTable(Options options, WithTable body) throws Exception {
        LocalDynamoDb.Options dbOptions = LocalDynamoDb.Options.defaults();
        String dataDir = options.value("--data-dir", null);
        if (dataDir != null) {
            dbOptions = dbOptions.withDataDir(Path.of(dataDir).toAbsolutePath());
        }
        try (LocalDynamoDb dynamoDb = LocalDynamoDb.launch(dbOptions)) {
            boolean created = TemplateTable.load(RepositoryRoot.template(), TemplateTable.ORDERS_TABLE)
                    .createIfAbsent(dynamoDb.client(), TABLE_NAME);
            Log.SAM_LOCAL.line("table " + TABLE_NAME + (created ? " created from template.yaml" : " already exists (kept)")
                    + " at " + dynamoDb.endpoint());
            return body.run(dynamoDb);
        }
    }

    /**
     * This same class in a fresh JVM with {@code env} added to ours. Its stdout and stderr are
     * ours; its stdin is a pipe from us, so it exits when we do, however we end.
     */
    private static int runChild(Map<String, String> env, List<String> args, List<String> jvmOptions) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(ChildProcesses.javaExecutable());
        command.addAll(jvmOptions);
        command.add("-D" + RepositoryRoot.PROPERTY + "=" + RepositoryRoot.locate());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(SamLocal.class.getName());
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.INHERIT)
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        Map<String, String> childEnv = builder.environment();
        FunctionEnvironment.JVM_ONLY.forEach(childEnv::remove);
        childEnv.putAll(env);
        Process child = builder.start();
        Thread stopChild = new Thread(() -> ChildProcesses.terminate(child, Duration.ofSeconds(5)), "sam-local-stop-child");
        Runtime.getRuntime().addShutdownHook(stopChild);
        try {
            return child.waitFor();
        } finally {
            ChildProcesses.terminate(child, Duration.ofSeconds(5));
        }
    }

    /** The launcher holds our stdin; end of input means it is gone (even by kill -9), so we go too. */
    private static void exitWhenParentGoes() {
        Thread watchdog = new Thread(() -> {
            try {
                InputStream in = System.in;
                while (in.read() != -1) {
                    // Nothing is ever sent; only the end matters.
                }
            } catch (IOException e) {
                // Same as end of input.
            }
            System.exit(0);
        }, "sam-local-parent-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    /** Handlers log to stdout (Powertools' console appender); here stdout is for our own output only. */
    private static PrintStream handlerLogsToStderr() {
        PrintStream stdout = System.out;
        System.setOut(System.err);
        return stdout;
    }

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

    private static Path eventFile(Options options) {
        String name = options.value("-e", options.value("--event", null));
        if (name == null) {
            throw new UsageException("invoke needs an event: -e events/<function>/<file>.json");
        }
        Path file = Path.of(name);
        if (!Files.isRegularFile(file)) {
            throw new UsageException("event file " + name + " does not exist");
        }
        try {
            if (!(JSON.std.anyFrom(Files.readAllBytes(file)) instanceof Map)) {
                throw new UsageException("event file " + name + " is not a JSON object");
            }
        } catch (IOException e) {
            throw new UsageException("event file " + name + " is not valid JSON: " + firstLine(e.getMessage()));
        }
        return file;
    }

    private static String firstLine(String text) {
        return text == null ? "" : text.lines().findFirst().orElse("");
    }

    /** Flags ("--seed"), options with a value ("--port 3000"), and the rest in order. */
    private record Options(Map<String, String> values, List<String> positionals) {
        private static final java.util.Set<String> FLAGS = java.util.Set.of("--seed");

        static Options parse(List<String> args) {
            Map<String, String> values = new HashMap<>();
            List<String> positionals = new ArrayList<>();
            for (int i = 0; i < args.size(); i++) {
                String arg = args.get(i);
                if (arg.startsWith("-") && arg.length() > 1) {
                    if (FLAGS.contains(arg)) {
                        values.put(arg, "true");
                    } else if (i + 1 < args.size()) {
                        values.put(arg, args.get(++i));
                    } else {
                        throw new UsageException(arg + " needs a value");
                    }
                } else {
                    positionals.add(arg);
                }
            }
            return new Options(values, positionals);
        }

        void allow(String... names) {
            List<String> allowed = List.of(names);
            values.keySet().stream().filter(name -> !allowed.contains(name)).findFirst().ifPresent(name -> {
                throw new UsageException("unknown option " + name + "; " + USAGE);
            });
        }

        String value(String name, String fallback) {
            return values.getOrDefault(name, fallback);
        }

        boolean flag(String name) {
            return values.containsKey(name);
        }

        int port() {
            String text = value("--port", "3000");
            try {
                int port = Integer.parseInt(text);
                if (port < 0 || port > 65535) {
                    throw new NumberFormatException();
                }
                return port;
            } catch (NumberFormatException e) {
                throw new UsageException("--port must be a port number, not '" + text + "'");
            }
        }

        String positional(int index, String what) {
            if (index >= positionals.size()) {
                throw new UsageException("missing " + what + "; " + USAGE);
            }
            return positionals.get(index);
        }

        Map<String, Map<String, String>> envVars(SamTemplate template) {
            String file = value("--env-vars", null);
            if (file == null) {
                return Map.of();
            }
            try {
                return FunctionEnvironment.overridesFrom(JSON.std.mapFrom(Files.readAllBytes(Path.of(file))), template.functions());
            } catch (JSONObjectException e) {
                throw new UsageException("--env-vars " + file + " is not a JSON object: " + firstLine(e.getMessage()));
            } catch (IOException e) {
                throw new UsageException("--env-vars " + file + " cannot be read: " + firstLine(e.getMessage()));
            }
        }
    }
}
