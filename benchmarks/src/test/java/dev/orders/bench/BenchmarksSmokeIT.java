package dev.orders.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.bench.Benchmarks.Section;
import dev.orders.localaws.RepositoryRoot;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * {@code ./sam-local bench --smallest} as a user runs it, after the function jars are packaged: every
 * section once at its smallest size. A harness that no longer matches the functions (a request the
 * baseline cannot make, a sample a handler no longer answers) fails the build rather than the next
 * measurement. What a user sees is checked, not the figures: each section printed its table, and the
 * command ended well.
 */
class BenchmarksSmokeIT {
    private static final long TIMEOUT_MINUTES = 10;

    @Test
    void everySectionPrintsItsTableAtItsSmallestSize() throws Exception {
        Path root = RepositoryRoot.locate();
        Path stderr = Files.createDirectories(Path.of("target", "bench-smoke")).resolve("stderr.log").toAbsolutePath();
        ProcessBuilder builder = new ProcessBuilder(root.resolve("sam-local").toString(), "bench", "--smallest")
                .directory(root.toFile()).redirectError(stderr.toFile());
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        // Maven is what runs this test: the jars are packaged already.
        builder.environment().put("SAM_LOCAL_NO_BUILD", "1");
        Process bench = builder.start();
        CompletableFuture<String> stdout = CompletableFuture.supplyAsync(() -> read(bench.getInputStream()));
        if (!bench.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
            bench.descendants().forEach(ProcessHandle::destroy);
            bench.destroy();
            throw new AssertionError("./sam-local bench --smallest did not finish in " + TIMEOUT_MINUTES
                    + " minutes; its stderr: " + stderr);
        }
        String report = stdout.join();
        System.out.println(report);
        assertEquals(0, bench.exitValue(), "./sam-local bench --smallest failed:\n" + Files.readString(stderr));
        for (Section section : Section.values()) {
            List<String> lines = linesOf(report, section);
            int rule = IntStream.range(0, lines.size()).filter(i -> lines.get(i).matches("\\|(---\\|)+")).findFirst()
                    .orElse(-1);
            assertTrue(rule >= 0 && rule + 1 < lines.size() && lines.get(rule + 1).startsWith("| "),
                    "no table of figures under \"" + section.title + "\":\n" + report);
        }
        assertEveryColdStartCountedItsClasses(linesOf(report, Section.COLDSTART));
    }

    /**
     * Section 1's second table: a row per sample's function and one for its baseline, each counting the classes its JVM loaded
     * to respond, in the columns of every origin; a function's include the JDK's from CDS, the SDK's, the logging's
     * and the project's.
     */
    private static void assertEveryColdStartCountedItsClasses(List<String> section) {
        int header = IntStream.range(0, section.size())
                .filter(i -> section.get(i).startsWith("| program | sample event | JDK (CDS) |")).findFirst().orElse(-1);
        assertTrue(header >= 0, "no class table in section 1:\n" + String.join("\n", section));
        List<String> columns = cells(section.get(header));
        List<List<String>> rows = section.subList(header + 2, section.size()).stream()
                .takeWhile(line -> line.startsWith("| ")).map(BenchmarksSmokeIT::cells).toList();
        assertEquals(2 * ColdStart.SAMPLES.size(), rows.size(), "each sample's function and its baseline:\n"
                + String.join("\n", section));
        for (List<String> row : rows) {
            assertEquals(columns.size(), row.size(), row.toString());
            int total = Integer.parseInt(row.get(columns.indexOf("total")));
            int sum = row.subList(2, row.size() - 1).stream().mapToInt(Integer::parseInt).sum();
            assertEquals(total, sum, "the origins add up to the total: " + row);
            List<String> loaded = row.get(0).equals("baseline") ? List.of("JDK (CDS)", "AWS SDK + HTTP client")
                    : List.of("JDK (CDS)", "AWS SDK + HTTP client", "logging", "project");
            for (String origin : loaded) {
                assertTrue(Integer.parseInt(row.get(columns.indexOf(origin))) > 0, origin + " in " + row);
            }
        }
    }

    private static List<String> cells(String row) {
        return List.of(row.substring(2, row.length() - 2).split(" \\| "));
    }

    /** The lines under the section's heading, up to the next heading. */
    private static List<String> linesOf(String report, Section section) {
        String heading = "## " + section.title + "\n";
        int start = report.indexOf(heading);
        assertTrue(start >= 0, "no heading \"" + section.title + "\":\n" + report);
        int end = report.indexOf("\n## ", start + heading.length());
        return report.substring(start + heading.length(), end < 0 ? report.length() : end).lines().toList();
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
