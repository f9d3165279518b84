package dev.orders.local.cli;

import dev.orders.local.UsageException;
import dev.orders.local.invoke.LocalInvokeApi;
import dev.orders.local.lambda.FunctionCode;
import dev.orders.local.lambda.FunctionInvoker;
import dev.orders.local.watch.WatchMode;
import dev.orders.localaws.template.SamTemplate;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/**
 * {@code __serve-lambda}: start-lambda's functions JVM, and --debug-function's own JVM (then without the event
 * sources, which the shared JVM runs). Serves the Invoke API until it is stopped or the launcher goes.
 */
final class ServeLambdaCommand implements Command {
    static final String VERB = "__serve-lambda";
    /** In --debug-function's JVM: no event bus, no stream pollers; the shared JVM has them. */
    static final Option WITHOUT_EVENT_SOURCES = Option.flag("Serve the Invoke API only.", "--without-event-sources");
    private static final Usage USAGE = Usage.ownCommand(VERB, "", "start-lambda's functions JVM, which start-lambda"
            + " starts.", List.of(), List.of(ServeCommand.SERVING, new Usage.Section("start-lambda", WITHOUT_EVENT_SOURCES)));

    @Override
    public Usage usage() {
        return USAGE;
    }

    @Override
    public int run(Arguments arguments) throws Exception {
        PrintStream stdout = ChildJvm.handlerLogsToStderr();
        SamTemplate template = SamOptions.template(arguments);
        Map<String, FunctionInvoker> elsewhere = ServeCommand.debugged(arguments);
        Optional<WatchMode> watch = ServeCommand.watchMode(template, arguments);
        FunctionCode code = ServeCommand.functionCode(template, watch);
        LocalInvokeApi api = new LocalInvokeApi(template, code, Launcher.region());
        elsewhere.forEach(api::serveElsewhere);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            api.close();
            watch.ifPresent(WatchMode::close);
            stopped.countDown();
        }, "sam-local-stop"));
        String host = arguments.value(SamOptions.HOST.name(), "127.0.0.1");
        InetSocketAddress address;
        try {
            address = api.start(host, arguments.port(0));
        } catch (BindException e) {
            throw new UsageException("port " + arguments.port(0) + " on " + host + " is in use");
        }
        if (!arguments.flag(WITHOUT_EVENT_SOURCES.name())) {
            ServeCommand.startEventSources(template, arguments, code, elsewhere);
        }
        if (watch.isPresent()) {
            watch.get().start();
        }
        ChildJvm.exitWhenParentGoes();
        ServeCommand.listening(stdout, host, address);
        stopped.await();
        return 0;
    }
}
