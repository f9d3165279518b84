package dev.orders.localaws.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.orders.localaws.RepositoryRoot;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * local/dynoxide/install, the build's step that installs the engine, when it cannot: each failure is one clear
 * message that names the cause and the ways around it, and the build stops (exit 1) rather than hang.
 */
class DynoxideInstallTest {
    private static final Path SCRIPT = RepositoryRoot.locate().resolve("local/dynoxide/install");
    /** What the script runs besides npm; a PATH of only these has no npm. */
    private static final List<String> TOOLS = List.of("bash", "uname", "mktemp", "tar", "awk", "grep", "rm", "mkdir",
            "cp", "mv", "chmod", "ln", "head", "tail", "tr", "cat", "env");

    @TempDir
    Path dir;

    @Test
    void withoutNpmTheBuildStopsAndSaysHowElseToGetAnEngine() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        for (String tool : TOOLS) {
            Path found = onPath(tool);
            Files.createSymbolicLink(bin.resolve(tool), found);
        }

        Result result = install(Map.of("PATH", bin.toString()));

        assertEquals(1, result.exitCode(), result.output());
        assertTrue(result.output().contains("npm is not on the PATH"), result.output());
        assertAlternativesNamed(result.output());
    }

    @Test
    void anUnreachableRegistryIsNamedAndTheBuildStopsInSeconds() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }

        Result result = install(Map.of("npm_config_registry", "http://127.0.0.1:" + closed + "/"));

        assertEquals(1, result.exitCode(), result.output());
        assertTrue(result.output().contains("the npm registry (http://127.0.0.1:" + closed + "/) could not be reached"),
                result.output());
        assertAlternativesNamed(result.output());
    }

    @Test
    void aRegistryWithoutABuildForThisMachineIsNamed() throws Exception {
        HttpServer registry = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        registry.createContext("/", exchange -> {
            byte[] body = "{\"error\":\"Not found\"}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(404, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        registry.start();
        try {
            String url = "http://127.0.0.1:" + registry.getAddress().getPort() + "/";

            Result result = install(Map.of("npm_config_registry", url));

            assertEquals(1, result.exitCode(), result.output());
            assertTrue(result.output().contains(url + " has no @dynoxide/"), result.output());
            assertTrue(result.output().contains("no Dynoxide build of this version is published there"), result.output());
            assertAlternativesNamed(result.output());
        } finally {
            registry.stop(0);
        }
    }

    @Test
    void aBinaryOfYourOwnIsUsedWhenDynoxideBinNamesIt() throws Exception {
        Path own = DynoxideProcess.locateBinary();

        Result result = install(Map.of("DYNOXIDE_BIN", own.toString()));

        assertEquals(0, result.exitCode(), result.output());
        assertEquals(own.toRealPath(), dir.resolve("dest/dynoxide").toRealPath());
    }

    @Test
    void aDynoxideBinThatIsNoDynoxideStopsTheBuild() throws Exception {
        Path fake = Files.writeString(dir.resolve("fake"), "#!/bin/sh\nexit 3\n");
        fake.toFile().setExecutable(true);

        Result result = install(Map.of("DYNOXIDE_BIN", fake.toString()));

        assertEquals(1, result.exitCode(), result.output());
        assertTrue(result.output().contains("does not answer --version as Dynoxide does"), result.output());
        assertFalse(Files.exists(dir.resolve("dest/dynoxide")));
    }

    private static void assertAlternativesNamed(String output) {
        assertTrue(output.contains("DYNOXIDE_BIN=/path/to/dynoxide"), output);
        assertTrue(output.contains("DYNAMODB_ENDPOINT=http://host:port"), output);
    }

    private Result install(Map<String, String> env) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(onPath("bash").toString(), SCRIPT.toString(), "1.2.1",
                dir.resolve("dest").toString()));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        // A clean slate: no endpoint or Docker to fall back on, npm's cache of its own, no user config.
        builder.environment().remove("DYNAMODB_ENDPOINT");
        builder.environment().remove("DYNOXIDE_BIN");
        builder.environment().put("npm_config_cache", dir.resolve("npm-cache").toString());
        builder.environment().put("npm_config_userconfig", dir.resolve("npmrc").toString());
        builder.environment().put("DOCKER_HOST", "unix://" + dir.resolve("no-docker.sock"));
        builder.environment().putAll(env);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "install did not end within 60 s: " + output);
        return new Result(process.exitValue(), output);
    }

    private static Path onPath(String tool) {
        for (String entry : System.getenv("PATH").split(java.io.File.pathSeparator)) {
            Path candidate = Path.of(entry, tool);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException(tool + " is not on the PATH");
    }

    private record Result(int exitCode, String output) {
    }
}
