package dev.orders.core.order;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.core.order.OrderStatus.Move;
import dev.orders.core.order.OrderStatus.Requirement;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * docs/DATA-MODEL.md's lifecycle tables are the core's table, row for row: on a new status or move this test
 * fails with the tables to paste.
 */
class LifecycleDocumentTest {
    private static final Path DATA_MODEL = Path.of("..", "docs", "DATA-MODEL.md");

    @Test
    void theDataModelsLifecycleTablesAreTheCoresTable() throws IOException {
        List<String> documented = tablesOf(section(Files.readAllLines(DATA_MODEL), "## Lifecycle"));
        List<String> expected = new ArrayList<>(statusTable());
        expected.addAll(moveTable());
        assertEquals(String.join("\n", expected), String.join("\n", documented),
                "docs/DATA-MODEL.md's lifecycle tables should read:\n" + String.join("\n", expected) + "\n");
    }

    private static List<String> statusTable() {
        List<String> rows = new ArrayList<>(List.of("| status | a capture there | its lines |", "|---|---|---|"));
        for (OrderStatus status : OrderStatus.values()) {
            String capture = status.awaitsPayment() ? "pays it (awaits payment)"
                    : "payment issue `" + status.captureIssue().orElseThrow() + "`";
            String lines = status.isOpenForItemChanges() ? "added and removed"
                    : status.isInFulfillment() ? "picked, shipped, cancelled" : "frozen";
            rows.add("| " + code(status) + " | " + capture + " | " + lines + " |");
        }
        return rows;
    }

    private static List<String> moveTable() {
        List<String> rows = new ArrayList<>(List.of("| move | from | to | by | requires | writes |",
                "|---|---|---|---|---|---|"));
        for (Move move : Move.values()) {
            List<String> by = new ArrayList<>(Arrays.stream(Role.values()).filter(move.by().roles()::contains)
                    .map(role -> role.name().toLowerCase(Locale.ROOT).replace('_', ' ')).toList());
            if (move.by().lines()) {
                by.add("the order following its lines");
            }
            String requires = Arrays.stream(Requirement.values()).filter(move::requires)
                    .map(requirement -> requirement.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", "));
            rows.add("| " + code(move) + " | " + move.from().stream().map(LifecycleDocumentTest::code)
                    .collect(Collectors.joining(", ")) + " | " + code(move.to()) + " | " + String.join(", ", by) + " | "
                    + (requires.isEmpty() ? "nothing" : requires) + " | `" + move.writes().eventType() + "` |");
        }
        return rows;
    }

    private static String code(Enum<?> constant) {
        return "`" + constant.name() + "`";
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
