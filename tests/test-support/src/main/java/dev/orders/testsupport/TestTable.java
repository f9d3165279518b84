package dev.orders.testsupport;

import dev.orders.localaws.dynamodb.LocalDynamoDb;
import java.net.URI;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A freshly created orders table (from template.yaml's {@code OrdersTable}) that belongs to one
 * test method, and the client to reach it. Injected by {@link DynamoDbExtension}.
 */
public record TestTable(String tableName, DynamoDbClient client) {

    /**
     * A client of its own for the code under test, to the same Dynoxide, with {@code interceptors}
     * (e.g. a privilege recorder, which must see the function's calls and not the test's own).
     */
    public DynamoDbClient newClient(ExecutionInterceptor... interceptors) {
        URI endpoint = client.serviceClientConfiguration().endpointOverride()
                .orElseThrow(() -> new IllegalStateException("the test table's client has no Dynoxide endpoint"));
        ClientOverrideConfiguration.Builder overrides = ClientOverrideConfiguration.builder();
        for (ExecutionInterceptor interceptor : interceptors) {
            overrides.addExecutionInterceptor(interceptor);
        }
        return LocalDynamoDb.clientBuilder(endpoint).overrideConfiguration(overrides.build()).build();
    }
}
