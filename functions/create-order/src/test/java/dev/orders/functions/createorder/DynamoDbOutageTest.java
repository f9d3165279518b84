package dev.orders.functions.createorder;

import static dev.orders.http.support.Api.invoke;
import static dev.orders.http.support.Api.variant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.orders.core.feed.CursorCodec;
import dev.orders.core.feed.FeedRequest;
import dev.orders.core.order.OrderSummary;
import dev.orders.dynamodb.feed.OrderFeeds;
import dev.orders.dynamodb.order.OrderReads;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.http.support.Api.Reply;
import dev.orders.http.support.Api;
import dev.orders.http.support.SampleEvents;
import dev.orders.wiring.Services;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.template.TemplateTable;
import dev.orders.testsupport.TestTable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DynamoDB goes away in the middle of a load and comes back on the same port, with its data on disk.
 * One handler, built once from the environment as Lambda builds it, serves throughout.
 */
class DynamoDbOutageTest {
    private static final String SAMPLE = "create-order/create-order";
    private static final int CLIENTS = 4;
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @TempDir
    Path dataDir;

    private final Map<Integer, Reply> replies = new ConcurrentHashMap<>();
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger created = new AtomicInteger();
    private final AtomicInteger unavailable = new AtomicInteger();
    private volatile boolean running = true;

    @Test
    void duringAnOutageClientsGet503AndEveryAcknowledgedOrderIsThereAfterTheRestart() throws InterruptedException {
        try (LocalDynamoDb server = LocalDynamoDb.startChildProcess(LocalDynamoDb.Options.defaults().withDataDir(dataDir))) {
            String tableName = "orders-outage";
            TemplateTable.load(RepositoryRoot.template(), TemplateTable.ORDERS_TABLE).createIn(server.client(), tableName);
            new Fixture(new TestTable(tableName, server.client())).seedSampleProducts();
            CreateOrderFunction function = new CreateOrderFunction(
                    Services.fromEnvironment(Api.environment(tableName, server.endpoint())));

            List<Thread> clients = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                Thread client = new Thread(() -> {
                    while (running) {
                        int n = requests.incrementAndGet();
                        Reply reply = invoke(function, order(n));
                        replies.put(n, reply);
                        (reply.status() == 201 ? created : unavailable).incrementAndGet();
                    }
                }, "client-" + c);
                client.start();
                clients.add(client);
            }
            awaitUntil(() -> created.get() >= 20, "orders created before the outage");
            server.stop();
            int unavailableBefore = unavailable.get();
            awaitUntil(() -> unavailable.get() >= unavailableBefore + 2 * CLIENTS, "503s during the outage");
            server.start();
            int createdBeforeRestart = created.get();
            awaitUntil(() -> created.get() >= createdBeforeRestart + 20, "orders created after the restart");
            running = false;
            for (Thread client : clients) {
                client.join();
            }

            System.err.printf("[outage] %d requests: %d created, %d answered 503%n",
                    replies.size(), created.get(), unavailable.get());
            for (Reply reply : replies.values()) {
                assertTrue(reply.status() == 201 || reply.status() == 503, reply.status() + " " + reply.response().getBody());
                if (reply.status() == 503) {
                    assertEquals("1", reply.header("retry-after").orElseThrow());
                }
            }
            OrdersTable table = new OrdersTable(server.client(), tableName);
            CursorCodec cursors = new CursorCodec(Api.CURSOR_SECRET.getBytes(StandardCharsets.UTF_8));
            OrderReads orders = new OrderReads(table, cursors);
            OrderFeeds feeds = new OrderFeeds(table, cursors);
            for (Map.Entry<Integer, Reply> request : replies.entrySet()) {
                int n = request.getKey();
                Object orderId;
                if (request.getValue().status() == 201) {
                    // Acknowledged: durable, read back with a strongly consistent read of the base table.
                    orderId = request.getValue().json().get("orderId");
                    assertTrue(orders.findAggregate(customer(n), (String) orderId).isPresent(), "order " + n + " " + orderId);
                } else {
                    // Refused with 503: the client's retry (same key) ends with an order.
                    Reply retry = invoke(function, order(n));
                    assertEquals(201, retry.status(), retry.response().getBody());
                    orderId = retry.json().get("orderId");
                }
                // Exactly one order per request: the customer's timeline (an index, so eventually consistent).
                awaitUntil(() -> List.of(orderId).equals(feeds.customerTimeline(customer(n), FeedRequest.first(10))
                        .items().stream().map(OrderSummary::orderId).toList()), "timeline of order " + n + " = [" + orderId + "]");
            }
        } finally {
            running = false;
        }
    }

    /** Order n: its own customer and Idempotency-Key, so each request's fate can be checked alone. */
    @SuppressWarnings("unchecked")
    private static APIGatewayV2HTTPEvent order(int n) {
        Map<String, Object> headers = new HashMap<>((Map<String, Object>) SampleEvents.json(SAMPLE).get("headers"));
        headers.put("idempotency-key", "outage-" + n);
        return Api.as(variant(SAMPLE, Map.of("headers", headers, "pathParameters", Map.of("customerId", customer(n)))),
                customer(n));
    }

    private static String customer(int n) {
        return "c-outage-" + n;
    }

    /** Waits for a count to be reached; the deadline only keeps a broken build from hanging. */
    private static void awaitUntil(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not reached within " + PATIENCE + ": " + what);
            }
            Thread.sleep(5);
        }
    }
}
