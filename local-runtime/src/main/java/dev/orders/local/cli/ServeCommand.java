package dev.orders.local.cli;

import dev.orders.local.Log;
import dev.orders.local.RepositoryRoot;
import dev.orders.local.UsageException;
import dev.orders.local.api.LocalHttpApi;
import dev.orders.local.api.LocalJwtAuthorizer;
import dev.orders.local.api.SeedData;
import dev.orders.local.template.SamTemplate;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/** {@code __serve}: start-api's functions JVM. Serves the HTTP API until it is stopped or the launcher goes. */
final class ServeCommand implements Command {
    static final String VERB = "__serve";

    @Override
    public int run(Arguments arguments) throws Exception {
        PrintStream stdout = ChildJvm.handlerLogsToStderr();
        SamTemplate template = SamTemplate.repository();
        LocalJwtAuthorizer tokens = LocalJwtAuthorizer.fromEnvironment(System.getenv(), Clock.systemUTC());
        LocalHttpApi api = new LocalHttpApi(template, RepositoryRoot.locate(), tokens);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            api.close();
            stopped.countDown();
        }, "sam-local-stop"));
        String host = arguments.value("--host", "127.0.0.1");
        InetSocketAddress address;
        try {
            address = api.start(host, arguments.port());
        } catch (BindException e) {
            throw new UsageException("port " + arguments.port() + " on " + host + " is in use");
        }
        if (arguments.flag("--seed")) {
            Log.SAM_LOCAL.line(new SeedData(api, tokens).writeIfAbsent() ? "seeded the catalogue, customers c-ada, c-grace, c-alan and their orders"
                    : "seed skipped: customer c-ada already exists");
        }
        Log.SAM_LOCAL.line("bearer tokens for this run (12 h): customer c-ada: "
                + tokens.mint("c-ada", List.of(), Duration.ofHours(12)) + " ; administrator: "
                + tokens.mint("ops-admin", List.of("orders:admin"), Duration.ofHours(12)));
        ChildJvm.exitWhenParentGoes();
        // The one line on stdout: what the launcher's caller waits for.
        stdout.println("Listening on http://" + host + ":" + address.getPort());
        stdout.flush();
        stopped.await();
        return 0;
    }
}
