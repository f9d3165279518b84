package dev.orders.local.cli;

import dev.orders.local.UsageException;
import dev.orders.local.invoke.LocalInvokeApi;
import dev.orders.local.lambda.FunctionCode;
import dev.orders.local.watch.WatchMode;
import dev.orders.localaws.template.SamTemplate;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/** {@code __serve-lambda}: start-lambda's functions JVM. Serves the Invoke API until it is stopped or the launcher goes. */
final class ServeLambdaCommand implements Command {
    static final String VERB = "__serve-lambda";

    @Override
    public int run(Arguments arguments) throws Exception {
        PrintStream stdout = ChildJvm.handlerLogsToStderr();
        SamTemplate template = SamTemplate.repository();
        Optional<WatchMode> watch = ServeCommand.watchMode(template, arguments);
        FunctionCode code = ServeCommand.functionCode(watch);
        LocalInvokeApi api = new LocalInvokeApi(template, code, Launcher.region());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            api.close();
            watch.ifPresent(WatchMode::close);
            stopped.countDown();
        }, "sam-local-stop"));
        String host = arguments.value("--host", "127.0.0.1");
        InetSocketAddress address;
        try {
            address = api.start(host, arguments.port(0));
        } catch (BindException e) {
            throw new UsageException("port " + arguments.port(0) + " on " + host + " is in use");
        }
        ServeCommand.startEventSources(template, arguments, code);
        if (watch.isPresent()) {
            watch.get().start();
        }
        ChildJvm.exitWhenParentGoes();
        ServeCommand.listening(stdout, host, address);
        stopped.await();
        return 0;
    }
}
