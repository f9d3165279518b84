package dev.orders.local.lambda;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.local.lambda.fixtures.NeedsSnakeYaml;
import dev.orders.localaws.template.SamTemplate;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A function jar runs in its own class loader: what the jar lacks is missing, even if sam-local has it. */
class LambdaFunctionIsolationTest {

    @Test
    void aDependencyMissingFromTheJarFailsTheInitInsteadOfComingFromSamLocalsClasspath(@TempDir Path root) throws Exception {
        assertNotNull(new NeedsSnakeYaml().toString(), "on sam-local's own classpath the class works");
        String entry = NeedsSnakeYaml.class.getName().replace('.', '/') + ".class";
        Path jar = Files.createDirectories(root.resolve("functions/f/target")).resolve("f.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
             InputStream classFile = NeedsSnakeYaml.class.getClassLoader().getResourceAsStream(entry)) {
            out.putNextEntry(new JarEntry(entry));
            classFile.transferTo(out);
            out.closeEntry();
        }
        SamTemplate.Function function = new SamTemplate.Function("F", NeedsSnakeYaml.class.getName() + "::handleRequest",
                "functions/f/target/f.jar", List.of(), List.of(), List.of(), Map.of(), Duration.ofSeconds(3), 128);

        try (LambdaFunction lambda = new LambdaFunction(function, root)) {
            Exception failure = assertThrows(Exception.class,
                    () -> lambda.invoke("{}".getBytes(StandardCharsets.UTF_8), "request-1"));
            Throwable cause = failure;
            while (cause != null && !(cause instanceof NoClassDefFoundError)) {
                cause = cause.getCause();
            }
            assertNotNull(cause, "expected NoClassDefFoundError, got " + failure);
            assertTrue(cause.getMessage().contains("org/yaml/snakeyaml/Yaml"), cause.getMessage());
        }
    }
}
