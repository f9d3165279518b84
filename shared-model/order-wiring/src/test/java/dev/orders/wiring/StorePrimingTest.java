package dev.orders.wiring;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.dynamodb.support.Fixture;
import dev.orders.lambda.aws.AwsClients;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.faults.FaultyHttpClient.Fault;
import dev.orders.testsupport.faults.FaultyHttpClient;
import dev.orders.testsupport.lambda.LogCapture;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;

/** What the store primes before a SnapStart snapshot ({@link Services#storePriming}): one read, nothing written. */
@ExtendWith(DynamoDbExtension.class)
class StorePrimingTest {
    private Map<String, String> env;
    private FaultyHttpClient http;
    private Services services;
    private Fixture fx;

    @BeforeEach
    void setUp(TestTable table, LocalDynamoDb server) {
        fx = new Fixture(table);
        env = new HashMap<>(Map.of(Services.TABLE_NAME, table.tableName(), Services.CURSOR_SECRET, "test cursor secret",
                Services.DYNAMODB_ENDPOINT, server.endpoint().toString(), "AWS_REGION", "us-east-1",
                "AWS_ACCESS_KEY_ID", "local", "AWS_SECRET_ACCESS_KEY", "local"));
        http = new FaultyHttpClient(UrlConnectionHttpClient.builder().build());
        services = Services.fromEnvironment(env, Services.dynamoDb(env, http));
    }

    @Test
    void beforeTheSnapshotOneReadOfTheTableRunsAndNothingIsWritten() {
        var logged = LogCapture.stdout(() -> {
            services.storePriming().beforeCheckpoint(null);
            return null;
        });

        assertEquals(1, http.attempts("GetItem").size());
        assertEquals(0, fx.itemCount());
        assertEquals(List.of("SnapStart priming ran the store"),
                logged.lines().stream().map(line -> line.get("message")).toList());
    }

    @Test
    void aFailedPrimingDoesNotFailTheSnapshot() {
        http.failAlways("GetItem", Fault.SERVICE_UNAVAILABLE);

        services.storePriming().beforeCheckpoint(null);

        assertEquals(AwsClients.MAX_ATTEMPTS, http.attempts("GetItem").size());
    }
}
