package dev.orders.local.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.Context;
import dev.orders.local.lambda.fixtures.Echo;
import dev.orders.localaws.template.SamTemplate;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lambda's START, END and REPORT lines, in its formats, around every invocation of a function. */
class PlatformLinesTest {
    private static final String ID = "6d68ca91-49c9-448d-89b8-7ca3e6dc66aa";

    @Test
    void startAndEndNameTheRequestAndTheVersion() {
        assertEquals("START RequestId: " + ID + " Version: $LATEST\n", PlatformLines.start(ID));
        assertEquals("END RequestId: " + ID + "\n", PlatformLines.end(ID));
    }

    /** The figures of the Telemetry API's platform.report example: 693.92 ms is billed 694 ms. */
    @Test
    void aWarmReportHasTabSeparatedFieldsAndTheDurationBilledRoundedUpToTheMillisecond() {
        PlatformLines.Report report = new PlatformLines.Report(ID, Duration.ofNanos(693_920_000), Optional.empty(), 128, 84);

        assertEquals("REPORT RequestId: " + ID + "\tDuration: 693.92 ms\tBilled Duration: 694 ms\tMemory Size: 128 MB"
                + "\tMax Memory Used: 84 MB\t\n", report.line());
    }

    /** Since 1 August 2025 the init of an on-demand function is billed: 395.99 + 265.72 ms is billed 662 ms. */
    @Test
    void aColdReportEndsWithTheInitDurationWhichIsBilledToo() {
        PlatformLines.Report report = new PlatformLines.Report(ID, Duration.ofNanos(395_990_000),
                Optional.of(Duration.ofNanos(265_720_000)), 512, 301);

        assertEquals("REPORT RequestId: " + ID + "\tDuration: 395.99 ms\tBilled Duration: 662 ms\tMemory Size: 512 MB"
                + "\tMax Memory Used: 301 MB\tInit Duration: 265.72 ms\t\n", report.line());
    }

    @Test
    void anyFractionOfAMillisecondIsBilledAsAWholeOne() {
        PlatformLines.Report report = new PlatformLines.Report(ID, Duration.ofNanos(2_001_000), Optional.empty(), 1024, 90);

        assertTrue(report.line().contains("\tDuration: 2.00 ms\tBilled Duration: 3 ms\t"), report.line());
    }

    @Test
    void everyInvocationIsFramedByLambdasLinesOnStderrAndOnlyTheFirstReportsAnInit(@TempDir Path root) throws Exception {
        SamTemplate.Function function = new SamTemplate.Function("Echo", Echo.class.getName() + "::handleRequest",
                "functions/echo/target/echo.jar", List.of(), List.of(), List.of(), Map.of(), Duration.ofSeconds(3), 1024);
        jar(root.resolve(function.codeUri()));
        PrintStream original = System.err;
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        try (LambdaFunction lambda = new LambdaFunction(function, root)) {
            System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
            lambda.invoke("{}".getBytes(StandardCharsets.UTF_8), "request-1");
            lambda.invoke("{}".getBytes(StandardCharsets.UTF_8), "request-2");
        } finally {
            System.setErr(original);
        }

        List<String> lambdaLines = stderr.toString(StandardCharsets.UTF_8).lines()
                .filter(line -> !line.startsWith("[sam-local]")).toList();
        String report = "REPORT RequestId: %s\tDuration: \\d+\\.\\d\\d ms\tBilled Duration: \\d+ ms\tMemory Size: 1024 MB"
                + "\tMax Memory Used: [1-9]\\d* MB\t%s";
        assertEquals(6, lambdaLines.size(), lambdaLines.toString());
        assertEquals("START RequestId: request-1 Version: $LATEST", lambdaLines.get(0));
        assertEquals("END RequestId: request-1", lambdaLines.get(1));
        assertTrue(Pattern.matches(String.format(report, "request-1", "Init Duration: \\d+\\.\\d\\d ms\t"),
                lambdaLines.get(2)), lambdaLines.get(2));
        assertEquals("START RequestId: request-2 Version: $LATEST", lambdaLines.get(3));
        assertEquals("END RequestId: request-2", lambdaLines.get(4));
        assertTrue(Pattern.matches(String.format(report, "request-2", ""), lambdaLines.get(5)), lambdaLines.get(5));
    }

    /** The fixture handler and the Lambda Java core library it is built on, as a function's jar. */
    private static void jar(Path jar) throws Exception {
        Files.createDirectories(jar.getParent());
        String handler = Echo.class.getName().replace('.', '/') + ".class";
        Path core = Path.of(Context.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
             JarFile library = new JarFile(core.toFile());
             InputStream handlerClass = Echo.class.getClassLoader().getResourceAsStream(handler)) {
            out.putNextEntry(new JarEntry(handler));
            handlerClass.transferTo(out);
            for (JarEntry entry : library.stream().filter(e -> e.getName().endsWith(".class")).toList()) {
                out.putNextEntry(new JarEntry(entry.getName()));
                library.getInputStream(entry).transferTo(out);
            }
        }
    }
}
