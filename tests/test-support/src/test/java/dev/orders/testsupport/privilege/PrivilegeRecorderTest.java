package dev.orders.testsupport.privilege;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.client.builder.AwsSyncClientBuilder;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/** The IAM permissions recorded for SDK calls, as IAM evaluates them, with resources as the template names them. */
class PrivilegeRecorderTest {
    private static final String TABLE = "orders-test-table";
    private static final Map<String, AttributeValue> KEY =
            Map.of("PK", AttributeValue.fromS("P"), "SK", AttributeValue.fromS("S"));

    @TempDir
    Path dir;

    /** A recorder of a function of its own per test: the recorded calls are JVM-wide. */
    private PrivilegeRecorder recorder(TestInfo test, Map<String, String> environment) {
        String function = test.getTestMethod().orElseThrow().getName() + "Function";
        return PrivilegeRecorder.forFunction(TestTemplates.withFunction(dir, function, ""), function, environment);
    }

    private static Map<Permission, Set<String>> recorded(PrivilegeRecorder recorder) {
        return new TreeMap<>(RecordedCalls.of(recorder.function()));
    }

    @Test
    void aTransactionNeedsTheActionOfEachOfItsItemsOnItsTableAndNoTransactAction(TestInfo test) {
        PrivilegeRecorder recorder = recorder(test, Map.of("TABLE_NAME", TABLE));
        DynamoDbClient dynamoDb = client(DynamoDbClient.builder(), recorder);

        dynamoDb.transactWriteItems(b -> b.transactItems(
                t -> t.put(p -> p.tableName(TABLE).item(KEY)),
                t -> t.update(u -> u.tableName(TABLE).key(KEY).updateExpression("SET a = :a")),
                t -> t.delete(d -> d.tableName(TABLE).key(KEY)),
                t -> t.conditionCheck(c -> c.tableName(TABLE).key(KEY).conditionExpression("attribute_exists(PK)"))));
        dynamoDb.transactGetItems(b -> b.transactItems(t -> t.get(g -> g.tableName(TABLE).key(KEY))));

        Set<String> transaction = Set.of("TransactWriteItems");
        assertEquals(Map.of(
                new Permission("dynamodb:PutItem", "${Table.Arn}"), transaction,
                new Permission("dynamodb:UpdateItem", "${Table.Arn}"), transaction,
                new Permission("dynamodb:DeleteItem", "${Table.Arn}"), transaction,
                new Permission("dynamodb:ConditionCheckItem", "${Table.Arn}"), transaction,
                new Permission("dynamodb:GetItem", "${Table.Arn}"), Set.of("TransactGetItems")), recorded(recorder));
    }

    @Test
    void aQueryOfAnIndexNeedsQueryOnTheIndexAndABatchGetNeedsBatchGetItemOnTheTable(TestInfo test) {
        PrivilegeRecorder recorder = recorder(test, Map.of("TABLE_NAME", TABLE));
        DynamoDbClient dynamoDb = client(DynamoDbClient.builder(), recorder);

        dynamoDb.query(b -> b.tableName(TABLE).indexName("StatusFeed").keyConditionExpression("GSI2PK = :p"));
        dynamoDb.query(b -> b.tableName(TABLE).keyConditionExpression("PK = :p"));
        dynamoDb.batchGetItem(b -> b.requestItems(Map.of(TABLE, KeysAndAttributes.builder().keys(KEY).build())));
        dynamoDb.getItem(b -> b.tableName(TABLE).key(KEY));

        assertEquals(Map.of(
                new Permission("dynamodb:Query", "${Table.Arn}/index/StatusFeed"), Set.of("Query"),
                new Permission("dynamodb:Query", "${Table.Arn}"), Set.of("Query"),
                new Permission("dynamodb:BatchGetItem", "${Table.Arn}"), Set.of("BatchGetItem"),
                new Permission("dynamodb:GetItem", "${Table.Arn}"), Set.of("GetItem")), recorded(recorder));
    }

    @Test
    void aTableNoEnvironmentVariableNamesIsRecordedUnresolvedSoNoPolicyCanGrantIt(TestInfo test) {
        PrivilegeRecorder recorder = recorder(test, Map.of("TABLE_NAME", TABLE));

        client(DynamoDbClient.builder(), recorder).getItem(b -> b.tableName("somebody-elses-table").key(KEY));

        String function = recorder.function();
        assertEquals(Set.of(new Permission("dynamodb:GetItem", "<table 'somebody-elses-table': none of " + function
                + "'s environment variables in template.yaml holds it>")), recorded(recorder).keySet());
    }

