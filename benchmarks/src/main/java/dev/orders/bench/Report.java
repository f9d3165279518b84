package dev.orders.bench;

import java.util.ArrayList;
import java.util.List;

/** A markdown report: sections of prose and tables, printed as they complete and written at the end. */
final class Report {
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

    String text() {
        return text.toString();
    }

    private void append(String chunk) {
        text.append(chunk);
        System.out.print(chunk);
        System.out.flush();
    }

    static String ms(double millis) {
        return String.format(java.util.Locale.ROOT, "%.1f ms", millis);
    }

    static String num(double value) {
        return String.format(java.util.Locale.ROOT, value == Math.rint(value) ? "%.0f" : "%.2f", value);
    }

    static String ratio(double value) {
        return String.format(java.util.Locale.ROOT, "%.2f", value);
    }
}
