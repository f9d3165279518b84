package dev.orders.local.cli;

import static dev.orders.local.cli.SamOptions.CONFIGURATION;
import static dev.orders.local.cli.SamOptions.DATA_DIR;
import static dev.orders.local.cli.SamOptions.DEBUG_ARGS;
import static dev.orders.local.cli.SamOptions.DEBUG_PORT;
import static dev.orders.local.cli.SamOptions.ENV_VARS;
import static dev.orders.local.cli.SamOptions.EVENTS;
import static dev.orders.local.cli.SamOptions.LOG_FILE;
import static dev.orders.local.cli.SamOptions.PARAMETER_OVERRIDES;
import static dev.orders.local.cli.SamOptions.TEMPLATE;
import static dev.orders.local.cli.SamOptions.refused;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.local.UsageException;
import dev.orders.local.lambda.FunctionEnvironment;
import dev.orders.local.lambda.LambdaFunction;
import dev.orders.localaws.Log;
import dev.orders.localaws.events.LocalEventBus;
import dev.orders.localaws.template.SamTemplate;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * {@code invoke FUNCTION_LOGICAL_ID [-e EVENT.json | -e -]}: one function, once, as {@code sam local invoke}. This
 * JVM is the launcher; the function runs in a fresh JVM ({@link InvokeHereCommand}) with exactly its own variables,
 * under JDWP with -d.
 */
final class InvokeCommand implements Command {
    static final Option EVENT = Option.value("PATH", "JSON file of the event the function is invoked with; - reads it"
            + " from stdin. Without it the event is {}, as SAM CLI's.", "-e", "--event");
    static final Option NO_EVENT = Option.flag("Invoke with the event {} (SAM CLI's; deprecated there, as it is what"
            + " invoke does without -e).", "--no-event");
    static final Usage USAGE = Usage.samCommand("invoke", "[FUNCTION_LOGICAL_ID]", "Invokes one function of the template"
                    + " once, in a JVM of its own with exactly its own variables, as sam local invoke does in a container:"
                    + " the response on stdout, the function's logs on stderr; exit code 1 if the handler throws, with"
                    + " Lambda's error JSON on stdout. The function may be left out if the template has only one.",
            List.of("./sam-local invoke CustomerProfileFunction -e events/customer-profile/put-customer.json",
                    "./sam-local generate-event 'GET /customers/c-ada' --sub c-ada | ./sam-local invoke CustomerProfileFunction -e -"),
            List.of(new Usage.Section("Template Options", TEMPLATE, PARAMETER_OVERRIDES),
                    new Usage.Section("Invoke Options", EVENT, NO_EVENT),
                    new Usage.Section("Container Options", ENV_VARS, DEBUG_PORT, DEBUG_ARGS),
                    new Usage.Section("Artifact Location Options", LOG_FILE),
                    CONFIGURATION,
                    new Usage.Section("sam-local Options", DATA_DIR, EVENTS)),
            SamOptions.refusals(SamOptions.REFUSED, List.of(
                    refused("every function runs on this machine's JDK (JAVA_HOME), whatever the template's Runtime.",
                            "-r", "--runtime"),
                    refused("tenant isolation is not emulated: a function's instances serve any caller.", "--tenant-id"),
                    refused("durable functions are not emulated.", "--durable-execution-name"))));
    private static final List<String> FUNCTION_JVM = List.of("-XX:+UseSerialGC");

    @Override
    public Usage usage() {
        return USAGE;
    }

    @Override
    public int run(Arguments arguments) throws Exception {
        arguments.atMostPositionals(1);
        SamTemplate template = SamOptions.template(arguments);
        SamTemplate.Function function = function(arguments, template);
        byte[] event = event(arguments);
        Optional<JvmDebugging> debugging = JvmDebugging.of(arguments);
        debugging.ifPresent(JvmDebugging::ensurePortFree);
        FunctionEnvironment environment = Launcher.environment(template);
        Map<String, String> functionEnv = environment.of(function,
                arguments.envVars(template).getOrDefault(function.logicalId(), Map.of()));
        new LambdaFunction(function, SamOptions.codeRoot(template)); // the jar is built, or a usage error
        ChildJvm.Output output = arguments.value(LOG_FILE.name()).map(file -> ChildJvm.Output.logFile(Path.of(file), true))
                .orElse(ChildJvm.Output.TERMINAL);
        Path eventFile = Files.createTempFile("sam-local-event-", ".json"); // owner-only, as createTempFile makes it
        try {
            Files.write(eventFile, event);
            Optional<Path> eventsFile = Launcher.eventsFile(arguments);
            try (LocalEventBus eventBus = LocalEventBus.start(Launcher.region(), eventsFile,
                    template.eventBuses())) {
                Launcher.announce(eventBus, eventsFile);
                return Launcher.withTable(arguments, template, dynamoDb -> {
                    Map<String, String> env = new LinkedHashMap<>(functionEnv);
                    env.putAll(environment.aws(dynamoDb.endpoint(), eventBus.endpoint()));
                    env.put("AWS_LAMBDA_FUNCTION_NAME", function.logicalId());
                    List<String> jvm = new ArrayList<>(FUNCTION_JVM);
                    debugging.ifPresent(debug -> jvm.addAll(debug.jvmOptions()));
                    Process child = ChildJvm.start(env, List.of(InvokeHereCommand.VERB, TEMPLATE.name(),
                            template.file().toString(), function.logicalId(), eventFile.toString()), jvm, output);
                    if (debugging.isPresent()) {
                        debugging.get().announce(child, function.logicalId() + "'s JVM");
                    }
                    return ChildJvm.await(child);
                });
            }
        } finally {
            Files.deleteIfExists(eventFile);
        }
    }

    /** The function named, or the template's only one, as SAM CLI takes it. */
    private static SamTemplate.Function function(Arguments arguments, SamTemplate template) {
        if (!arguments.positionals().isEmpty()) {
            return arguments.function(template);
        }
        if (template.functions().size() == 1) {
            return template.functions().get(0);
        }
        throw new UsageException("You must provide a function logical ID when there are more than one functions in your"
                + " template. Possible options in your template: " + template.functions().stream()
                .map(SamTemplate.Function::logicalId).collect(Collectors.joining(", ", "[", "]")));
    }

    /** -e's event (a file, or stdin for -), else {}, checked to be a JSON object before anything starts. */
    private static byte[] event(Arguments arguments) throws IOException {
        Optional<String> name = arguments.value(EVENT.name());
        if (name.isEmpty()) {
            return "{}".getBytes(StandardCharsets.UTF_8);
        }
        String source = name.get().equals("-") ? "the event on stdin" : "event file " + name.get();
        byte[] event;
        if (name.get().equals("-")) {
            Log.SAM_LOCAL.line("reading the event from stdin (-e FILE reads it from a file)");
            event = System.in.readAllBytes();
        } else {
            Path file = Path.of(name.get());
            if (!Files.isRegularFile(file)) {
                throw new UsageException("event file " + name.get() + " does not exist");
            }
            event = Files.readAllBytes(file);
        }
        try {
            if (!(JSON.std.anyFrom(event) instanceof Map)) {
                throw new UsageException(source + " is not a JSON object");
            }
        } catch (IOException e) {
            throw new UsageException(source + " is not valid JSON: " + SamLocal.firstLine(e.getMessage()));
        }
        return event;
    }
}
