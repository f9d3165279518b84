package dev.orders.wiring;

import dev.orders.application.port.ProductStore;
import dev.orders.application.port.CustomerStore;
import dev.orders.application.port.OrderStore;
import dev.orders.application.port.StoreFaults;
import dev.orders.application.port.OrderFeedStore;
import dev.orders.application.port.OrderReadStore;
import dev.orders.application.port.PaymentIssueStore;
import dev.orders.application.port.PaymentWindowStore;
import dev.orders.core.feed.CursorCodec;
import dev.orders.dynamodb.customer.CustomerRepository;
import dev.orders.dynamodb.feed.OrderFeeds;
import dev.orders.dynamodb.order.DynamoDbOrderStore;
import dev.orders.dynamodb.order.OrderReads;
import dev.orders.dynamodb.order.PaymentIssues;
import dev.orders.dynamodb.order.PaymentWindows;
import dev.orders.dynamodb.order.ProcessedRequestCodec;
import dev.orders.dynamodb.processed.ProcessedRecords;
import dev.orders.dynamodb.product.ProductCatalog;
import dev.orders.dynamodb.table.DynamoDbFaults;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.dynamodb.table.RequestLog;
import dev.orders.dynamodb.table.UnansweredAttempts;
import dev.orders.lambda.aws.AwsClients;
import dev.orders.lambda.aws.SecretSource;
import dev.orders.lambda.snapstart.SnapStartPriming;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Map;
import java.util.function.Supplier;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The composition root of an HTTP function: the table, the clock and the cursor key, and the ports built
 * on them over the DynamoDB adapter. A function makes the use cases it routes to from these ports
 * ({@code new ChangeOrderStatus(services.orders(), services.clock())}), so a new use case needs no change here. Configured from the environment the template gives each function; the cursor key is
 * read through a {@link SecretSource} on every use of a cursor.
 */
public record Services(OrdersTable table, Clock clock, CursorCodec cursors) {
    public static final String TABLE_NAME = "TABLE_NAME";
    public static final String STATUS_FEED_SHARDS = "STATUS_FEED_SHARDS";
    /** The cursor key ({@link SecretSource}: its id in {@code CURSOR_SECRET_ID}, or its value locally). */
    public static final String CURSOR_SECRET = "CURSOR_SECRET";
    /** The SDK's own name for a DynamoDB endpoint override (Dynoxide). */
    public static final String DYNAMODB_ENDPOINT = "AWS_ENDPOINT_URL_DYNAMODB";
    /** A valid order id no order will ever have: ids the service creates are ULIDs. */
    static final String PRIMING_ORDER_ID = "snapstart-priming";

    public static Services fromEnvironment() {
        return fromEnvironment(System.getenv());
    }

    /** As Lambda builds a function that reads no secret from Secrets Manager. */
    public static Services fromEnvironment(Map<String, String> env) {
        return fromEnvironment(env, SecretSource.NO_STORE);
    }

    /** As Lambda builds a function: also primes the store's client for a SnapStart snapshot. */
    public static Services fromEnvironment(Map<String, String> env, Supplier<SecretSource.SecretStore> secrets) {
        Services services = fromEnvironment(env, dynamoDb(env), secrets);
        SnapStartPriming.registerIfSnapStart(env, services.storePriming());
        return services;
    }

    public static Services fromEnvironment(Map<String, String> env, DynamoDbClient client) {
        return fromEnvironment(env, client, SecretSource.NO_STORE);
    }

    /** {@code secrets}: where the cursor key is read when the environment holds its id ({@link SecretsManagerStore}). */
    private static Services fromEnvironment(Map<String, String> env, DynamoDbClient client,
                                            Supplier<SecretSource.SecretStore> secrets) {
        String tableName = AwsClients.required(env, TABLE_NAME);
        String shards = env.getOrDefault(STATUS_FEED_SHARDS, Integer.toString(OrdersTable.DEFAULT_STATUS_SHARDS));
        int statusShards;
        try {
            statusShards = Integer.parseInt(shards.trim());
        } catch (NumberFormatException e) {
            throw new IllegalStateException(STATUS_FEED_SHARDS + " must be a whole number", e);
        }
        // Read on use, not here: only query-orders reads cursors, so only it is given the cursor secret.
        SecretSource cursorSecret = SecretSource.fromEnvironment(env, CURSOR_SECRET, secrets)
                .orElse(SecretSource.missing(CURSOR_SECRET));
        CursorCodec cursors = new CursorCodec(() -> cursorSecret.value().getBytes(StandardCharsets.UTF_8));
        return new Services(new OrdersTable(client, tableName, statusShards), Clock.systemUTC(), cursors);
    }

    /**
     * The production client ({@link AwsClients}); a failed call remembers whether an attempt went
     * unanswered, so the 503 it becomes claims no more than is known; at DEBUG each call is logged ({@link RequestLog}).
     */
    public static DynamoDbClient dynamoDb(Map<String, String> env) {
        return dynamoDb(env, AwsClients.httpClient());
    }

    /** As {@link #dynamoDb(Map)}, over another HTTP client (tests put faults there). */
    public static DynamoDbClient dynamoDb(Map<String, String> env, SdkHttpClient httpClient) {
        return AwsClients.endpoint(AwsClients.configure(DynamoDbClient.builder(), env, httpClient)
                .overrideConfiguration(AwsClients.overrides().addExecutionInterceptor(new UnansweredAttempts())
                        .addExecutionInterceptor(new RequestLog()).build()),
                env, DYNAMODB_ENDPOINT).build();
    }

    public CustomerStore customers() {
        return new CustomerRepository(table, clock);
    }

    public ProductStore products() {
        return productCatalog();
    }

    public OrderReadStore orderReads() {
        return reads();
    }

    public OrderFeedStore orderFeeds() {
        return new OrderFeeds(table, cursors);
    }

    public PaymentIssueStore paymentIssues() {
        return new PaymentIssues(table, cursors);
    }

    /** The orders awaiting payment, by shard and oldest first: what the payment window's sweep reads. */
    public PaymentWindowStore paymentWindows() {
        return new PaymentWindows(table);
    }

    /** How DynamoDB's failures answer: 503 that may pass, or an outcome unknown. */
    public StoreFaults storeFaults() {
        return new DynamoDbFaults();
    }

    /** The port every use case of an order reads and commits through. */
    public OrderStore orders() {
        ProcessedRecords records = new ProcessedRecords(table, clock);
        return new DynamoDbOrderStore(table, reads(), productCatalog(), records,
                new ProcessedRequestCodec(records, clock));
    }

    /**
     * The store's part of a SnapStart snapshot: a consistent read of an order that never exists, through
     * the repository and the SDK client (signing, endpoint rules, retry strategy, HTTP connection, JSON
     * protocol). Nothing is written.
     */
    public SnapStartPriming storePriming() {
        return new SnapStartPriming("the store", () -> reads().findRootById(PRIMING_ORDER_ID));
    }

    private OrderReads reads() {
        return new OrderReads(table, cursors);
    }

    private ProductCatalog productCatalog() {
        return new ProductCatalog(table, clock);
    }
}
