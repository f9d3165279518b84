package dev.orders.bench;

import dev.orders.core.payment.WebhookSignature;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.functions.expireorders.ExpireOrdersFunction;
import dev.orders.functions.publishevents.PublishEventsFunction;
import dev.orders.local.api.RequestAuthorizer;
import dev.orders.local.lambda.LambdaFunction;
import dev.orders.local.streams.LocalStreamPoller;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.events.LocalEventBus;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.localaws.template.TemplateTable;
import dev.orders.testsupport.TestTable;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;

/**
 * Section 11: what AWS would bill for an order, by service and by route. Two lives, each run against the engine through
 * the functions as deployed ({@link MeteredFunctions}): one paid, picked, shipped and partly refunded, one that expires
 * unpaid; every event they write published by the publisher from the table's stream to the bus, as sam-local runs it.
 * Priced with {@link AwsPrices}.
 */
final class OrderCost {
    /** Orders of each life run to warm the functions up (not counted), then measured (their mean is reported). */
    record Lives(int warmUp, int measured) {
    }

    /** The share of orders that are paid; the others expire unpaid. */
    static final double PAID_SHARE = 0.9;
    static final int MONTHLY_ORDERS = 1_000_000;
    private static final String PUBLISHED = "its events published";
    private static final String STREAM = "table stream → PublishEventsFunction";
    private static final String SCHEDULE = "schedule → ExpireOrdersFunction";
    private static final String CUSTOMER = Fixture.SAMPLE_CUSTOMER;
    private static final String ADMIN = "ops-grace";
    private static final String ORDER_LINES = "{\"currency\": \"EUR\", \"items\": [{\"sku\": \"MUG-BLUE\", \"quantity\": 2}, "
            + "{\"sku\": \"TEA-EARL-100G\", \"quantity\": 1}]}";
    private static final Duration AWAIT_PUBLISHED = Duration.ofMinutes(1);

    private final Fixture fx;
    private final MeteredFunctions functions;
    private final Map<String, Integer> published;
    private final String window;
    private final ExpireOrdersFunction dueSweep;
    private final SamTemplate.Function expiry;
    private final byte[] scheduledEvent;

    private OrderCost(Fixture fx, MeteredFunctions functions, Map<String, Integer> published, SamTemplate template)
            throws Exception {
        this.fx = fx;
        this.functions = functions;
        this.published = published;
        this.expiry = template.function("ExpireOrdersFunction").orElseThrow();
        this.window = template.parameterValue("PaymentWindowMinutes").orElseThrow();
        // The sweep runs on a clock past the payment window: the order it closes is due, without waiting for it.
        this.dueSweep = new ExpireOrdersFunction(functions.services(Clock.offset(Clock.systemUTC(),
                Duration.ofMinutes(Long.parseLong(window) + 1))), Map.of(ExpireOrdersFunction.PAYMENT_WINDOW_MINUTES, window));
        this.scheduledEvent = Files.readAllBytes(RepositoryRoot.locate().resolve("events/expire-orders/scheduled-event.json"));
    }

    // The poller and the bus work on their own threads while the lives run: the try only closes them ("try" lint).
    @SuppressWarnings("try")
    static void run(LocalDynamoDb dynamo, Report report, Lives lives) throws Exception {
        String table = "order-cost";
        SamTemplate template = SamTemplate.repository();
        TemplateTable.load(RepositoryRoot.template(), TemplateTable.ORDERS_TABLE).createIn(dynamo.client(), table);
        Fixture fx = new Fixture(new TestTable(table, dynamo.client()));
        fx.seedSampleProducts();
        Fixture.SAMPLE_PRODUCTS.forEach(product -> fx.stock(product.sku(), 1_000_000));
        Map<String, Integer> published = new ConcurrentHashMap<>();
        PutEventsMeter putEvents = new PutEventsMeter();
        SamTemplate.Function publisher = template.function("PublishEventsFunction").orElseThrow();
        String source = template.parameterValue("EventSource").orElseThrow();
        List<OrderLife> paid = new ArrayList<>();
        List<OrderLife> expired = new ArrayList<>();
        List<OrderLife> emptySweeps = new ArrayList<>();
        Map<String, Integer> secretCalls;
        Set<String> metrics;
        try (MeteredFunctions functions = new MeteredFunctions(dynamo.clientBuilder(), table, template);
             LocalEventBus events = LocalEventBus.start(PublisherBench.REGION, Optional.empty(), 0, template.eventBuses(),
                     List.of(new LocalEventBus.Subscription("cost", "OrderEventBus", "{\"source\": [\"" + source + "\"]}",
                             event -> published.merge(PublisherBench.eventId(event).split(":")[0], 1, Integer::sum))));
             EventBridgeClient eventBridge = PublisherBench.eventBridge(events,
                     ClientOverrideConfiguration.builder().addExecutionInterceptor(putEvents).build());
             DynamoDbStreamsClient streams = PublisherBench.streams(dynamo);
             LocalStreamPoller poller = PublisherBench.poller(dynamo, streams, table,
                     PublisherBench.handler(new PublishEventsFunction(eventBridge, "OrderEventBus", source)),
                     (requestId, batch) -> functions.invoke(STREAM, publisher, requestId, batch::invoke, putEvents::take))
                     .start()) {
            OrderCost cost = new OrderCost(fx, functions, published, template);
            for (int i = 0; i < lives.warmUp() + lives.measured(); i++) {
                OrderLife paidLife = cost.paidLife();
                OrderLife expiredLife = cost.expiredLife();
                if (i >= lives.warmUp()) {
                    paid.add(paidLife);
                    expired.add(expiredLife);
                }
            }
            for (int i = 0; i < lives.measured(); i++) {
                emptySweeps.add(cost.emptySweep());
            }
            secretCalls = functions.secretCalls();
            metrics = functions.metrics();
        }
        new CostReport(AwsPrices.load(), template).write(report, OrderLife.mean(paid), OrderLife.mean(expired),
                OrderLife.mean(emptySweeps), lives, secretCalls, metrics);
    }

