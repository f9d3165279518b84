package dev.orders.http.wiring;

import dev.orders.core.feed.CursorCodec;
import dev.orders.dynamodb.customer.CustomerRepository;
import dev.orders.dynamodb.feed.OrderFeeds;
import dev.orders.dynamodb.order.LineIntake;
import dev.orders.dynamodb.order.OrderIntake;
import dev.orders.dynamodb.order.OrderLines;
import dev.orders.dynamodb.order.OrderReads;
import dev.orders.dynamodb.order.OrderWrites;
import dev.orders.dynamodb.payment.PaymentEventProcessor;
import dev.orders.dynamodb.processed.ProcessedRecords;
import dev.orders.dynamodb.product.ProductCatalog;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.dynamodb.table.UnansweredAttempts;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.ContainerCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.api.BackoffStrategy;
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

    /** As Lambda builds a function: also primes the request path for a SnapStart snapshot. */
    public static Services fromEnvironment(Map<String, String> env) {
        Services services = fromEnvironment(env, dynamoDb(env));
        SnapStartPriming.registerIfSnapStart(env, services);
        return services;
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

    /** Attempts per DynamoDB call, the first included: enough to ride out a blip, bounded in time. */
    public static final int MAX_ATTEMPTS = 4;
    /** Backoff between attempts after a 5xx or an I/O error; half jitter, so never below half of it. */
    public static final BackoffStrategy BACKOFF =
            BackoffStrategy.exponentialDelayHalfJitter(Duration.ofMillis(25), Duration.ofMillis(500));
    /** Backoff after a throttling error: longer, to let the partition's capacity refill. */
    public static final BackoffStrategy THROTTLING_BACKOFF =
            BackoffStrategy.exponentialDelayHalfJitter(Duration.ofMillis(100), Duration.ofSeconds(1));
    /**
     * One DynamoDB call, all retries included, ends well inside the function timeout (15 s) and the
     * API Gateway integration timeout (30 s), so the client hears a 503 rather than a gateway error.
     */
    public static final Duration API_CALL_TIMEOUT = Duration.ofSeconds(5);
    public static final Duration API_CALL_ATTEMPT_TIMEOUT = Duration.ofSeconds(2);
    public static final Duration CONNECTION_TIMEOUT = Duration.ofSeconds(1);
    public static final Duration SOCKET_TIMEOUT = Duration.ofSeconds(2);

    /**
     * A client with everything explicit, so nothing is discovered at cold start: the region from
     * AWS_REGION, the URL-connection HTTP client, credentials from where Lambda puts them (the
     * container endpoint under SnapStart, environment variables otherwise), and bounded retries
     * and timeouts, so an outage of DynamoDB costs a client one quick 503 rather than a hang. A failed
     * call remembers whether an attempt went unanswered, so that 503 claims no more than is known.
     */
    public static DynamoDbClient dynamoDb(Map<String, String> env) {
        return dynamoDb(env, UrlConnectionHttpClient.builder()
                .connectionTimeout(CONNECTION_TIMEOUT)
                .socketTimeout(SOCKET_TIMEOUT)
                .build());
    }

    /** As {@link #dynamoDb(Map)}, over another HTTP client (tests put faults there). */
    public static DynamoDbClient dynamoDb(Map<String, String> env, SdkHttpClient httpClient) {
        DynamoDbClientBuilder builder = DynamoDbClient.builder()
                .region(Region.of(env.getOrDefault("AWS_REGION", "us-east-1")))
                .credentialsProvider(credentials(env))
                .httpClient(httpClient)
                .overrideConfiguration(o -> o
                        .addExecutionInterceptor(new UnansweredAttempts())
                        .retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder()
                                .maxAttempts(MAX_ATTEMPTS)
                                .backoffStrategy(BACKOFF)
                                .throttlingBackoffStrategy(THROTTLING_BACKOFF)
                                .build())
                        .apiCallTimeout(API_CALL_TIMEOUT)
                        .apiCallAttemptTimeout(API_CALL_ATTEMPT_TIMEOUT));
        String endpoint = env.get(DYNAMODB_ENDPOINT);
        if (endpoint != null && !endpoint.isBlank()) {
            builder.endpointOverride(URI.create(endpoint));
        }
        return builder.build();
    }

    /**
     * The container endpoint when Lambda offers one (SnapStart: credentials must not be captured in
     * the snapshot); otherwise the keys of {@code env}, read once, as Lambda sets them for the life
     * of the execution environment.
     */
    static AwsCredentialsProvider credentials(Map<String, String> env) {
        if (env.containsKey("AWS_CONTAINER_CREDENTIALS_FULL_URI")
                || env.containsKey("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI")) {
            return ContainerCredentialsProvider.builder().build();
        }
        String keyId = env.get("AWS_ACCESS_KEY_ID");
        String secret = env.get("AWS_SECRET_ACCESS_KEY");
        if (keyId != null && secret != null) {
            String token = env.get("AWS_SESSION_TOKEN");
            return StaticCredentialsProvider.create(token == null
                    ? AwsBasicCredentials.create(keyId, secret)
                    : AwsSessionCredentials.create(keyId, secret, token));
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

    public ProductCatalog products() {
        return new ProductCatalog(table, clock);
    }

    public OrderReads orderReads() {
        return new OrderReads(table, cursors);
    }

    public OrderLines orderLines() {
        return new OrderLines(table, orderReads(), products(), processedRecords(), clock);
    }

    public LineIntake lineIntake() {
        return new LineIntake(orderLines(), processedRecords());
    }

    public OrderFeeds feeds() {
        return new OrderFeeds(table, cursors);
    }

    public OrderIntake intake() {
        return new OrderIntake(orderReads(), orderWrites(), products(), processedRecords());
    }

    public PaymentEventProcessor payments() {
        return new PaymentEventProcessor(orderReads(), orderWrites(), processedRecords(), clock);
    }

    public OrderWrites orderWrites() {
        return new OrderWrites(table, orderReads(), processedRecords(), clock);
    }

    private ProcessedRecords processedRecords() {
        return new ProcessedRecords(table, clock);
    }
}
