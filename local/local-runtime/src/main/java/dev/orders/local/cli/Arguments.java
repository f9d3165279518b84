package dev.orders.local.cli;

import com.fasterxml.jackson.jr.ob.JSON;
import com.fasterxml.jackson.jr.ob.JSONObjectException;
import dev.orders.local.UsageException;
import dev.orders.local.lambda.FunctionEnvironment;
import dev.orders.localaws.template.SamTemplate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * A command's arguments, read as SAM CLI (click) reads them: options by any of their names, {@code --name=value}
 * too, the last of a repeated option winning; then, for an option the command line does not give, its variable,
 * then samconfig ({@link #completedBy}). Values are kept under the option's {@link Option#name()}.
 */
record Arguments(Usage usage, Map<String, List<String>> values, List<String> positionals) {

    Arguments {
        values = Map.copyOf(values);
        positionals = List.copyOf(positionals);
    }

    static Arguments parse(Usage usage, List<String> args) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        List<String> positionals = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals("--")) {
                positionals.addAll(args.subList(i + 1, args.size()));
                break;
            }
            if (!isOption(arg)) {
                positionals.add(arg);
                continue;
            }
            int equals = arg.startsWith("--") ? arg.indexOf('=') : -1;
            String name = equals < 0 ? arg : arg.substring(0, equals);
            Optional<String> inline = equals < 0 ? Optional.empty() : Optional.of(arg.substring(equals + 1));
            Option option = usage.option(name).orElseThrow(() -> unknown(usage, name));
            List<String> given = new ArrayList<>();
            switch (option.arity()) {
                case FLAG -> {
                    if (inline.isPresent()) {
                        throw new UsageException(name + " takes no value");
                    }
                }
                case VALUE -> {
                    if (inline.isPresent()) {
                        given.add(inline.get());
                    } else if (i + 1 < args.size()) {
                        given.add(args.get(++i));
                    } else {
                        throw new UsageException(name + " needs a value");
                    }
                }
                case VALUES -> {
                    inline.ifPresent(given::add);
                    while (i + 1 < args.size() && !isOption(args.get(i + 1))) {
                        given.add(args.get(++i));
                    }
                    if (given.isEmpty()) {
                        throw new UsageException(name + " needs a value");
                    }
                }
            }
            values.put(option.name(), given);
        }
        return new Arguments(usage, values, positionals);
    }

    private static boolean isOption(String arg) {
        return arg.startsWith("-") && arg.length() > 1;
    }

    private static UsageException unknown(Usage usage, String name) {
        return usage.refusal(name).map(refused -> new UsageException(name + " is SAM CLI's, not ./sam-local's: " + refused.instead()))
                .orElseGet(() -> new UsageException("unknown option " + name + "; see ./sam-local " + usage.command() + " --help"));
    }

    /**
     * Each option the command line does not give, from its variable in {@code env}, else from {@code config}
     * (samconfig's parameters for the command, {@code source} naming their section), as SAM CLI completes them.
     */
    Arguments completedBy(UnaryOperator<String> env, Map<String, Object> config, String source) {
        Map<String, List<String>> completed = new LinkedHashMap<>(values);
        config.keySet().forEach(key -> usage.refused().stream().filter(r -> Option.configKeys(r.names()).contains(key))
                .findFirst().ifPresent(refused -> {
                    throw new UsageException(source + " " + key + " is SAM CLI's, not ./sam-local's: " + refused.instead());
                }));
        usage.options().filter(option -> !completed.containsKey(option.name())).forEach(option -> {
            Optional<String> variable = option.variable().map(env).filter(v -> !v.isBlank());
            if (variable.isPresent()) {
                completed.put(option.name(), option.arity() == Option.Arity.FLAG ? List.of() : List.of(variable.get()));
                return;
            }
            option.configKeys().stream().filter(config::containsKey).findFirst()
                    .flatMap(key -> configured(option, config.get(key), source + " " + key))
                    .ifPresent(value -> completed.put(option.name(), value));
        });
        return new Arguments(usage, completed, positionals);
    }

    /** A samconfig value as the option takes it: a flag's true or false, a value's text or number, a list of values. */
    private static Optional<List<String>> configured(Option option, Object value, String where) {
        switch (option.arity()) {
            case FLAG -> {
                if (!(value instanceof Boolean set)) {
                    throw new UsageException(where + " must be true or false, not " + value);
                }
                return set ? Optional.of(List.of()) : Optional.empty();
            }
            case VALUE -> {
                if (value instanceof List<?> || value instanceof Map<?, ?>) {
                    throw new UsageException(where + " must be one value, not " + value);
                }
                return Optional.of(List.of(String.valueOf(value)));
            }
            default -> {
                List<?> list = value instanceof List<?> many ? many : List.of(value);
                return Optional.of(list.stream().map(String::valueOf).toList());
            }
        }
    }

    boolean flag(String name) {
        return values.containsKey(name);
    }

    String value(String name, String fallback) {
        List<String> given = values.get(name);
        return given == null || given.isEmpty() ? fallback : given.get(given.size() - 1);
    }

    Optional<String> value(String name) {
        return Optional.ofNullable(value(name, null));
    }

    /** Every value of an option that takes several (--parameter-overrides); none if not given. */
    List<String> values(String name) {
        return values.getOrDefault(name, List.of());
    }

    /** --port, else {@code fallback}. */
    int port(int fallback) {
        return port("--port", fallback);
    }

    /** A port number option, else {@code fallback}. */
    int port(String name, int fallback) {
        String text = value(name, Integer.toString(fallback));
        try {
            int port = Integer.parseInt(text);
            if (port < 0 || port > 65535) {
                throw new NumberFormatException();
            }
            return port;
        } catch (NumberFormatException e) {
            throw new UsageException(name + " must be a port number, not '" + text + "'");
        }
    }

    String positional(int index, String what) {
        if (index >= positionals.size()) {
            throw new UsageException("missing " + what + "; see ./sam-local " + usage.command() + " --help");
        }
        return positionals.get(index);
    }

    /** Refuses positionals beyond the first {@code count}. */
    void atMostPositionals(int count) {
        if (positionals.size() > count) {
            throw new UsageException("unexpected argument '" + positionals.get(count) + "'; see ./sam-local "
                    + usage.command() + " --help");
        }
    }

    /** The function the first positional names, or a usage error naming the ones there are. */
    SamTemplate.Function function(SamTemplate template) {
        return function(template, positional(0, "FUNCTION_LOGICAL_ID"));
    }

    static SamTemplate.Function function(SamTemplate template, String logicalId) {
        return template.function(logicalId).orElseThrow(() -> new UsageException("unknown function '" + logicalId
                + "'; the template has " + template.functions().stream().map(SamTemplate.Function::logicalId)
                .collect(Collectors.joining(", "))));
    }

    /** The --env-vars file's variables per function (none without the option). */
    Map<String, Map<String, String>> envVars(SamTemplate template) {
        String file = value("--env-vars", null);
        if (file == null) {
            return Map.of();
        }
        try {
            return FunctionEnvironment.overridesFrom(JSON.std.mapFrom(Files.readAllBytes(Path.of(file))), template.functions());
        } catch (JSONObjectException e) {
            throw new UsageException("--env-vars " + file + " is not a JSON object: " + SamLocal.firstLine(e.getMessage()));
        } catch (IOException e) {
            throw new UsageException("--env-vars " + file + " cannot be read: " + SamLocal.firstLine(e.getMessage()));
        }
    }
}
