package dev.orders.api;

import dev.orders.model.customer.CustomerRepository;
import dev.orders.model.dynamo.OrdersTable;
import dev.orders.model.feed.CursorCodec;
import dev.orders.model.feed.OrderFeeds;
import dev.orders.model.order.OrderIntake;
import dev.orders.model.order.OrderRepository;
import dev.orders.model.order.StatusTransitions;
import dev.orders.model.payment.PaymentEventProcessor;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ContainerCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * The composition root of a function: the table, the clock and the cursor key, and the repositories
 * built on them. Configured from the environment the template gives each function.
 */
public record Services(OrdersTable table, Clock clock, CursorCodec cursors) {
    public static final String TABLE_NAME = "TABLE_NAME";
    public static final String STATUS_FEED_SHARDS = "STATUS_FEED_SHARDS";
    public static final String CURSOR_SECRET = "CURSOR_SECRET";
    /** The SDK's own name for a DynamoDB endpoint override (DynamoDB Local). */
    public static final String DYNAMODB_ENDPOINT = "AWS_ENDPOINT_URL_DYNAMODB";

    public static Services fromEnvironment() {
        return fromEnvironment(System.getenv());
    }

    public static Services fromEnvironment(Map<String, String> env) {
        return fromEnvironment(env, dynamoDb(env));
    }

    public static Services fromEnvironment(Map<String, String> env, DynamoDbClient client) {
        String tableName = required(env, TABLE_NAME);
        String shards = env.getOrDefault(STATUS_FEED_SHARDS, Integer.toString(OrdersTable.DEFAULT_STATUS_SHARDS));
        int statusShards;
        try {
            statusShards = Integer.parseInt(shards.trim());
        } catch (NumberFormatException e) {
            throw new IllegalStateException(STATUS_FEED_SHARDS + " must be a whole number", e);
        }
        CursorCodec cursors = new CursorCodec(required(env, CURSOR_SECRET).getBytes(StandardCharsets.UTF_8));
        return new Services(new OrdersTable(client, tableName, statusShards), Clock.systemUTC(), cursors);
    }

    /**
     * A client with everything explicit, so nothing is discovered at cold start: the region from
     * AWS_REGION, the URL-connection HTTP client, and credentials from where Lambda puts them (the
     * container endpoint under SnapStart, environment variables otherwise).
     */
    public static DynamoDbClient dynamoDb(Map<String, String> env) {
        DynamoDbClientBuilder builder = DynamoDbClient.builder()
                .region(Region.of(env.getOrDefault("AWS_REGION", "us-east-1")))
                .credentialsProvider(credentials(env))
                .httpClient(UrlConnectionHttpClient.builder().build());
        String endpoint = env.get(DYNAMODB_ENDPOINT);
        if (endpoint != null && !endpoint.isBlank()) {
            builder.endpointOverride(URI.create(endpoint));
        }
        return builder.build();
    }

    static AwsCredentialsProvider credentials(Map<String, String> env) {
        if (env.containsKey("AWS_CONTAINER_CREDENTIALS_FULL_URI")
                || env.containsKey("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI")) {
            return ContainerCredentialsProvider.builder().build();
        }
        if (env.containsKey("AWS_ACCESS_KEY_ID")) {
            return EnvironmentVariableCredentialsProvider.create();
        }
        return DefaultCredentialsProvider.builder().build();
    }

    private static String required(Map<String, String> env, String name) {
        String value = env.get(name);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("environment variable " + name + " is not set");
        }
        return value;
    }

    public CustomerRepository customers() {
        return new CustomerRepository(table, clock);
    }

    public OrderRepository orders() {
        return new OrderRepository(table, clock, cursors);
    }

    public OrderFeeds feeds() {
        return new OrderFeeds(table, cursors);
    }

    public OrderIntake intake() {
        return new OrderIntake(table, orders(), clock);
    }

    public PaymentEventProcessor payments() {
        return new PaymentEventProcessor(table, orders(), clock);
    }

    public StatusTransitions transitions() {
        return new StatusTransitions(orders());
    }
}
