package dev.orders.local.cli;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.local.UsageException;
import dev.orders.local.api.ConsoleFiles;
import dev.orders.local.api.IssuerDiscovery;
import dev.orders.local.api.LocalHttpApi;
import dev.orders.local.api.LocalIssuer;
import dev.orders.local.api.LocalJwtAuthorizer;
import dev.orders.local.api.OwnEndpoints;
import dev.orders.local.api.SeedData;
import dev.orders.local.lambda.FunctionCode;
import dev.orders.local.lambda.FunctionInvoker;
import dev.orders.local.lambda.LambdaFunction;
import dev.orders.local.schedules.ScheduleRunner;
import dev.orders.local.streams.LocalStreamPoller;
import dev.orders.local.watch.WatchMode;
import dev.orders.localaws.Log;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.events.LocalEventBus;
import dev.orders.localaws.template.CloudFormationYaml;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.localaws.template.ScheduleEvent;
import dev.orders.localaws.template.TemplateTable;
import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/** {@code __serve}: start-api's functions JVM. Serves the HTTP API until it is stopped or the launcher goes. */
final class ServeCommand implements Command {
    static final String VERB = "__serve";
    /** The port the launcher chose for the event bus, and gave the functions as AWS_ENDPOINT_URL_EVENTBRIDGE. */
    static final Option EVENT_BUS_PORT = Option.value("PORT", "The local event bus's port.", "--event-bus-port");
    /** The jwks_uri the launcher read from another issuer's discovery document (with --jwt-issuer). */
    static final Option JWKS_URI = Option.value("URL", "The trusted issuer's keys.", "--jwks-uri");
    /** The port of the Invoke API of --debug-function's own JVM, which runs that function's invocations. */
    static final Option DEBUGGED_PORT = Option.value("PORT", "The debugged function's JVM's Invoke API port.", "--debugged-port");
    /** What the functions' JVMs of start-api and start-lambda take from their launcher. */
    static final Usage.Section SERVING = new Usage.Section("Options", SamOptions.TEMPLATE, SamOptions.PARAMETER_OVERRIDES,
            SamOptions.HOST, StartApiCommand.port(0), SamOptions.DATA_DIR, SamOptions.EVENTS, SamOptions.WATCH, EVENT_BUS_PORT,
            SamOptions.DEBUG_FUNCTION, DEBUGGED_PORT);
    private static final Usage USAGE = Usage.ownCommand(VERB, "", "start-api's functions JVM, which start-api starts.",
            List.of(), List.of(SERVING, new Usage.Section("start-api", StartApiCommand.SEED, StartApiCommand.JWT_ISSUER,
                    StartApiCommand.JWT_AUDIENCE, JWKS_URI)));
    private static final String DYNAMODB_ENDPOINT = "AWS_ENDPOINT_URL_DYNAMODB";

    @Override
    public Usage usage() {
        return USAGE;
    }