    /** Created with lines, a line added and removed, checked out, captured, read, picked and shipped, refunded in part. */
    private OrderLife paidLife() throws Exception {
        Steps steps = new Steps();
        MeteredFunctions.Answer created = steps.api("create with 2 lines", "POST", "/customers/" + CUSTOMER + "/orders",
                Map.of("idempotency-key", UUID.randomUUID().toString()), ORDER_LINES, customer());
        String order = steps.order;
        List<String> lines = itemIds(created);
        String extra = (String) steps.api("add a line", "POST", customerOrder(order) + "/items", Map.of(),
                "{\"sku\": \"BISCUITS-200G\", \"quantity\": 3}", customer()).field("itemId");
        steps.api("remove it", "DELETE", customerOrder(order) + "/items/" + extra, Map.of(), null, customer());
        steps.api("checkout", "POST", customerOrder(order) + "/status", Map.of(), "{\"status\": \"AWAITING_PAYMENT\"}",
                customer());
        long total = Long.parseLong(root(order).get("total").n());
        steps.webhook("capture (payment webhook)", "payment.succeeded", order, total);
        steps.api("the customer reads it", "GET", customerOrder(order), Map.of(), null, customer());
        steps.api("the back office lists PAID orders", "GET", "/orders?status=PAID&limit=20", Map.of(), null, admin());
        for (int i = 0; i < lines.size(); i++) {
            for (String status : List.of("PICKED", "SHIPPED")) {
                steps.api((status.equals("PICKED") ? "pick" : "ship") + " line " + (i + 1), "PUT",
                        "/orders/" + order + "/items/" + lines.get(i) + "/status", Map.of(), "{\"status\": \"" + status + "\"}",
                        admin());
            }
        }
        steps.webhook("partial refund (payment webhook)", "refund.succeeded", order, Fixture.SAMPLE_PRODUCTS.get(0).unitPrice());
        return steps.life();
    }

    /** Created with lines, checked out, never paid: closed by the payment window's sweep. */
    private OrderLife expiredLife() throws Exception {
        Steps steps = new Steps();
        steps.api("create with 2 lines", "POST", "/customers/" + CUSTOMER + "/orders",
                Map.of("idempotency-key", UUID.randomUUID().toString()), ORDER_LINES, customer());
        steps.api("checkout", "POST", customerOrder(steps.order) + "/status", Map.of(),
                "{\"status\": \"AWAITING_PAYMENT\"}", customer());
        steps.step("expiry (payment window's sweep)", () -> {
            String answer = sweep(dueSweep);
            if (!answer.contains("\"expired\":1")) {
                throw new IllegalStateException("the sweep past the window expired no order: " + answer);
            }
        });
        return steps.life();
    }

    /** A run of the schedule that finds no order due, as every minute's is but the one that closes an order. */
    private OrderLife emptySweep() throws Exception {
        Steps steps = new Steps();
        ExpireOrdersFunction onTime = new ExpireOrdersFunction(functions.services(Clock.systemUTC()),
                Map.of(ExpireOrdersFunction.PAYMENT_WINDOW_MINUTES, window));
        steps.step("a sweep that finds nothing due", () -> sweep(onTime));
        return steps.life();
    }

