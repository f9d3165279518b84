package dev.orders.core.documents;

import dev.orders.core.documents.EnumerationLists.Syntax;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Writes what the documents state of the core's enums from the core itself, so that nobody keeps those lists by
 * hand: docs/openapi.yaml's and docs/events/*.schema.json's enumerations of a core enum's values
 * ({@link EnumerationLists}) and the generated sections of docs/*.md ({@link GeneratedSections}). order-core's
 * build runs it (process-test-classes) before any module reading these documents; .ci/run then checks that a
 * clean clone's documents were already what it writes. A file is written only when it changes, and atomically:
 * other modules' tests read these files while the build runs in parallel.
 */
public final class RegenerateDocuments {
    private RegenerateDocuments() {
    }

    /** {@code args[0]}: the repository's root. Prints a line per document rewritten. */
    public static void main(String[] args) throws IOException {
        Path root = Path.of(args[0]);
        for (Path document : regenerate(root)) {
            System.out.println("order-core: regenerated " + document + " from the core's enums; commit it");
        }
    }

    /** Rewrites the documents under {@code root} that are not what the core generates; answers them, relative to it. */
    static List<Path> regenerate(Path root) throws IOException {
        List<Path> rewritten = new ArrayList<>();
        for (Path document : documents(root)) {
            Path file = root.resolve(document);
            String text = Files.readString(file);
            String generated = generate(document, text);
            if (!generated.equals(text)) {
                writeAtomically(file, generated);
                rewritten.add(document);
            }
        }
        return rewritten;
    }

    /** {@code text}, the document at {@code document} (relative to the root), as the core generates it. */
    static String generate(Path document, String text) {
        String name = document.toString().replace('\\', '/');
        if (name.endsWith(".md")) {
            return GeneratedSections.rewrite(text, name);
        }
        return EnumerationLists.rewrite(text, name.endsWith(".json") ? Syntax.JSON : Syntax.YAML, name);
    }

    /** docs/openapi.yaml, docs/events/*.schema.json and docs/*.md, relative to {@code root}. */
    static List<Path> documents(Path root) throws IOException {
        Path docs = root.resolve("docs");
        List<Path> documents = new ArrayList<>(List.of(docs.resolve("openapi.yaml")));
        try (Stream<Path> schemas = Files.list(docs.resolve("events")); Stream<Path> markdown = Files.list(docs)) {
            documents.addAll(schemas.filter(file -> file.getFileName().toString().endsWith(".schema.json")).sorted().toList());
            documents.addAll(markdown.filter(file -> file.getFileName().toString().endsWith(".md")).sorted().toList());
        }
        return documents.stream().map(root::relativize).toList();
    }

    /** A reader sees the old text or the new, never part of one; the file keeps its permissions. */
    private static void writeAtomically(Path file, String text) throws IOException {
        Path temporary = Files.createTempFile(file.getParent(), "." + file.getFileName(), ".tmp");
        try {
            Files.writeString(temporary, text);
            if (Files.getFileAttributeView(file, PosixFileAttributeView.class) != null) {
                Files.setPosixFilePermissions(temporary, Files.getPosixFilePermissions(file));
            }
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }
}
