package dev.orders.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A markdown report: sections of prose and tables, printed as they complete and written at the end. */
final class Report {
    static final String BEGIN = "<!-- ./sam-local bench --out: figures begin -->";
    static final String END = "<!-- ./sam-local bench --out: figures end -->";

    private final StringBuilder text = new StringBuilder();

    void heading(String title) {
        append("\n## " + title + "\n");
    }

    void line(String line) {
        append(line + "\n");
    }

    void table(List<String> header, List<List<String>> rows) {
        List<String> lines = new ArrayList<>();
        lines.add("| " + String.join(" | ", header) + " |");
        lines.add("|" + "---|".repeat(header.size()));
        rows.forEach(row -> lines.add("| " + String.join(" | ", row) + " |"));
        append(String.join("\n", lines) + "\n");
    }

    /**
     * Writes the report between the {@value #BEGIN} and {@value #END} markers of {@code file}, so the
     * hand-written text around the figures stays; a file without them is written anew, with them.
     */
    void writeTo(Path file) throws IOException {
        String existing = Files.exists(file) ? Files.readString(file) : "";
        int begin = existing.indexOf(BEGIN);
        int end = existing.indexOf(END);
        String before = begin >= 0 && end > begin ? existing.substring(0, begin) : "# Performance\n\n";
        String after = begin >= 0 && end > begin ? existing.substring(end + END.length()) : "\n";
        Files.writeString(file, before + BEGIN + "\n" + text + END + after);
    }

    private void append(String chunk) {
        text.append(chunk);
        System.out.print(chunk);
        System.out.flush();
    }

    static String ms(double millis) {
        return String.format(java.util.Locale.ROOT, "%.1f ms", millis);
    }

    static String seconds(double millis) {
        return String.format(java.util.Locale.ROOT, "%.1f s", millis / 1000);
    }

    static String num(double value) {
        return String.format(java.util.Locale.ROOT, value == Math.rint(value) ? "%.0f" : "%.2f", value);
    }

    static String ratio(double value) {
        return String.format(java.util.Locale.ROOT, "%.2f", value);
    }
}