    @Override
    public int run(Arguments arguments) throws Exception {
        PrintStream stdout = ChildJvm.handlerLogsToStderr();
        SamTemplate template = SamOptions.template(arguments);
        Map<String, FunctionInvoker> elsewhere = debugged(arguments);
        String host = arguments.value("--host", "127.0.0.1");
        JwtSettings jwt = new JwtSettings(Optional.ofNullable(arguments.value(JwtSettings.ISSUER_FLAG, null)).map(URI::create),
                JwtSettings.list(arguments.value(JwtSettings.AUDIENCE_FLAG, LocalIssuer.DEFAULT_AUDIENCE)));
        Optional<LocalIssuer> ownIssuer = jwt.otherIssuer().isPresent() ? Optional.empty()
                : Optional.of(jwt.localIssuer(LocalIssuer.url(host, arguments.port(0))));
        LocalJwtAuthorizer authorizer = ownIssuer.map(issuer -> LocalJwtAuthorizer.of(issuer, Clock.systemUTC()))
                .orElseGet(() -> LocalJwtAuthorizer.remote(jwt.otherIssuer().get(), jwt.audience(),
                        URI.create(arguments.value(JWKS_URI.name(), "")), IssuerDiscovery.SYSTEM, Clock.systemUTC()));
        Optional<WatchMode> watch = watchMode(template, arguments);
        FunctionCode code = functionCode(template, watch);
        Path consoleBuild = RepositoryRoot.locate().resolve(ConsoleFiles.BUILT);
        ConsoleFiles console = ownIssuer.map(issuer -> ConsoleFiles.withOwnIssuer(consoleBuild, issuer.issuer()))
                .orElseGet(() -> ConsoleFiles.withOtherIssuer(consoleBuild, jwt.otherIssuer().get(),
                        template.parameterValue(ConsoleFiles.CLIENT_ID_PARAMETER).filter(id -> !id.isBlank()),
                        template.parameterValue(ConsoleFiles.SCOPE_PARAMETER).orElse(String.join(" ", LocalIssuer.SCOPES))));
        List<OwnEndpoints> ownEndpoints = new ArrayList<>();
        ownIssuer.ifPresent(issuer -> ownEndpoints.add(issuer.endpoints()));
        ownEndpoints.add(console);
        LocalHttpApi api = new LocalHttpApi(template, code, authorizer, ownEndpoints);
        elsewhere.forEach(api::serveElsewhere);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            api.close();
            watch.ifPresent(WatchMode::close);
            stopped.countDown();
        }, "sam-local-stop"));
        InetSocketAddress address;
        try {
            address = api.start(host, arguments.port(0));
        } catch (BindException e) {
            throw new UsageException("port " + arguments.port(0) + " on " + host + " is in use");
        }
        if (ownIssuer.isPresent()) {
            LocalIssuer issuer = ownIssuer.get();
            Log.SAM_LOCAL.line("JWT issuer " + issuer.issuer() + " (sam-local's own; discovery at " + issuer.issuer()
                    + LocalIssuer.DISCOVERY_PATH + "), audience " + String.join(",", issuer.audience())
                    + "; ./sam-local token mints its tokens, and the console signs in at its page");
            if (arguments.flag(StartApiCommand.SEED.name())) {
                Log.SAM_LOCAL.line(new SeedData(api, issuer).writeIfAbsent() ? "seeded the catalogue, customers c-ada, c-grace, c-alan and their orders"
                        : "seed skipped: customer c-ada already exists");
            }
            Log.SAM_LOCAL.line("bearer tokens for this run (12 h): customer c-ada: "
                    + issuer.mint("c-ada", List.of(), Duration.ofHours(12)) + " ; administrator: "
                    + issuer.mint("ops-admin", List.of("orders:admin"), Duration.ofHours(12)));
        } else {
            Log.SAM_LOCAL.line("JWT issuer " + jwt.otherIssuer().get() + " (keys from " + arguments.value(JWKS_URI.name(), "")
                    + "), audience " + String.join(",", jwt.audience()) + "; its own tokens only");
        }
        Log.SAM_LOCAL.line("console at " + LocalIssuer.url(host, address.getPort()) + ConsoleFiles.PATH + (console.built()
                ? "" : " (not built: ./mvnw -pl console -am verify)"));
        startEventSources(template, arguments, code, elsewhere);
        if (watch.isPresent()) {
            watch.get().start();
        }
        ChildJvm.exitWhenParentGoes();
        listening(stdout, host, address);
        stopped.await();
        return 0;
    }

    /** --debug-function's function, run by its own JVM's Invoke API on --debugged-port; none without it. */
    static Map<String, FunctionInvoker> debugged(Arguments arguments) {
        return arguments.value(SamOptions.DEBUG_FUNCTION.name()).<Map<String, FunctionInvoker>>map(logicalId -> Map.of(
                logicalId, new DebuggedFunction(logicalId, arguments.port(DEBUGGED_PORT.name(), 0)))).orElse(Map.of());
    }

    /** --watch: the functions run from their modules' classes, recompiled when a source is saved. */
    static Optional<WatchMode> watchMode(SamTemplate template, Arguments arguments) throws IOException {
        return arguments.flag(SamOptions.WATCH.name())
                ? Optional.of(WatchMode.prepare(template, SamOptions.codeRoot(template))) : Optional.empty();
    }

    /** Where the functions' classes come from: watch mode's, else each function's jar. */
    static FunctionCode functionCode(SamTemplate template, Optional<WatchMode> watch) {
        return watch.map(WatchMode::code).orElseGet(() -> FunctionCode.jars(SamOptions.codeRoot(template)));
    }

    /**
     * What runs beside the functions in their JVM, under start-api and start-lambda alike: the event bus with
     * the template's rule targets, the table's stream fed to its functions, and the template's schedules (to those in
     * {@code elsewhere} through their own JVM); stopped when the JVM stops.
     */
    static void startEventSources(SamTemplate template, Arguments arguments, FunctionCode code,
                                  Map<String, FunctionInvoker> elsewhere) {
        Optional<Path> eventsFile = arguments.value(SamOptions.EVENTS.name()).map(Path::of);
        LocalEventBus eventBus = LocalEventBus.start(Launcher.region(), eventsFile,
                arguments.port(EVENT_BUS_PORT.name(), 0), template.eventBuses(), ruleTargets(template, code, elsewhere));
        Launcher.announce(eventBus, eventsFile);
        List<LocalStreamPoller> pollers = streamPollers(template, arguments, code, elsewhere);
        ScheduleRunner schedules = new ScheduleRunner(ScheduleEvent.all(template), schedule -> target(template
                .function(schedule.function()).orElseThrow(), code, elsewhere), Launcher.region(), Clock.systemUTC(),
                ScheduleRunner.Timer.system(Clock.systemUTC())).start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            schedules.close();
            pollers.forEach(LocalStreamPoller::close);
            eventBus.close();
        }, "sam-local-streams"));
    }

    /** The one line on stdout: what the launcher's caller waits for. */
    static void listening(PrintStream stdout, String host, InetSocketAddress address) {
        stdout.println("Listening on http://" + host + ":" + address.getPort());
        stdout.flush();
    }

    /** The function as a target of an event source: its own JVM's, or an instance of its own here. */
    private static LocalStreamPoller.Target target(SamTemplate.Function function, FunctionCode code,
                                                   Map<String, FunctionInvoker> elsewhere) {
        FunctionInvoker invoker = elsewhere.get(function.logicalId());
        return invoker != null ? invoker::invoke : code.instances(function, 1)::invoke;
    }

    /** Every function's {@code EventBridgeRule} event, as a subscription of the bus that invokes the function. */
    private static List<LocalEventBus.Subscription> ruleTargets(SamTemplate template, FunctionCode code,
                                                                Map<String, FunctionInvoker> elsewhere) {
        List<LocalEventBus.Subscription> subscriptions = new ArrayList<>();
        for (SamTemplate.Function function : template.functions()) {
            for (SamTemplate.RuleEvent rule : function.rules()) {
                LocalStreamPoller.Target target = target(function, code, elsewhere);
                subscriptions.add(new LocalEventBus.Subscription(function.logicalId() + "." + rule.event(), rule.bus(),
                        rule.pattern(), event -> {
                            try {
                                target.invoke(JSON.std.asBytes(event), LambdaFunction.newRequestId());
                            } catch (Exception e) {
                                Log.SAM_LOCAL.line(function.logicalId() + " failed on event " + event.get("id") + ": " + e);
                            }
                        }));
            }
        }
        return subscriptions;
    }

    /**
     * A poller per function event on the orders table's stream (the publisher's), as Lambda's event source
     * mapping would run it; its positions are kept under --data-dir.
     */
    private static List<LocalStreamPoller> streamPollers(SamTemplate template, Arguments arguments, FunctionCode code,
                                                         Map<String, FunctionInvoker> elsewhere) {
        URI endpoint = URI.create(System.getenv(DYNAMODB_ENDPOINT));
        String region = System.getenv().getOrDefault("AWS_REGION", "us-east-1");
        Optional<Path> dataDir = arguments.value(SamOptions.DATA_DIR.name()).map(Path::of);
        DynamoDbClient dynamoDb = LocalDynamoDb.clientBuilder(endpoint).build();
        DynamoDbStreamsClient streams = DynamoDbStreamsClient.builder().endpointOverride(endpoint)
                .region(Region.of(region))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .httpClient(UrlConnectionHttpClient.create()).build();
        List<LocalStreamPoller> pollers = new ArrayList<>();
        for (SamTemplate.Function function : template.functions()) {
            for (SamTemplate.StreamEvent source : function.streams()) {
                if (!new CloudFormationYaml.Intrinsic("GetAtt", TemplateTable.ORDERS_TABLE + ".StreamArn").equals(source.stream())) {
                    Log.SAM_LOCAL.line(function.logicalId() + "." + source.event() + " reads a stream sam-local does not have: skipped");
                    continue;
                }
                pollers.add(new LocalStreamPoller(function, source, target(function, code, elsewhere),
                        dynamoDb, streams, SamLocal.TABLE_NAME, region, dataDir, Clock.systemUTC()).start());
                Log.SAM_LOCAL.line(function.logicalId() + " reads the table's stream (" + source.event() + ")");
            }
        }
        return pollers;
    }
}
