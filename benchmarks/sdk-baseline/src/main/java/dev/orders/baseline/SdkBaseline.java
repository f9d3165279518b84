package dev.orders.baseline;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * The program a user writes first, in a fresh JVM on a classpath of the SDK alone:
 * {@code DynamoDbClient.create()} with every default (region and credential chains, the default Apache
 * HTTP client; Dynoxide's endpoint from the standard AWS_ENDPOINT_URL_DYNAMODB), then the DynamoDB
 * requests a function's route made, as recorded from it ({@link RecordedRequests}). Prints the time
 * since JVM start.
 * Usage: {@code SdkBaseline TABLE REQUESTS_FILE}.
 */
public final class SdkBaseline {
    private SdkBaseline() {
    }

    public static void main(String[] args) throws IOException {
        List<DynamoDbRequest> requests = RecordedRequests.read(Path.of(args[1]), args[0]);
        DynamoDbClient client = DynamoDbClient.create();
        for (DynamoDbRequest request : requests) {
            RecordedRequests.send(client, request);
        }
        long respondedAt = System.currentTimeMillis();
        // As the function's probe (the bench's ClassLoads): classes logged after this line were not needed to respond.
        System.out.println("responded");
        long sinceJvmStart = respondedAt - ManagementFactory.getRuntimeMXBean().getStartTime();
        System.out.println("first-response-ms=" + sinceJvmStart);
        System.exit(0);
    }
}
