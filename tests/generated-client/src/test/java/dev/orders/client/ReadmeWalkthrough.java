package dev.orders.client;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.orders.localaws.RepositoryRoot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The calls of a walkthrough of the documents, in its order: each curl's method and path. */
final class ReadmeWalkthrough {
    private static final String SECTION = "## Walkthrough: an order's life";
    /** curl [-s] [-X METHOD] [quote]$API/path[?query]: the path ends at a quote, a query or a space. */
    private static final Pattern CURL = Pattern.compile("curl -s (?:-X ([A-Z]+) )?\"?\\$API(/[^\"?\\s]*)");

    private ReadmeWalkthrough() {}

    /** "METHOD /path" per call of README.md's walkthrough, its variables ($ORDER, $ITEM, ...) left as written. */
    static List<String> calls() {
        return calls("README.md", SECTION);
    }

    /** "METHOD /path" per call of the first bash block under {@code section} of {@code document}. */
    static List<String> calls(String document, String section) {
        String text;
        try {
            text = Files.readString(RepositoryRoot.locate().resolve(document));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int heading = text.indexOf(section);
        int start = text.indexOf("```bash", heading);
        int end = text.indexOf("```", start + 1);
        if (heading < 0 || start < 0 || end < 0) {
            throw new AssertionError(document + " has no bash block under \"" + section + "\"");
        }
        List<String> calls = new ArrayList<>();
        Matcher curl = CURL.matcher(text.substring(start, end));
        while (curl.find()) {
            calls.add((curl.group(1) == null ? "GET" : curl.group(1)) + " " + curl.group(2));
        }
        assertFalse(calls.isEmpty(), "no curl call in " + document + "'s walkthrough");
        return calls;
    }
}
