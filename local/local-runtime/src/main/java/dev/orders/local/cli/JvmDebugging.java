package dev.orders.local.cli;

import dev.orders.local.UsageException;
import dev.orders.localaws.Log;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A JVM started for a debugger, as SAM CLI starts a Java function's container with -d (its _JAVA_OPTIONS in
 * samcli/local/docker/lambda_debug_settings.py): the JDK's debugger agent, JDWP over a socket, suspended until a
 * debugger attaches, quiet; then --debug-args. It listens on 127.0.0.1 only, where SAM CLI publishes the
 * container's port.
 */
record JvmDebugging(int port, List<String> debugArgs) {
    static final String HOST = "127.0.0.1";
    private static final long LISTEN_POLL_MILLIS = 50;

    JvmDebugging {
        debugArgs = List.copyOf(debugArgs);
    }

    /** -d and --debug-args of {@code arguments}, if -d is given. */
    static Optional<JvmDebugging> of(Arguments arguments) {
        return SamOptions.debugPort(arguments).map(port -> new JvmDebugging(port,
                SamOptions.words(arguments.value(SamOptions.DEBUG_ARGS.name(), ""))));
    }

    /** The debugged JVM's options. */
    List<String> jvmOptions() {
        List<String> options = new ArrayList<>();
        options.add("-agentlib:jdwp=transport=dt_socket,server=y,suspend=y,quiet=y,address=" + HOST + ":" + port);
        options.addAll(debugArgs);
        return options;
    }

    /** Refuses a port a debugger could not be given (taken), before anything starts. */
    void ensurePortFree() {
        if (!portFree()) {
            throw new UsageException("debug port " + port + " on " + HOST + " is in use");
        }
    }

    /**
     * Once {@code jvm}'s agent listens (its port can no longer be bound; nothing connects to it, which the agent would
     * take for its debugger), says what waits, and where to attach.
     */
    void announce(Process jvm, String what) throws InterruptedException {
        while (jvm.isAlive() && portFree()) {
            Thread.sleep(LISTEN_POLL_MILLIS);
        }
        Log.SAM_LOCAL.line(what + " waits for a debugger: attach one to " + HOST + ":" + port + " (JDWP)");
    }

    private boolean portFree() {
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(InetAddress.getByName(HOST), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
