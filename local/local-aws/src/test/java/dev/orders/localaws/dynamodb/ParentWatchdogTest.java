package dev.orders.localaws.dynamodb;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Shutdown hooks do not run on kill -9; the server must still go away, because its stdin pipe
 * closes with the parent and the watching shell job then stops it.
 */
class ParentWatchdogTest {

    @Test
    void serverExitsWhenItsParentIsKilledHard() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path log = Files.createDirectories(Path.of("target")).resolve("watchdog-probe.log");
        Process parent = new ProcessBuilder(List.of(java.toString(),
                "-cp", System.getProperty("java.class.path"),
                "-D" + DynoxideProcess.BINARY_PROPERTY + "=" + DynoxideProcess.locateBinary(),
                WatchdogProbe.class.getName()))
                .redirectError(log.toFile())
                .start();
        ProcessHandle server = null;
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(parent.getInputStream(), StandardCharsets.UTF_8));
            for (String line; (line = out.readLine()) != null; ) {
                if (line.startsWith("SERVER_PID=")) {
                    server = ProcessHandle.of(Long.parseLong(line.substring("SERVER_PID=".length()))).orElseThrow();
                    break;
                }
            }
            assertNotNull(server, "probe did not start a server; see " + log.toAbsolutePath());
            assertTrue(server.isAlive());

            parent.destroyForcibly(); // SIGKILL: no shutdown hooks
            assertTrue(parent.waitFor(10, TimeUnit.SECONDS));

            server.onExit().get(15, TimeUnit.SECONDS);
            assertFalse(server.isAlive());
        } finally {
            parent.destroyForcibly();
            if (server != null) {
                server.destroyForcibly();
            }
        }
    }
}
