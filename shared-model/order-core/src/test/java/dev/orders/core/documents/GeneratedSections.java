package dev.orders.core.documents;

import dev.orders.core.order.Role;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The sections of a markdown document that the core generates, each between
 * {@code <!-- generated from SOURCE: do not edit -->} and {@code <!-- end generated -->}: a block where the
 * opening marker ends its line (a table, a sentence; blank lines around it), else inline (a list of values in a
 * sentence or a table's cell). Sources: {@code OrderStatus} and {@code OrderStatus.Move} (the lifecycle's
 * tables), {@code LineStatus.next} (the lines' moves), {@code Role.<ROLE> moves} (the statuses a role may move an
 * order to), and {@code <name> values} for an enum's values as
 * {@link CoreEnumeration} publishes them ({@code ItemStatus values}: {@code `PENDING`, `PICKED`, ...}).
 */
final class GeneratedSections {
    private static final Pattern START = Pattern.compile("<!-- generated from (.+?): do not edit -->");
    private static final String END = "<!-- end generated -->";
    private static final String VALUES = " values";
    private static final Pattern ROLE_MOVES = Pattern.compile("Role\\.([A-Z_]+) moves");

    private GeneratedSections() {
    }

    static String rewrite(String document, String where) {
        StringBuilder rewritten = new StringBuilder();
        Matcher start = START.matcher(document);
        int copied = 0;
        while (start.find(copied)) {
            int end = document.indexOf(END, start.end());
            if (end < 0 || START.matcher(document).region(start.end(), end).find()) {
                throw new IllegalStateException(where + ": the section generated from " + start.group(1)
                        + " has no " + END);
            }
            String content = content(start.group(1), where);
            boolean block = document.startsWith("\n", start.end());
            rewritten.append(document, copied, start.end()).append(block ? "\n\n" + content + "\n\n" : content);
            copied = end;
        }
        return rewritten.append(document.substring(copied)).toString();
    }

    private static String content(String source, String where) {
        return switch (source) {
            case "OrderStatus" -> LifecycleTables.statuses();
            case "OrderStatus.Move" -> LifecycleTables.moves();
            case "LineStatus.next" -> LifecycleTables.lineMoves();
            default -> {
                Matcher roleMoves = ROLE_MOVES.matcher(source);
                if (roleMoves.matches()) {
                    yield LifecycleTables.targetsOf(Role.valueOf(roleMoves.group(1)));
                }
                if (!source.endsWith(VALUES)) {
                    throw new IllegalStateException(where + ": no section is generated from " + source);
                }
                String name = source.substring(0, source.length() - VALUES.length());
                yield CoreEnumeration.named(name).orElseThrow(() -> new IllegalStateException(where + ": no enum of the core is published as " + name))
                        .values().stream().map(value -> "`" + value + "`").collect(Collectors.joining(", "));
            }
        };
    }
}