    @Test
    void aSecretIsItsArnAsIamSeesItTheRefOfASecretOrTheNameOfAParameterWithSecretsManagersSuffix(TestInfo test) {
        String arn = "arn:aws:secretsmanager:us-east-1:123456789012:secret:cursor-key-AbCdEf";
        PrivilegeRecorder recorder = recorder(test, Map.of("KEY_ID", arn, "WEBHOOK_SECRET_ID", "order-service/payment-webhook"));
        SecretsManagerClient secrets = client(SecretsManagerClient.builder(), recorder);

        secrets.getSecretValue(b -> b.secretId(arn));
        secrets.getSecretValue(b -> b.secretId("order-service/payment-webhook"));

        assertEquals(Set.of(new Permission("secretsmanager:GetSecretValue", "${Secret}"),
                        new Permission("secretsmanager:GetSecretValue",
                                "arn:${AWS::Partition}:secretsmanager:${AWS::Region}:${AWS::AccountId}:secret:${SecretName}-??????")),
                recorded(recorder).keySet());
    }

    @Test
    void putEventsNeedsPutEventsOnTheBusOfEachEntryTheDefaultBusWhenItNamesNone(TestInfo test) {
        PrivilegeRecorder recorder = recorder(test, Map.of("BUS_NAME", "orders-bus"));

        client(EventBridgeClient.builder(), recorder).putEvents(b -> b.entries(
                e -> e.eventBusName("orders-bus").source("s").detailType("d").detail("{}"),
                e -> e.source("s").detailType("d").detail("{}")));

        assertEquals(Set.of(new Permission("events:PutEvents", "${Bus.Arn}"), new Permission("events:PutEvents",
                        "arn:${AWS::Partition}:events:${AWS::Region}:${AWS::AccountId}:event-bus/default")),
                recorded(recorder).keySet());
    }

    @Test
    void aClientWithoutTheRecorderLikeTheTestsOwnRecordsNothing(TestInfo test) {
        PrivilegeRecorder recorder = recorder(test, Map.of("TABLE_NAME", TABLE));
        DynamoDbClient testsOwn = DynamoDbClient.builder().region(Region.US_EAST_1)
                .credentialsProvider(AnonymousCredentialsProvider.create()).endpointOverride(URI.create("http://localhost:1"))
                .httpClient(new AnswersEmptyJson()).build();

        testsOwn.putItem(b -> b.tableName(TABLE).item(KEY));
        client(DynamoDbClient.builder(), recorder).getItem(b -> b.tableName(TABLE).key(KEY));

        assertEquals(Set.of(new Permission("dynamodb:GetItem", "${Table.Arn}")), recorded(recorder).keySet());
    }

    /** A client of the service with the recorder, answered {@code {}} without a network. */
    private static <B extends AwsClientBuilder<B, C> & AwsSyncClientBuilder<B, C>, C> C client(
            B builder, PrivilegeRecorder recorder) {
        return builder.region(Region.US_EAST_1).credentialsProvider(AnonymousCredentialsProvider.create())
                .endpointOverride(URI.create("http://localhost:1"))
                .httpClient(new AnswersEmptyJson())
                .overrideConfiguration(ClientOverrideConfiguration.builder().addExecutionInterceptor(recorder).build())
                .build();
    }

    /** Every request answered 200 with an empty JSON object: a successful call, whatever the operation. */
    private static final class AnswersEmptyJson implements SdkHttpClient {
        @Override
        public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
            return new ExecutableHttpRequest() {
                @Override
                public HttpExecuteResponse call() {
                    byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
                    return HttpExecuteResponse.builder()
                            .response(SdkHttpResponse.builder().statusCode(200)
                                    .putHeader("Content-Type", "application/x-amz-json-1.1")
                                    .putHeader("Content-Length", Integer.toString(body.length)).build())
                            .responseBody(AbortableInputStream.create(new ByteArrayInputStream(body)))
                            .build();
                }

                @Override
                public void abort() {
                    // Nothing in flight.
                }
            };
        }

        @Override
        public void close() {
        }
    }
}
