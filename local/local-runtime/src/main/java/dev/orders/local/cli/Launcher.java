package dev.orders.local.cli;

import dev.orders.local.UsageException;
import dev.orders.local.lambda.FunctionEnvironment;
import dev.orders.localaws.Log;
import dev.orders.localaws.OwnerOnly;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.events.LocalEventBus;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.localaws.template.TemplateTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The launcher side of start-api and invoke: Dynoxide with the template's table, around the
 * functions' JVM ({@link ChildJvm}). A handler reads its configuration with System.getenv, which
 * is one per process, so the launcher computes the functions' environment and starts that JVM with it.
 */
final class Launcher {
    private Launcher() {
    }

    /** --events FILE: where the local event bus appends every event it accepts. */
    static Optional<Path> eventsFile(Arguments arguments) {
        return Optional.ofNullable(arguments.value("--events", null)).map(path -> Path.of(path).toAbsolutePath());
    }

    /** The region the functions and the local bus name: AWS_REGION of the caller, else us-east-1. */
    static String region() {
        return Optional.ofNullable(System.getenv("AWS_REGION")).filter(r -> !r.isBlank()).orElse("us-east-1");
    }

    /** Says where the local event bus listens, and where it writes. */
    static void announce(LocalEventBus bus, Optional<Path> eventsFile) {
        Log.SAM_LOCAL.line("event bus at " + bus.endpoint()
                + eventsFile.map(file -> ", appending every event it accepts to " + file).orElse(""));
    }

    /** What runs while Dynoxide is up. */
    interface WithTable {
        int run(LocalDynamoDb dynamoDb) throws Exception;
    }

    /** The template's variables for the functions, {@code !Ref OrdersTable} being the local table. */
    static FunctionEnvironment environment(SamTemplate template) {
        return new FunctionEnvironment(template, TemplateTable.ORDERS_TABLE, SamLocal.TABLE_NAME, System::getenv);
    }

    /** Dynoxide (in memory, or under --data-dir) with the template's table, for the length of {@code body}. */
    static int withTable(Arguments arguments, SamTemplate template, WithTable body) throws Exception {
        LocalDynamoDb.Options options = LocalDynamoDb.Options.defaults();
        String dataDir = arguments.value("--data-dir", null);
        if (dataDir != null) {
            // Made here, whichever DynamoDB runs: the stream's positions and dead letters are kept there too.
            try {
                options = options.withDataDir(OwnerOnly.directories(Path.of(dataDir).toAbsolutePath()));
            } catch (IOException e) {
                throw new UsageException("--data-dir " + dataDir + " cannot be made: " + SamLocal.firstLine(e.toString()));
            }
        }
        try (LocalDynamoDb dynamoDb = LocalDynamoDb.launch(options)) {
            boolean created = template.table(TemplateTable.ORDERS_TABLE).createIfAbsent(dynamoDb.client(), SamLocal.TABLE_NAME);
            Log.SAM_LOCAL.line("table " + SamLocal.TABLE_NAME + (created ? " created from template.yaml" : " already exists (kept)")
                    + " at " + dynamoDb.endpoint());
            return body.run(dynamoDb);
        }
    }
}
