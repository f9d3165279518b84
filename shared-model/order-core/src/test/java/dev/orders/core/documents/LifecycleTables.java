package dev.orders.core.documents;

import dev.orders.core.order.LineStatus;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderStatus.Move;
import dev.orders.core.order.MoveRequirement;
import dev.orders.core.order.Role;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The lifecycle as docs/DATA-MODEL.md shows it, in markdown: the core's table of statuses and moves, and the lines' moves. */
final class LifecycleTables {
    private LifecycleTables() {
    }

    /** A row per status: what a capture is there, what may happen to its lines. */
    static String statuses() {
        List<String> rows = new ArrayList<>(List.of("| status | a capture there | its lines |", "|---|---|---|"));
        for (OrderStatus status : OrderStatus.values()) {
            String capture = status.awaitsPayment() ? "pays it (awaits payment)"
                    : "payment issue `" + status.captureIssue().orElseThrow() + "`";
            String lines = status.isOpenForLineChanges() ? "added and removed"
                    : status.isInFulfillment() ? "picked, shipped, cancelled"
                    : status.releasesStock() ? "frozen, what they reserved released" : "frozen";
            rows.add("| " + code(status) + " | " + capture + " | " + lines + " |");
        }
        return String.join("\n", rows);
    }

    /** A row per move (from where, to where, by whom, requiring what, writing which event), then the terminal statuses. */
    static String moves() {
        List<String> rows = new ArrayList<>(List.of("| move | from | to | by | requires | writes |",
                "|---|---|---|---|---|---|"));
        for (Move move : Move.values()) {
            List<String> by = new ArrayList<>(Arrays.stream(Role.values()).filter(move.by().roles()::contains)
                    .map(role -> role.name().toLowerCase(Locale.ROOT).replace('_', ' ')).toList());
            if (move.by().lines()) {
                by.add("the order following its lines");
            }
            String requires = Arrays.stream(MoveRequirement.values()).filter(move::requires)
                    .map(requirement -> requirement.name().toLowerCase(Locale.ROOT).replace('_', ' '))
                    .collect(Collectors.joining(", "));
            String targets = move.targets().stream().map(LifecycleTables::code).collect(Collectors.joining(", "));
            String to = move.returns() ? "back where it was held from (" + targets + ")" : targets;
            rows.add("| " + code(move) + " | " + move.from().stream().map(LifecycleTables::code)
                    .collect(Collectors.joining(", ")) + " | " + to + " | " + String.join(", ", by) + " | "
                    + (requires.isEmpty() ? "nothing" : requires) + " | `" + move.writes().eventType() + "` |");
        }
        List<String> terminal = Arrays.stream(OrderStatus.values()).filter(status -> status.next().isEmpty())
                .map(LifecycleTables::code).toList();
        return String.join("\n", rows) + "\n\n" + terminal(terminal) + ": no move leaves " + (terminal.size() == 1 ? "it." : "them.");
    }

    /** The lines' moves, {@code `PENDING → PICKED | CANCELLED`}, and their terminal statuses. */
    static String lineMoves() {
        String moves = Arrays.stream(LineStatus.values()).filter(status -> !status.next().isEmpty())
                .map(status -> "`" + status.name() + " → " + status.next().stream().map(Enum::name)
                        .collect(Collectors.joining(" | ")) + "`")
                .collect(Collectors.joining(", "));
        List<String> terminal = Arrays.stream(LineStatus.values()).filter(status -> status.next().isEmpty())
                .map(LifecycleTables::code).toList();
        return "Lines: " + moves + "; " + terminal(terminal) + ".";
    }

    /** The statuses {@code role} may move an order to by some move, in the core's declared order: {@code `PAID`, `CANCELLED`}. */
    static String targetsOf(Role role) {
        return Arrays.stream(OrderStatus.values())
                .filter(status -> Arrays.stream(Move.values())
                        .anyMatch(move -> move.targets().contains(status) && move.by().roles().contains(role)))
                .map(LifecycleTables::code).collect(Collectors.joining(", "));
    }

    /** {@code `A`, `B` and `C` are terminal}. */
    private static String terminal(List<String> statuses) {
        String listed = statuses.size() == 1 ? statuses.get(0) : String.join(", ", statuses.subList(0, statuses.size() - 1))
                + " and " + statuses.get(statuses.size() - 1);
        return listed + (statuses.size() == 1 ? " is" : " are") + " terminal";
    }

    static String code(Enum<?> constant) {
        return "`" + constant.name() + "`";
    }
}
