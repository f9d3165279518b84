package dev.orders.dynamodblocal;

import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;

import java.io.IOException;
import java.io.InputStream;

/**
 * Entry point for DynamoDB Local when it runs as a child process of a test JVM.
 *
 * <p>The parent keeps our stdin open as a pipe. When the parent exits for any reason -- even
 * {@code kill -9}, where its shutdown hooks never run -- the operating system closes that pipe,
 * we read EOF and exit. Without this an orphaned server would keep its port and memory until
 * someone noticed.
 */
public final class ParentWatchdogLauncher {

    private ParentWatchdogLauncher() {
    }

    public static void main(String[] args) throws Exception {
        Thread watchdog = new Thread(ParentWatchdogLauncher::exitWhenStdinCloses, "parent-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        ServerRunner.main(args);
    }

    private static void exitWhenStdinCloses() {
        byte[] buffer = new byte[256];
        try (InputStream in = System.in) {
            while (in.read(buffer) >= 0) {
                // Anything the parent writes is ignored; only EOF matters.
            }
        } catch (IOException e) {
            // A broken pipe means the same thing as EOF: the parent is gone.
        }
        System.exit(0);
    }
}
