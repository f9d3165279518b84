package dev.orders.local.cli;

import java.util.List;
import java.util.Optional;

/**
 * One option of a command as SAM CLI names it: its names ({@code -e}, {@code --event}), whether it takes a value,
 * the variable that gives it when the command line does not (SAM's {@code SAM_DEBUG_PORT}), and its help. Its
 * samconfig keys are its long names with {@code _} for {@code -} ({@code --env-vars}: {@code env_vars}), as SAM's.
 */
record Option(List<String> names, Arity arity, String metavar, Optional<String> variable, String help) {

    /** What follows the option on the command line. */
    enum Arity {
        /** Nothing: present or not. */
        FLAG,
        /** One argument. */
        VALUE,
        /** Every argument up to the next option, as SAM's --parameter-overrides (click's nargs=-1). */
        VALUES
    }

    Option {
        names = List.copyOf(names);
    }

    static Option flag(String help, String... names) {
        return new Option(List.of(names), Arity.FLAG, "", Optional.empty(), help);
    }

    static Option value(String metavar, String help, String... names) {
        return new Option(List.of(names), Arity.VALUE, metavar, Optional.empty(), help);
    }

    static Option values(String metavar, String help, String... names) {
        return new Option(List.of(names), Arity.VALUES, metavar, Optional.empty(), help);
    }

    /** The same option, given by {@code name} in the environment when the command line does not give it. */
    Option orVariable(String name) {
        return new Option(names, arity, metavar, Optional.of(name), help);
    }

    /** The name it is known by: its first long name. */
    String name() {
        return names.stream().filter(n -> n.startsWith("--")).findFirst().orElse(names.get(0));
    }

    /** Its keys in samconfig: each long name without the dashes, {@code -} read as {@code _}. */
    List<String> configKeys() {
        return configKeys(names);
    }

    static List<String> configKeys(List<String> names) {
        return names.stream().filter(n -> n.startsWith("--")).map(n -> n.substring(2).replace('-', '_')).toList();
    }
}
