package dev.orders.core.documents;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The {@code enum} lists of a YAML or JSON document that list a core enum's values, rewritten in the text to
 * exactly that enum's values in the core's order, in the list's own layout (on one line, or one value a line
 * at its indentation); every other byte of the document stays as it is. A list is read as a flow sequence,
 * {@code [A, B]}: an {@code enum} written otherwise is refused rather than left unchecked.
 */
final class EnumerationLists {
    /** Where a document is YAML or JSON: how its {@code enum} key is written and its values quoted. */
    enum Syntax {
        YAML(Pattern.compile("(?m)(?:^[ \\t]*(?:-[ \\t]+)?|[{,][ \\t]*)enum[ \\t]*:[ \\t]*")),
        JSON(Pattern.compile("\"enum\"[ \\t]*:[ \\t]*"));

        private final Pattern key;

        Syntax(Pattern key) {
            this.key = key;
        }

        /** A YAML value is plain where it reads back as that string; else quoted as JSON quotes it. */
        private String write(String value) {
            boolean plain = this == YAML && value.matches("[A-Za-z][A-Za-z0-9_-]*")
                    && !value.matches("(?i)y|n|yes|no|on|off|true|false|null");
            return plain ? value : "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        }
    }

    private EnumerationLists() {
    }

    static String rewrite(String document, Syntax syntax, String where) {
        StringBuilder rewritten = new StringBuilder();
        Matcher key = syntax.key.matcher(document);
        int copied = 0;
        while (key.find(copied)) {
            int open = key.end();
            if (open >= document.length() || document.charAt(open) != '[') {
                throw new IllegalStateException(where + ", line " + lineOf(document, key.start())
                        + ": an enum not written as a list in brackets, [A, B], which the documents' generation reads");
            }
            int close = closingBracket(document, open, where);
            String inside = document.substring(open + 1, close);
            List<String> listed = values(inside);
            Optional<List<String>> core = CoreEnumeration.listedIn(listed).map(CoreEnumeration::values);
            rewritten.append(document, copied, open + 1);
            rewritten.append(core.filter(values -> !values.equals(listed)).map(values -> layOut(values, inside, syntax))
                    .orElse(inside));
            copied = close;
        }
        return rewritten.append(document.substring(copied)).toString();
    }

    /** {@code values} in the layout of the list {@code inside} held. */
    private static String layOut(List<String> values, String inside, Syntax syntax) {
        List<String> written = values.stream().map(syntax::write).toList();
        if (!inside.contains("\n")) {
            String before = inside.substring(0, inside.length() - inside.stripLeading().length());
            String after = inside.substring(inside.stripTrailing().length());
            return before + String.join(", ", written) + after;
        }
        String first = inside.substring(0, inside.length() - inside.stripLeading().length());
        String indent = first.substring(first.lastIndexOf('\n') + 1);
        String closing = inside.substring(inside.lastIndexOf('\n') + 1);
        return written.stream().map(value -> indent + value)
                .collect(Collectors.joining(",\n", "\n", closing.isBlank() ? "\n" + closing : ""));
    }

    /** The values of a flow sequence's inside: separated by commas outside quotes, unquoted. */
    private static List<String> values(String inside) {
        List<String> values = new ArrayList<>();
        StringBuilder value = new StringBuilder();
        char quote = 0;
        for (int i = 0; i < inside.length(); i++) {
            char c = inside.charAt(i);
            if (quote == 0 && c == ',') {
                values.add(unquote(value.toString().strip()));
                value.setLength(0);
                continue;
            }
            if (quote == '"' && c == '\\' && i + 1 < inside.length()) {
                value.append(c).append(inside.charAt(++i));
                continue;
            }
            if (c == '"' || c == '\'') {
                quote = quote == 0 ? c : quote == c ? 0 : quote;
            }
            value.append(c);
        }
        if (!value.toString().isBlank()) {
            values.add(unquote(value.toString().strip()));
        }
        return values;
    }

    private static String unquote(String value) {
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
            return value.substring(1, value.length() - 1).replaceAll("\\\\(.)", "$1");
        }
        if (value.length() >= 2 && value.startsWith("'") && value.endsWith("'")) {
            return value.substring(1, value.length() - 1).replace("''", "'");
        }
        return value;
    }

    /** The {@code ]} that closes the list opened at {@code open}; a list holds values only, no list or map. */
    private static int closingBracket(String document, int open, String where) {
        char quote = 0;
        for (int i = open + 1; i < document.length(); i++) {
            char c = document.charAt(i);
            if (quote != 0) {
                if (c == '\\' && quote == '"') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == ']') {
                return i;
            } else if (c == '[' || c == '{') {
                break;
            }
        }
        throw new IllegalStateException(where + ", line " + lineOf(document, open) + ": an enum whose list of values does not close");
    }

    private static long lineOf(String document, int index) {
        return document.substring(0, index).chars().filter(c -> c == '\n').count() + 1;
    }
}
