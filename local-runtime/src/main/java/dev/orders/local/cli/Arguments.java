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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A verb's arguments: flags ("--seed"), options with a value ("--port 3000"), and the rest in order. An
 * option last on the line without its value is kept apart, so that {@link #allow} names an unknown option
 * as unknown rather than as lacking a value.
 */
record Arguments(Map<String, String> values, List<String> positionals, Optional<String> withoutValue) {
    private static final Set<String> FLAGS = Set.of("--seed", "--scp", ServeCommand.WATCH);

    static Arguments parse(List<String> args) {
        Map<String, String> values = new HashMap<>();
        List<String> positionals = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.startsWith("-") && arg.length() > 1) {
                if (FLAGS.contains(arg)) {
                    values.put(arg, "true");
                } else if (i + 1 < args.size()) {
                    values.put(arg, args.get(++i));
                } else {
                    return new Arguments(values, positionals, Optional.of(arg));
                }
            } else {
                positionals.add(arg);
            }
        }
        return new Arguments(values, positionals, Optional.empty());
    }

    /** Refuses any option but {@code names}, then one of them without its value. */
    void allow(String... names) {
        List<String> allowed = List.of(names);
        Stream.concat(values.keySet().stream(), withoutValue.stream()).filter(name -> !allowed.contains(name))
                .findFirst().ifPresent(name -> {
                    throw new UsageException("unknown option " + name + "; " + SamLocal.USAGE);
                });
        withoutValue.ifPresent(name -> {
            throw new UsageException(name + " needs a value");
        });
    }

    String value(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    boolean flag(String name) {
        return values.containsKey(name);
    }

    /** --port, else {@code fallback}. */
    int port(int fallback) {
        String text = value("--port", Integer.toString(fallback));
        try {
            int port = Integer.parseInt(text);
            if (port < 0 || port > 65535) {
                throw new NumberFormatException();
            }
            return port;
        } catch (NumberFormatException e) {
            throw new UsageException("--port must be a port number, not '" + text + "'");
        }
    }

    String positional(int index, String what) {
        if (index >= positionals.size()) {
            throw new UsageException("missing " + what + "; " + SamLocal.USAGE);
        }
        return positionals.get(index);
    }

    /** The function the first positional names, or a usage error naming the ones there are. */
    SamTemplate.Function function(SamTemplate template) {
        String logicalId = positional(0, "FunctionLogicalId");
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
