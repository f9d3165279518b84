package dev.orders.local.cli;

import dev.orders.local.UsageException;
import dev.orders.local.lambda.FunctionEnvironment;
import dev.orders.localaws.ChildProcesses;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.template.SamTemplate;
import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code redrive (--dead-letters FILE | --order ORDER_ID [--from N] [--to N]) --event-bus URL}: the
 * publisher module's redrive of dead-lettered events ({@code RedriveEvents}, run from its classes as an
 * operator runs it against AWS) against a running start-api: its Dynoxide (DYNAMODB_ENDPOINT) and its event
 * bus (the URL it logs), with the environment the template gives the publisher.
 */
final class RedriveCommand implements Command {
    private static final String PUBLISHER = "PublishEventsFunction";
    private static final String MAIN = "dev.orders.functions.publishevents.RedriveEvents";
    private static final List<String> FORWARDED = List.of("--dead-letters", "--order", "--from", "--to");
    static final Usage USAGE = Usage.ownCommand("redrive", "", "Republishes dead-lettered order events from the table of"
                    + " a running start-api (DYNAMODB_ENDPOINT: the endpoint it logs) to its event bus, with the"
                    + " publisher's redrive command.",
            List.of("DYNAMODB_ENDPOINT=http://127.0.0.1:PORT ./sam-local redrive --dead-letters /tmp/orders/stream-dead-letters.jsonl"
                    + " --event-bus http://127.0.0.1:BUS_PORT"),
            List.of(new Usage.Section("Options",
                    Option.value("FILE", "The dead letters to redrive (stream-dead-letters.jsonl).", "--dead-letters"),
                    Option.value("ORDER_ID", "Or the events of this order...", "--order"),
                    Option.value("N", "... from this version ...", "--from"),
                    Option.value("N", "... to this version.", "--to"),
                    Option.value("URL", "The running start-api's event bus (it logs \"event bus at URL\").", "--event-bus"))));

    @Override
    public Usage usage() {
        return USAGE;
    }

    @Override
    public int run(Arguments arguments) throws Exception {
        String eventBus = arguments.value("--event-bus", null);
        if (eventBus == null) {
            throw new UsageException("redrive needs the running start-api's event bus: --event-bus URL (start-api logs"
                    + " \"event bus at URL\")");
        }
        String dynamoDb = System.getenv(LocalDynamoDb.ENDPOINT_ENV);
        if (dynamoDb == null || dynamoDb.isBlank()) {
            throw new UsageException("redrive needs the running start-api's DynamoDB: set " + LocalDynamoDb.ENDPOINT_ENV
                    + " to the endpoint it logs (\"table orders-local ... at URL\")");
        }
        SamTemplate template = SamTemplate.repository();
        SamTemplate.Function publisher = template.function(PUBLISHER).orElseThrow();
        Path module = RepositoryRoot.locate().resolve(publisher.codeUri()).getParent().getParent();
        Path classpath = module.resolve("target/classpath.txt");
        if (!Files.isRegularFile(classpath)) {
            throw new UsageException(classpath + " is missing (run ./mvnw -DskipTests package)");
        }
        FunctionEnvironment environment = Launcher.environment(template);
        Map<String, String> env = new LinkedHashMap<>(environment.of(publisher, Map.of()));
        env.putAll(environment.aws(URI.create(dynamoDb), URI.create(eventBus)));
        env.put("AWS_ENDPOINT_URL_DYNAMODB_STREAMS", dynamoDb);
        List<String> command = new ArrayList<>(List.of(ChildProcesses.javaExecutable(), "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-cp", module.resolve("target/classes") + File.pathSeparator
                        + RepositoryRoot.classpath(classpath), MAIN));
        for (String option : FORWARDED) {
            if (arguments.flag(option)) {
                command.addAll(List.of(option, arguments.value(option, "")));
            }
        }
        ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
        FunctionEnvironment.replace(builder.environment(), env);
        return builder.start().waitFor();
    }
}
