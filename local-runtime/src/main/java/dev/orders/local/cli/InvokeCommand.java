package dev.orders.local.cli;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.local.UsageException;
import dev.orders.local.lambda.FunctionEnvironment;
import dev.orders.local.lambda.LambdaFunction;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.events.LocalEventBus;
import dev.orders.localaws.template.SamTemplate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code invoke FunctionLogicalId -e EVENT.json}: one function, once. This JVM is the launcher; the
 * function runs in a fresh JVM ({@link InvokeHereCommand}) with exactly its own variables.
 */
final class InvokeCommand implements Command {
    private static final List<String> FUNCTION_JVM = List.of("-XX:+UseSerialGC");

    @Override
    public int run(Arguments arguments) throws Exception {
        arguments.allow("-e", "--event", "--env-vars", "--data-dir", "--events");
        SamTemplate template = SamTemplate.repository();
        SamTemplate.Function function = arguments.function(template);
        Path event = eventFile(arguments);
        FunctionEnvironment environment = Launcher.environment(template);
        Map<String, String> functionEnv = environment.of(function,
                arguments.envVars(template).getOrDefault(function.logicalId(), Map.of()));
        new LambdaFunction(function, RepositoryRoot.locate()); // the jar is built, or a usage error
        Optional<Path> eventsFile = Launcher.eventsFile(arguments);
        try (LocalEventBus eventBus = LocalEventBus.start(Launcher.region(), eventsFile, template.eventBuses())) {
            Launcher.announce(eventBus, eventsFile);
            return invoke(arguments, template, function, event, environment, functionEnv, eventBus);
        }
    }

    private static int invoke(Arguments arguments, SamTemplate template, SamTemplate.Function function, Path event,
                              FunctionEnvironment environment, Map<String, String> functionEnv, LocalEventBus eventBus)
            throws Exception {
        return Launcher.withTable(arguments, template, dynamoDb -> {
            Map<String, String> env = new LinkedHashMap<>(functionEnv);
            env.putAll(environment.aws(dynamoDb.endpoint(), eventBus.endpoint()));
            env.put("AWS_LAMBDA_FUNCTION_NAME", function.logicalId());
            return ChildJvm.run(env, List.of(InvokeHereCommand.VERB, function.logicalId(), event.toAbsolutePath().toString()),
                    FUNCTION_JVM);
        });
    }

    /** The -e file, checked to be a JSON object before anything starts. */
    private static Path eventFile(Arguments arguments) {
        String name = arguments.value("-e", arguments.value("--event", null));
        if (name == null) {
            throw new UsageException("invoke needs an event: -e events/<function>/<file>.json");
        }
        Path file = Path.of(name);
        if (!Files.isRegularFile(file)) {
            throw new UsageException("event file " + name + " does not exist");
        }
        try {
            if (!(JSON.std.anyFrom(Files.readAllBytes(file)) instanceof Map)) {
                throw new UsageException("event file " + name + " is not a JSON object");
            }
        } catch (IOException e) {
            throw new UsageException("event file " + name + " is not valid JSON: " + SamLocal.firstLine(e.getMessage()));
        }
        return file;
    }
}
