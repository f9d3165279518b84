package dev.orders.local.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A command's usage: its options (in sections, as SAM CLI's help groups them), the SAM CLI options it refuses
 * and why, and its help text, in the shape of SAM CLI's own. {@code configSection} names its samconfig
 * section ({@code local_invoke}: {@code [default.local_invoke.parameters]}), empty for commands SAM CLI has not.
 */
record Usage(String command, String arguments, String summary, List<String> examples, List<Section> sections,
             List<Refused> refused, Optional<String> configSection) {
    static final Option HELP = Option.flag("Show this message and exit.", "-h", "--help");
    private static final int NAMES_WIDTH = 38;
    private static final int WIDTH = 110;

    /** Options under a title, e.g. "Template Options". */
    record Section(String title, List<Option> options) {
        Section {
            options = List.copyOf(options);
        }

        Section(String title, Option... options) {
            this(title, List.of(options));
        }
    }

    /** A SAM CLI option this command does not take, and what to do instead. */
    record Refused(List<String> names, String instead) {
        Refused {
            names = List.copyOf(names);
        }
    }

    Usage {
        examples = List.copyOf(examples);
        List<Section> withHelp = new ArrayList<>(sections);
        withHelp.add(new Section("Other Options", HELP));
        sections = List.copyOf(withHelp);
        refused = List.copyOf(refused);
    }

    /** A command of SAM CLI's {@code sam local}: it reads samconfig's section named after it, as SAM CLI does. */
    static Usage samCommand(String command, String arguments, String summary, List<String> examples, List<Section> sections,
                            List<Refused> refused) {
        return new Usage(command, arguments, summary, examples, sections, refused,
                Optional.of("local_" + command.replace(' ', '_').replace('-', '_')));
    }

    /** A command of sam-local's own, or one the launcher runs: no samconfig section. */
    static Usage ownCommand(String command, String arguments, String summary, List<String> examples, List<Section> sections) {
        return new Usage(command, arguments, summary, examples, sections, List.of(), Optional.empty());
    }

    Stream<Option> options() {
        return sections.stream().flatMap(section -> section.options().stream());
    }

    Optional<Option> option(String name) {
        return options().filter(option -> option.names().contains(name)).findFirst();
    }

    Optional<Refused> refusal(String name) {
        return refused.stream().filter(refusal -> refusal.names().contains(name)).findFirst();
    }

    /** What --help prints. */
    String help() {
        StringBuilder text = new StringBuilder();
        text.append("Usage: ./sam-local ").append(command).append(" [OPTIONS]")
                .append(arguments.isEmpty() ? "" : " " + arguments).append("\n\n");
        wrap(summary, "  ", text);
        text.append("\nExamples:\n");
        examples.forEach(example -> text.append("  $ ").append(example).append('\n'));
        for (Section section : sections) {
            text.append('\n').append(section.title()).append(":\n");
            for (Option option : section.options()) {
                String names = "  " + String.join(", ", option.names()) + (option.metavar().isEmpty() ? "" : " " + option.metavar());
                String help = option.help() + option.variable().map(v -> " [env: " + v + "]").orElse("");
                if (names.length() + 2 > NAMES_WIDTH) {
                    text.append(names).append('\n');
                    wrap(help, " ".repeat(NAMES_WIDTH), text);
                } else {
                    StringBuilder lines = new StringBuilder();
                    wrap(help, " ".repeat(NAMES_WIDTH), lines);
                    text.append(names).append(lines.substring(names.length()));
                }
            }
        }
        if (!refused.isEmpty()) {
            text.append("\nSAM CLI options it does not take (each answers why, and what to do instead):\n");
            wrap(String.join(", ", refused.stream().flatMap(r -> r.names().stream()).filter(n -> n.startsWith("--")).toList()),
                    "  ", text);
        }
        return text.toString();
    }

    /** {@code words} as lines of at most WIDTH characters, each starting with {@code indent}. */
    private static void wrap(String words, String indent, StringBuilder text) {
        StringBuilder line = new StringBuilder(indent);
        for (String word : words.split(" ")) {
            if (line.length() > indent.length() && line.length() + 1 + word.length() > WIDTH) {
                text.append(line).append('\n');
                line = new StringBuilder(indent);
            }
            line.append(line.length() > indent.length() ? " " : "").append(word);
        }
        text.append(line).append('\n');
    }
}
