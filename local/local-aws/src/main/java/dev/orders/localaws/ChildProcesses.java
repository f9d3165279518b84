package dev.orders.localaws;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** The processes this runtime starts as children: Dynoxide, and the functions' JVM of ./sam-local. */
public final class ChildProcesses {
    private ChildProcesses() {
    }

    /** This JVM's own java, so that a child runs on the same Java. */
    public static String javaExecutable() {
        Path bin = Path.of(System.getProperty("java.home"), "bin");
        Path java = bin.resolve("java");
        return Files.isExecutable(java) ? java.toString() : bin.resolve("java.exe").toString();
    }

    /** SIGTERM, then SIGKILL if the process is still there after {@code grace}. */
    public static void terminate(Process process, Duration grace) {
        process.destroy();
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
