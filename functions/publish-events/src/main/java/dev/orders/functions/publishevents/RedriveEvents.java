package dev.orders.functions.publishevents;

import dev.orders.core.order.Ids;
import dev.orders.core.validation.ValidationException;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.lambda.aws.AwsClients;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;

/**
 * The operator's redrive of the publisher's dead letters (docs/EVENTS.md, "Redriving dead-lettered events"),
 * run from this module's classes (not the function's jar, which leaves it out) with the environment the
 * publisher has (TABLE_NAME, EVENT_BUS_NAME, EVENT_SOURCE) and the operator's credentials:
 * {@code java -cp <classes and target/classpath.txt> dev.orders.functions.publishevents.RedriveEvents --dead-letters FILE}
 * or {@code --order ORDER_ID [--from VERSION] [--to VERSION]}. Prints each event id it republished; exit code
 * 0 when all were, 1 when one could not be (nothing after it sent), 2 for bad input (nothing sent).
 */
public final class RedriveEvents {
    static final String USAGE = "usage: RedriveEvents --dead-letters FILE | --order ORDER_ID [--from VERSION] [--to VERSION]";
    private static final String TABLE_NAME = "TABLE_NAME";
    private static final String DYNAMODB_ENDPOINT = "AWS_ENDPOINT_URL_DYNAMODB";
    private static final String STREAMS_ENDPOINT = "AWS_ENDPOINT_URL_DYNAMODB_STREAMS";

    private RedriveEvents() {
    }

    public static void main(String[] args) {
        System.exit(run(List.of(args), System.getenv(), System.out, System.err));
    }

    /** The command on {@code env}'s table and bus; its exit code. */
    public static int run(List<String> args, Map<String, String> env, PrintStream out, PrintStream err) {
        Request request;
        try {
            request = Request.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("redrive: " + e.getMessage() + "\n" + USAGE);
            return 2;
        }
        try (DynamoDbClient dynamoDb = AwsClients.endpoint(AwsClients.configure(DynamoDbClient.builder(), env,
                     AwsClients.httpClient()).overrideConfiguration(AwsClients.overrides().build()), env, DYNAMODB_ENDPOINT).build();
             DynamoDbStreamsClient streams = AwsClients.endpoint(AwsClients.configure(DynamoDbStreamsClient.builder(), env,
                     AwsClients.httpClient()).overrideConfiguration(AwsClients.overrides().build()), env, STREAMS_ENDPOINT).build();
             EventBridgeClient eventBridge = PublishEventsFunction.eventBridge(env)) {
            EventRedrive redrive = new EventRedrive(new OrdersTable(dynamoDb, AwsClients.required(env, TABLE_NAME)), streams,
                    new EventPublisher(eventBridge, AwsClients.required(env, PublishEventsFunction.EVENT_BUS_NAME)),
                    AwsClients.required(env, PublishEventsFunction.EVENT_SOURCE));
            return report(request.ranges().isEmpty() ? redrive.deadLetters(request.deadLetters()) : redrive.orders(request.ranges()),
                    out, err);
        } catch (IllegalStateException e) {
            err.println("redrive: " + e.getMessage());
            return 2;
        }
    }

    private static int report(EventRedrive.Outcome outcome, PrintStream out, PrintStream err) {
        if (outcome instanceof EventRedrive.Outcome.Republished republished) {
            republished.eventIds().forEach(id -> out.println("republished " + id));
            err.println("redrive: republished " + republished.eventIds().size() + " events");
            return 0;
        }
        if (outcome instanceof EventRedrive.Outcome.StoppedAt stopped) {
            stopped.republished().forEach(id -> out.println("republished " + id));
            err.println("redrive: " + stopped.eventId() + " was not published (" + stopped.reason()
                    + "); nothing after it was sent: run the same redrive again once the cause is fixed");
            return 1;
        }
        err.println("redrive: nothing republished: " + ((EventRedrive.Outcome.Refused) outcome).reason());
        return 2;
    }

    /** What to redrive: the dead-letter messages of a file, or one order's versions. */
    record Request(List<DeadLetter> deadLetters, List<EventRedrive.Range> ranges) {
        static Request parse(List<String> args) {
            String file = null;
            String order = null;
            String from = null;
            String to = null;
            for (int i = 0; i < args.size(); i += 2) {
                String option = args.get(i);
                if (i + 1 >= args.size()) {
                    throw new IllegalArgumentException(option + " needs a value");
                }
                String value = args.get(i + 1);
                switch (option) {
                    case "--dead-letters" -> file = value;
                    case "--order" -> order = value;
                    case "--from" -> from = value;
                    case "--to" -> to = value;
                    default -> throw new IllegalArgumentException("unknown option " + option);
                }
            }
            if ((file == null) == (order == null)) {
                throw new IllegalArgumentException("give either --dead-letters or --order");
            }
            if (file != null) {
                if (from != null || to != null) {
                    throw new IllegalArgumentException("--from and --to go with --order");
                }
                return new Request(deadLetters(Path.of(file)), List.of());
            }
            try {
                Ids.orderId(order);
            } catch (ValidationException e) {
                throw new IllegalArgumentException("--order: " + e.getMessage());
            }
            return new Request(List.of(), List.of(new EventRedrive.Range(order,
                    version("--from", from, 1), version("--to", to, EventRedrive.MAX_VERSION))));
        }

        private static long version(String option, String value, long otherwise) {
            if (value == null) {
                return otherwise;
            }
            try {
                long version = Long.parseLong(value);
                if (version >= 1 && version <= EventRedrive.MAX_VERSION) {
                    return version;
                }
            } catch (NumberFormatException e) {
                // said below
            }
            throw new IllegalArgumentException(option + " is no version (1 to " + EventRedrive.MAX_VERSION + "): " + value);
        }

        /** One message body a line, as {@code aws sqs receive-message} gives them; every line is checked before anything is sent. */
        private static List<DeadLetter> deadLetters(Path file) {
            List<String> lines;
            try {
                lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
            }
            List<DeadLetter> letters = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).isBlank()) {
                    continue;
                }
                try {
                    letters.add(DeadLetter.parse(lines.get(i)));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(file + ", line " + (i + 1) + ": " + e.getMessage());
                }
            }
            if (letters.isEmpty()) {
                throw new IllegalArgumentException(file + " holds no dead-letter message");
            }
            return letters;
        }
    }
}
