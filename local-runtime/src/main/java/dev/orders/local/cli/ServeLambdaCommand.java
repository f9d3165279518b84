package dev.orders.local.cli;

import dev.orders.local.UsageException;
import dev.orders.local.invoke.LocalInvokeApi;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.template.SamTemplate;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.concurrent.CountDownLatch;

/** {@code __serve-lambda}: start-lambda's functions JVM. Serves the Invoke API until it is stopped or the launcher goes. */
final class ServeLambdaCommand implements Command {
    static final String VERB = "__serve-lambda";

    @Override
    public int run(Arguments arguments) throws Exception {
        PrintStream stdout = ChildJvm.handlerLogsToStderr();
        SamTemplate template = SamTemplate.repository();
        LocalInvokeApi api = new LocalInvokeApi(template, RepositoryRoot.locate(), Launcher.region());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            api.close();
            stopped.countDown();
        }, "sam-local-stop"));
        String host = arguments.value("--host", "127.0.0.1");
        InetSocketAddress address;
        try {
            address = api.start(host, arguments.port(0));
        } catch (BindException e) {
            throw new UsageException("port " + arguments.port(0) + " on " + host + " is in use");
        }
        ServeCommand.startEventSources(template, arguments);
        ChildJvm.exitWhenParentGoes();
        ServeCommand.listening(stdout, host, address);
        stopped.await();
        return 0;
    }
}
