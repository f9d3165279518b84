package dev.orders.core.documents;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generation on a copy of the repository's documents, which the build regenerated before these tests ran:
 * a stale list in the copy is written back to what the repository holds, an up-to-date document is not written.
 */
class RegenerateDocumentsTest {
    private static final Path ROOT = Path.of("..", "..");
    private static final Path OPENAPI = Path.of("docs", "openapi.yaml");
    private static final Path LINE_STATUS_CHANGED = Path.of("docs", "events", "OrderLineStatusChanged.schema.json");
    private static final Path DATA_MODEL = Path.of("docs", "DATA-MODEL.md");
    private static final Path EVENTS = Path.of("docs", "EVENTS.md");

    @TempDir
    Path copy;

    @BeforeEach
    void copyTheDocuments() throws IOException {
        for (Path document : RegenerateDocuments.documents(ROOT)) {
            Files.createDirectories(copy.resolve(document).getParent());
            Files.copy(ROOT.resolve(document), copy.resolve(document));
        }
    }

    @Test
    void aStatusMissingFromOpenApisEnumerationIsWrittenBackAndTheDocumentNamed() throws IOException {
        edit(OPENAPI, "enum: [CREATED, AWAITING_PAYMENT, PAID,", "enum: [CREATED, PAID,");

        assertEquals(List.of(OPENAPI), RegenerateDocuments.regenerate(copy));
        assertArrayEquals(Files.readAllBytes(ROOT.resolve(OPENAPI)), Files.readAllBytes(copy.resolve(OPENAPI)));
    }

    @Test
    void aLineStatusMissingFromAnEventSchemaIsWrittenBackOneALineAsTheSchemaHoldsIt() throws IOException {
        edit(LINE_STATUS_CHANGED, "            \"PICKED\",\n", "");

        assertEquals(List.of(LINE_STATUS_CHANGED), RegenerateDocuments.regenerate(copy));
        assertArrayEquals(Files.readAllBytes(ROOT.resolve(LINE_STATUS_CHANGED)), Files.readAllBytes(copy.resolve(LINE_STATUS_CHANGED)));
    }

    @Test
    void aMoveMissingFromTheDataModelsTableAndALineStatusFromTheEventsListAreWrittenBack() throws IOException {
        edit(DATA_MODEL, "| `CANCEL` |", "| `CANCEL_BY_HAND` |");
        edit(EVENTS, "<!-- generated from ItemStatus values: do not edit -->`PENDING`, ", "<!-- generated from ItemStatus values: do not edit -->");

        assertEquals(List.of(DATA_MODEL, EVENTS), RegenerateDocuments.regenerate(copy));
        assertArrayEquals(Files.readAllBytes(ROOT.resolve(DATA_MODEL)), Files.readAllBytes(copy.resolve(DATA_MODEL)));
        assertArrayEquals(Files.readAllBytes(ROOT.resolve(EVENTS)), Files.readAllBytes(copy.resolve(EVENTS)));
    }

    @Test
    void upToDateDocumentsAreLeftByteForByteAndUnwritten() throws IOException {
        Map<Path, byte[]> before = new LinkedHashMap<>();
        FileTime longAgo = FileTime.fromMillis(0);
        for (Path document : RegenerateDocuments.documents(copy)) {
            before.put(document, Files.readAllBytes(copy.resolve(document)));
            Files.setLastModifiedTime(copy.resolve(document), longAgo);
        }

        assertEquals(List.of(), RegenerateDocuments.regenerate(copy));
        for (Map.Entry<Path, byte[]> document : before.entrySet()) {
            assertArrayEquals(document.getValue(), Files.readAllBytes(copy.resolve(document.getKey())), document.getKey().toString());
            assertEquals(longAgo, Files.getLastModifiedTime(copy.resolve(document.getKey())), document.getKey() + " was written");
        }
    }

    /** Replaces {@code from} by {@code to} once in the copy's {@code document}. */
    private void edit(Path document, String from, String to) throws IOException {
        String text = Files.readString(copy.resolve(document));
        if (!text.contains(from)) {
            throw new AssertionError(document + " holds no " + from);
        }
        Files.writeString(copy.resolve(document), text.replaceFirst(Pattern.quote(from), Matcher.quoteReplacement(to)));
    }
}
