package dev.orders.bench;

import dev.orders.core.feed.CursorCodec;
import dev.orders.core.feed.FeedRequest;
import dev.orders.core.feed.Page;
import dev.orders.core.order.Ids;
import dev.orders.core.order.LineStatuses;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderSummary;
import dev.orders.dynamodb.feed.OrderFeeds;
import dev.orders.dynamodb.order.OrderCodec;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.template.TemplateTable;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Section 4: the latency and capacity of one feed page with 1,000 orders in the table and with
 * 100,000. Keyset pages read only the page's own items, so neither may grow with the table.
 */
final class FeedScale {
    private static final String PROBE_CUSTOMER = "c-probe";
    private static final int PAGE = 20;
    private static final OrderStatus[] STATUSES = {OrderStatus.CREATED, OrderStatus.CREATED, OrderStatus.PAID,
            OrderStatus.PAID, OrderStatus.IN_FULFILLMENT, OrderStatus.FULFILLED, OrderStatus.FULFILLED,
            OrderStatus.CANCELLED, OrderStatus.REFUNDED, OrderStatus.AWAITING_PAYMENT};

    private FeedScale() {
    }

    record Measure(String feed, int tableSize, Stats latency, double unitsPerPage, int itemsPerPage) {
    }

    static List<Measure> run(LocalDynamoDb dynamo, Report report, int small, int large, int reads) throws Exception {
        CapacityMeter meter = new CapacityMeter();
        DynamoDbClient client = dynamo.clientBuilder()
                .overrideConfiguration(ClientOverrideConfiguration.builder().addExecutionInterceptor(meter).build())
                .build();
        String tableName = "scale";
        TemplateTable.load(RepositoryRoot.template(), TemplateTable.ORDERS_TABLE).createIn(client, tableName);
        OrdersTable table = new OrdersTable(client, tableName);
        OrderFeeds feeds = new OrderFeeds(table, new CursorCodec("benchmark cursor secret".getBytes(StandardCharsets.UTF_8)));
        Map<String, Supplier<Page<OrderSummary>>> pages = Map.of(
                "customer timeline", () -> feeds.customerTimeline(PROBE_CUSTOMER, FeedRequest.first(PAGE)),
                "customer + status", () -> feeds.customerStatusFeed(PROBE_CUSTOMER, OrderStatus.PAID, FeedRequest.first(PAGE)),
                "status feed (PAID)", () -> feeds.statusFeed(OrderStatus.PAID, FeedRequest.first(PAGE)),
                "recent orders (all statuses)", () -> feeds.recentOrders(FeedRequest.first(PAGE)));

        List<Measure> measures = new ArrayList<>();
        long start = System.nanoTime();
        load(client, table, 0, small, small);
        double smallLoadSeconds = (System.nanoTime() - start) / 1e9;
        measures.addAll(measure(pages, meter, small, reads));
        start = System.nanoTime();
        load(client, table, small, large, small);
        double largeLoadSeconds = (System.nanoTime() - start) / 1e9;
        measures.addAll(measure(pages, meter, large, reads));

        report.line(String.format(java.util.Locale.ROOT, "A page of %d, %d reads each after warm-up, on a table of %,d "
                + "then %,d order roots (the probe customer `%s` has one order in 25 of the first %,d and one in 2,500 "
                + "after; loaded in %.0f s and %.0f s). Target: at %,d orders, latency and capacity at most 1.2 x "
                + "those at %,d.%n", PAGE, reads, small, large, PROBE_CUSTOMER, small, smallLoadSeconds,
                largeLoadSeconds, large, small));
        List<List<String>> rows = new ArrayList<>();
        for (String feed : pages.keySet().stream().sorted().toList()) {
            Measure a = measures.stream().filter(m -> m.feed().equals(feed) && m.tableSize() == small).findFirst().orElseThrow();
            Measure b = measures.stream().filter(m -> m.feed().equals(feed) && m.tableSize() == large).findFirst().orElseThrow();
            rows.add(List.of(feed, Report.ms(a.latency().median()), Report.ms(b.latency().median()),
                    Report.ratio(b.latency().median() / a.latency().median()),
                    Report.ms(a.latency().percentile(99)), Report.ms(b.latency().percentile(99)),
                    Report.num(a.unitsPerPage()), Report.num(b.unitsPerPage()),
                    Report.ratio(b.unitsPerPage() / a.unitsPerPage()),
                    a.itemsPerPage() + " / " + b.itemsPerPage()));
        }
        report.table(List.of("feed", "p50 @" + small, "p50 @" + large, "p50 ratio", "p99 @" + small, "p99 @" + large,
                "RCU/page @" + small, "RCU/page @" + large, "RCU ratio", "items/page"), rows);
        return measures;
    }

    private static List<Measure> measure(Map<String, Supplier<Page<OrderSummary>>> pages, CapacityMeter meter, int size,
                                         int reads) {
        List<Measure> measures = new ArrayList<>();
        for (Map.Entry<String, Supplier<Page<OrderSummary>>> feed : pages.entrySet()) {
            for (int i = 0; i < reads / 4; i++) {
                feed.getValue().get();
            }
            double[] millis = new double[reads];
            int items = 0;
            meter.reset();
            for (int i = 0; i < reads; i++) {
                long t0 = System.nanoTime();
                items = feed.getValue().get().items().size();
                millis[i] = (System.nanoTime() - t0) / 1e6;
            }
            double units = meter.calls().stream().mapToDouble(CapacityMeter.Call::units).sum() / reads;
            measures.add(new Measure(feed.getKey(), size, Stats.of(millis), units, items));
        }
        return measures;
    }

    /** Order roots numbered [from, to), five minutes apart, over 5,000 customers and the probe customer. */
    private static void load(DynamoDbClient client, OrdersTable table, int from, int to, int small) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> batches = new ArrayList<>();
            for (int first = from; first < to; first += 25) {
                int batchStart = first;
                int batchEnd = Math.min(to, first + 25);
                batches.add(pool.submit(() -> writeBatch(client, table, batchStart, batchEnd, small)));
            }
            for (Future<?> batch : batches) {
                batch.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void writeBatch(DynamoDbClient client, OrdersTable table, int from, int to, int small) {
        List<WriteRequest> writes = new ArrayList<>();
        Random random = new Random(from);
        Instant epoch = Instant.parse("2026-01-01T00:00:00Z");
        for (int i = from; i < to; i++) {
            // The probe customer's pages are full at both sizes; half its orders are PAID.
            boolean probe = i % (i < small ? 25 : 2_500) == 0;
            String customer = probe ? PROBE_CUSTOMER : "c-" + random.nextInt(5_000);
            OrderStatus status = probe ? (i / 25 % 2 == 0 ? OrderStatus.PAID : OrderStatus.CREATED)
                    : STATUSES[i % STATUSES.length];
            Instant created = epoch.plus(Duration.ofMinutes(5L * i));
            Order order = new Order(Ids.newOrderId(), customer, status, 1, 1_000 + i % 9_000, "EUR", 0, 0, LineStatuses.pending(1), created, created);
            writes.add(WriteRequest.builder().putRequest(PutRequest.builder()
                    .item(OrderCodec.encodeRoot(order, table.statusShards())).build()).build());
        }
        Map<String, List<WriteRequest>> pending = Map.of(table.tableName(), writes);
        while (!pending.isEmpty()) {
            BatchWriteItemResponse response = client.batchWriteItem(BatchWriteItemRequest.builder()
                    .requestItems(pending).build());
            pending = response.hasUnprocessedItems() ? response.unprocessedItems() : Map.of();
        }
    }
}
