package dev.orders.local.cli;

import dev.orders.local.UsageException;
import dev.orders.local.lambda.FunctionEnvironment;
import dev.orders.localaws.ChildProcesses;
import dev.orders.localaws.Log;
import dev.orders.localaws.OwnerOnly;
import dev.orders.localaws.RepositoryRoot;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The functions' JVM (__serve, __serve-lambda, __invoke): ./sam-local again, started by the launcher with the
 * functions' environment. Its stdout and stderr are the launcher's (or --log-file's, see {@link Output}); its stdin
 * is a pipe from the launcher, so it exits when the launcher does, however that ends.
 */
final class ChildJvm {
    private static final Duration STOP_GRACE = Duration.ofSeconds(5);

    private ChildJvm() {
    }

    /**
     * Where a child's stdout and stderr go: the launcher's (the terminal), or, for --log-file, a file the launcher
     * made anew and owner-only (it holds the run's tokens), which takes its stderr (the functions' logs; the launcher's own lines stay on the terminal) and, for
     * invoke, its stdout (the response), as SAM CLI writes both to the log file.
     */
    record Output(ProcessBuilder.Redirect stdout, ProcessBuilder.Redirect stderr) {
        static final Output TERMINAL = new Output(ProcessBuilder.Redirect.INHERIT, ProcessBuilder.Redirect.INHERIT);

        /** The --log-file's, made anew now; {@code withStdout}: the response goes there too. */
        static Output logFile(Path file, boolean withStdout) {
            try {
                OwnerOnly.truncate(file);
            } catch (IOException e) {
                throw new UsageException("--log-file " + file + " cannot be written: " + SamLocal.firstLine(e.toString()));
            }
            Log.SAM_LOCAL.line("the functions' output goes to " + file.toAbsolutePath());
            ProcessBuilder.Redirect append = ProcessBuilder.Redirect.appendTo(file.toFile());
            return new Output(withStdout ? append : ProcessBuilder.Redirect.INHERIT, append);
        }
    }

    /** Runs {@code args} in a fresh JVM whose environment is {@code env} (see {@link FunctionEnvironment#replace}); returns its exit code. */
    static int run(Map<String, String> env, List<String> args, List<String> jvmOptions, Output output) throws Exception {
        return await(start(env, args, jvmOptions, output));
    }

    /** Starts {@code args} in a fresh JVM whose environment is {@code env}; it is stopped when this JVM stops. */
    static Process start(Map<String, String> env, List<String> args, List<String> jvmOptions, Output output) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ChildProcesses.javaExecutable());
        command.addAll(jvmOptions);
        command.add("-D" + RepositoryRoot.PROPERTY + "=" + RepositoryRoot.locate());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(SamLocal.class.getName());
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(output.stdout()).redirectError(output.stderr());
        FunctionEnvironment.replace(builder.environment(), env);
        Process child = builder.start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> ChildProcesses.terminate(child, STOP_GRACE), "sam-local-stop-child"));
        return child;
    }

    /** Waits for {@code child} to end; returns its exit code. */
    static int await(Process child) throws InterruptedException {
        try {
            return child.waitFor();
        } finally {
            ChildProcesses.terminate(child, STOP_GRACE);
        }
    }

    /** Stops {@code child} (SIGTERM, then SIGKILL after a grace period). */
    static void stop(Process child) {
        ChildProcesses.terminate(child, STOP_GRACE);
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
