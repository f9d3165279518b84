package dev.orders.local.invoke;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

/**
 * The log of one invocation, for {@code X-Amz-Log-Type: Tail}: what the invoking thread writes to stdout and
 * stderr while it runs (written on as ever): the handler's lines, between the START line and the END and REPORT
 * lines that {@link dev.orders.local.lambda.LambdaFunction} writes. All functions share one JVM, so the invoking
 * thread is what tells one invocation's lines from another's.
 */
final class InvocationLogs {
    /** Lambda returns the last 4 KB of the log. */
    static final int TAIL_BYTES = 4 * 1024;
    private static final ThreadLocal<ByteArrayOutputStream> CAPTURED = new ThreadLocal<>();

    private InvocationLogs() {
    }

    /** Once per JVM, before any handler runs: stdout and stderr copy what a captured invocation's thread writes. */
    static synchronized void install() {
        if (!(System.out instanceof CopyingStream)) {
            System.setOut(new CopyingStream(System.out));
            System.setErr(new CopyingStream(System.err));
        }
    }

    /** What runs while this thread's lines are kept. */
    interface Invocation<T> {
        T run();
    }

    /** The invocation's result, and its log's last 4 KB in base64, as {@code X-Amz-Log-Result} carries it. */
    record Logged<T>(T result, String tail) {
    }

    static <T> Logged<T> capture(Invocation<T> invocation) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CAPTURED.set(log);
        T result;
        try {
            result = invocation.run();
        } finally {
            CAPTURED.remove();
        }
        byte[] bytes = log.toByteArray();
        byte[] tail = Arrays.copyOfRange(bytes, Math.max(0, bytes.length - TAIL_BYTES), bytes.length);
        return new Logged<>(result, Base64.getEncoder().encodeToString(tail));
    }

    /** A stream that writes on, and also keeps what the thread of a captured invocation writes. */
    private static final class CopyingStream extends PrintStream {
        CopyingStream(PrintStream target) {
            super(new OutputStream() {
                @Override
                public void write(int b) {
                    target.write(b);
                    ByteArrayOutputStream log = CAPTURED.get();
                    if (log != null) {
                        log.write(b);
                    }
                }

                @Override
                public void write(byte[] bytes, int offset, int length) {
                    target.write(bytes, offset, length);
                    ByteArrayOutputStream log = CAPTURED.get();
                    if (log != null) {
                        log.write(bytes, offset, length);
                    }
                }

                @Override
                public void flush() {
                    target.flush();
                }
            }, true, StandardCharsets.UTF_8);
        }
    }
}
