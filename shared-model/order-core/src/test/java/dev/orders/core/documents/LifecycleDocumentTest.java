package dev.orders.core.documents;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderStatus.Move;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/DATA-MODEL.md's lifecycle tables are the core's table, row for row, as a reader of the document sees them:
 * the build wrote them from the core (RegenerateDocuments) before this runs.
 */
class LifecycleDocumentTest {
    private static final Path DATA_MODEL = Path.of("..", "..", "docs", "DATA-MODEL.md");

    @Test
    void theDataModelsLifecycleTablesAreTheCoresTable() throws IOException {
        List<String> documented = tablesOf(section(Files.readAllLines(DATA_MODEL), "## Lifecycle"));
        List<String> expected = tablesOf(Stream.of(LifecycleTables.statuses(), LifecycleTables.moves())
                .flatMap(String::lines).toList());
        assertEquals(String.join("\n", expected), String.join("\n", documented),
                "docs/DATA-MODEL.md's lifecycle tables (./mvnw -pl shared-model/order-core process-test-classes writes them)");
        List<String> rows = documented.stream().filter(row -> row.startsWith("| `")).map(row -> row.split("`")[1]).toList();
        List<String> statusesThenMoves = new ArrayList<>(Arrays.stream(OrderStatus.values()).map(Enum::name).toList());
        statusesThenMoves.addAll(Arrays.stream(Move.values()).map(Enum::name).toList());
        assertEquals(statusesThenMoves, rows, "a row per status, then a row per move, in the core's order");
    }

    /** The lines of the section under {@code heading}, up to the next heading of any level. */
    private static List<String> section(List<String> lines, String heading) {
        int start = lines.indexOf(heading);
        if (start < 0) {
            throw new AssertionError("docs/DATA-MODEL.md has no heading " + heading);
        }
        List<String> section = new ArrayList<>();
        for (String line : lines.subList(start + 1, lines.size())) {
            if (line.startsWith("#")) {
                break;
            }
            section.add(line);
        }
        return section;
    }

    /** The table rows of {@code lines}, in order. */
    private static List<String> tablesOf(List<String> lines) {
        return lines.stream().filter(line -> line.startsWith("|")).toList();
    }
}
