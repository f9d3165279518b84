package dev.orders.core.documents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.order.PaymentIssueKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * docs/EVENTS.md says when each payment issue kind is recorded: that is prose a person writes, so the table is
 * not generated, but it has a row for every kind of the core and no other.
 */
class EventsDocumentTest {
    private static final Path EVENTS = Path.of("..", "..", "docs", "EVENTS.md");
    private static final String KINDS = "| kind | when |";

    @Test
    void theEventsDocumentSaysWhenEachPaymentIssueKindOfTheCoreIsRecorded() throws IOException {
        List<String> lines = Files.readAllLines(EVENTS);
        int header = lines.indexOf(KINDS);
        assertTrue(header >= 0, "docs/EVENTS.md has no table " + KINDS);
        Set<String> described = lines.subList(header + 2, lines.size()).stream().takeWhile(line -> line.startsWith("| `"))
                .map(row -> row.split("`")[1]).collect(Collectors.toCollection(TreeSet::new));
        Set<String> kinds = Arrays.stream(PaymentIssueKind.values()).map(Enum::name).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(kinds, described, "the kinds docs/EVENTS.md's table (" + KINDS + ") describes");
    }
}