    private String sweep(ExpireOrdersFunction function) {
        return functions.invoke(SCHEDULE, expiry, LambdaFunction.newRequestId(), context -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            function.handleRequest(new ByteArrayInputStream(scheduledEvent), out, context);
            return out.toString(StandardCharsets.UTF_8);
        }, () -> Usage.NONE);
    }

    /** The steps of one order's life, each followed by the publication of the events it wrote. */
    private final class Steps {
        private final List<OrderLife.Line> lines = new ArrayList<>();
        private Usage publishing = Usage.NONE;
        /** The order, once created. */
        String order;

        MeteredFunctions.Answer api(String step, String method, String path, Map<String, String> headers, String body,
                                    Optional<RequestAuthorizer.Jwt> caller) throws Exception {
            Map<String, String> all = new LinkedHashMap<>(headers);
            if (body != null) {
                all.put("content-type", "application/json");
            }
            MeteredFunctions.Answer[] answer = new MeteredFunctions.Answer[1];
            step(step, () -> {
                answer[0] = functions.api(method, path, all, body, caller);
                if (answer[0].status() / 100 != 2) {
                    throw new IllegalStateException(step + ": " + method + " " + path + " answered " + answer[0]);
                }
                if (order == null) {
                    order = (String) answer[0].field("orderId");
                }
            });
            return answer[0];
        }

        /** The payment provider's delivery of {@code type} for {@code amount} of the order, signed as it signs it. */
        void webhook(String step, String type, String orderId, long amount) throws Exception {
            long now = Instant.now().getEpochSecond();
            String body = "{\"id\":\"evt_" + UUID.randomUUID().toString().replace("-", "") + "\",\"type\":\"" + type
                    + "\",\"created\":" + now + ",\"data\":{\"orderId\":\"" + orderId + "\",\"paymentId\":\"pay_"
                    + orderId + "\",\"amount\":" + amount + ",\"currency\":\"EUR\"}}";
            api(step, "POST", "/webhooks/payments", Map.of("webhook-signature",
                    WebhookSignature.header(BenchData.WEBHOOK_SECRET, now, body)), body, Optional.empty());
        }

        /** Runs {@code action}, waits for the events it wrote to be on the bus, and keeps what each invocation used. */
        void step(String step, Action action) throws Exception {
            action.run();
            if (order != null) {
                awaitPublished(order);
            }
            for (MeteredFunctions.Invocation invocation : functions.take()) {
                if (invocation.served().equals(STREAM)) {
                    publishing = publishing.plus(invocation.usage());
                } else {
                    lines.add(new OrderLife.Line(step, invocation.served(), invocation.usage()));
                }
            }
        }

        /** The steps' lines, then the publication of all their events, and the floor of the order they made. */
        OrderLife life() {
            List<OrderLife.Line> all = new ArrayList<>(lines);
            if (order == null) {
                return new OrderLife(all, WriteFloor.NONE);
            }
            all.add(new OrderLife.Line(PUBLISHED, STREAM, publishing));
            return new OrderLife(all, WriteFloor.of(fx.partition("ORDER#" + order)));
        }
    }

    @FunctionalInterface
    private interface Action {
        void run() throws Exception;
    }

    /** Waits until every version of the order is on the bus, and the invocation that put it there has ended. */
    private void awaitPublished(String orderId) throws InterruptedException {
        long version = Long.parseLong(root(orderId).get("version").n());
        long deadline = System.nanoTime() + AWAIT_PUBLISHED.toNanos();
        while (published.getOrDefault(orderId, 0) < version) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("order " + orderId + ": " + published.getOrDefault(orderId, 0) + " of "
                        + version + " events published after " + AWAIT_PUBLISHED.toSeconds() + " s");
            }
            Thread.sleep(10);
        }
        functions.awaitIdle();
    }

    /** The order's root as stored, read by the fixture's own client (not metered: the bench's read, not the service's). */
    private Map<String, AttributeValue> root(String orderId) {
        return fx.raw("ORDER#" + orderId, "ROOT");
    }

    @SuppressWarnings("unchecked")
    private static List<String> itemIds(MeteredFunctions.Answer order) {
        return ((List<Map<String, Object>>) order.field("items")).stream().map(item -> (String) item.get("itemId")).toList();
    }

    private static String customerOrder(String orderId) {
        return "/customers/" + CUSTOMER + "/orders/" + orderId;
    }

    private static Optional<RequestAuthorizer.Jwt> customer() {
        return jwt(CUSTOMER, "orders");
    }

    private static Optional<RequestAuthorizer.Jwt> admin() {
        return jwt(ADMIN, "orders:admin");
    }

    /** The claims API Gateway's JWT authorizer passes for a token of {@code subject} with {@code scope}. */
    private static Optional<RequestAuthorizer.Jwt> jwt(String subject, String scope) {
        long now = Instant.now().getEpochSecond();
        return Optional.of(new RequestAuthorizer.Jwt(Map.of("sub", subject, "iss",
                "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Example", "client_id", "order-service",
                "scope", scope, "token_use", "access", "iat", Long.toString(now), "exp", Long.toString(now + 3600)),
                List.of(scope)));
    }
}
