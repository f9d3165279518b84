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

/** The calls of README.md's "Walkthrough: every route", in its order: each curl's method and path. */
final class ReadmeWalkthrough {
    private static final String SECTION = "## Walkthrough: every route";
    /** curl [-s] [-X METHOD] [quote]$API/path[?query]: the path ends at a quote, a query or a space. */
    private static final Pattern CURL = Pattern.compile("curl -s (?:-X ([A-Z]+) )?\"?\\$API(/[^\"?\\s]*)");

    private ReadmeWalkthrough() {}

    /** "METHOD /path" per call, the README's variables ($ORDER, $ITEM, ...) left as written. */
    static List<String> calls() {
        String readme;
        try {
            readme = Files.readString(RepositoryRoot.locate().resolve("README.md"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int section = readme.indexOf(SECTION);
        int start = readme.indexOf("```bash", section);
        int end = readme.indexOf("```", start + 1);
        if (section < 0 || start < 0 || end < 0) {
            throw new AssertionError("README.md has no bash block under \"" + SECTION + "\"");
        }
        List<String> calls = new ArrayList<>();
        Matcher curl = CURL.matcher(readme.substring(start, end));
        while (curl.find()) {
            calls.add((curl.group(1) == null ? "GET" : curl.group(1)) + " " + curl.group(2));
        }
        assertFalse(calls.isEmpty(), "no curl call in README.md's walkthrough");
        return calls;
    }
}
