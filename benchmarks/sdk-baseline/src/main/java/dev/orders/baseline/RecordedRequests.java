package dev.orders.baseline;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * DynamoDB requests as a function's client sent them, written to a file and read back to be sent again
 * on another table: the SDK sides of the benchmarks make the requests recorded from the functions, so no
 * hand-written copy of an access pattern can drift from the code. A request is written field by field,
 * and refused if it has a field {@link RequestLayout} does not carry (it would be sent short); a transaction's
 * client request token is made anew when read, as DynamoDB refuses a token reused with other parameters.
 */
public final class RecordedRequests {
    private RecordedRequests() {
    }

    /** Writes {@code requests}, recorded on {@code table}, to {@code file}. */
    public static void write(List<? extends SdkRequest> requests, String table, Path file) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
            RequestFieldWriter writer = new RequestFieldWriter(out, table);
            writer.count(requests.size());
            for (SdkRequest request : requests) {
                DynamoDbRequest written = request(writer, request);
                if (!written.equalsBySdkFields(request)) {
                    throw new IllegalArgumentException("a field of " + request + " would not be sent again; "
                            + "what would be: " + written);
                }
            }
        }
    }

    /** The requests of {@code file}, on {@code table}. */
    public static List<DynamoDbRequest> read(Path file, String table) throws IOException {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            RequestFieldReader reader = new RequestFieldReader(in, table);
            int count = reader.count(0);
            List<DynamoDbRequest> requests = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                requests.add(request(reader, null));
            }
            return requests;
        }
    }

    /** Sends {@code request} with {@code client}, as the recording client's method of its operation did. */
    public static void send(DynamoDbClient client, SdkRequest request) {
        RecordedOperation.of(request)
                .orElseThrow(() -> new IllegalArgumentException("no way to send " + operation(request)))
                .send(client, request);
    }

    /** The DynamoDB operation of {@code request}, e.g. {@code GetItem}. */
    public static String operation(SdkRequest request) {
        return RecordedOperation.name(request.getClass());
    }

    /** The request of {@code f}: its operation's name, then its carried fields ({@link RecordedOperation}). */
    private static DynamoDbRequest request(RequestFields f, SdkRequest recorded) throws IOException {
        String operation = f.string(recorded == null ? null : operation(recorded));
        return RecordedOperation.named(operation)
                .orElseThrow(() -> new IllegalArgumentException("no way to record " + operation))
                .fields(f, recorded);
    }
}
