package dev.orders.local.cli;

import dev.orders.local.lambda.FunctionEnvironment;
import dev.orders.localaws.ChildProcesses;
import dev.orders.localaws.RepositoryRoot;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The functions' JVM (__serve, __invoke): ./sam-local again, started by the launcher with the
 * functions' environment. Its stdout and stderr are the launcher's; its stdin is a pipe from the
 * launcher, so it exits when the launcher does, however that ends.
 */
final class ChildJvm {
    private static final Duration STOP_GRACE = Duration.ofSeconds(5);

    private ChildJvm() {
    }

    /** Runs {@code args} in a fresh JVM with {@code env} added to ours; returns its exit code. */
    static int run(Map<String, String> env, List<String> args, List<String> jvmOptions) throws Exception {
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
        Runtime.getRuntime().addShutdownHook(new Thread(() -> ChildProcesses.terminate(child, STOP_GRACE), "sam-local-stop-child"));
        try {
            return child.waitFor();
        } finally {
            ChildProcesses.terminate(child, STOP_GRACE);
        }
    }

    /** In the child: handlers log to stdout (Powertools' console appender), but stdout is for our own output. */
    static PrintStream handlerLogsToStderr() {
        PrintStream stdout = System.out;
        System.setOut(System.err);
        return stdout;
    }

    /** In the child: the launcher holds our stdin; its end means the launcher is gone (even by kill -9), so we go too. */
    static void exitWhenParentGoes() {
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
}
