package dev.orders.bench;

import dev.orders.core.order.LineRequest;
import dev.orders.core.order.OrderCreationOutcome;
import dev.orders.core.order.OrderRequest;
import dev.orders.core.product.Stock;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.template.TemplateTable;
import dev.orders.testsupport.TestTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Section 9: a flash sale of one stocked product. N clients (threads) each create orders of one unit of the same
 * sku through the real use case and adapter, as fast as they are answered, until it is sold out; every order's
 * transaction updates the one product item. Counted by an interceptor of the SDK client, not guessed: the
 * transactions DynamoDB cancelled for a failed condition (the stock taken between the read and the write) or for a
 * conflict with another transaction on the item, and the SDK's own retries (attempts beyond the first).
 */
final class HotSku {
    static final String SKU = "HOT-SKU";

    /** Clients per row, and the units each row sells. */
    record Sizes(List<Integer> clients, int units) {
    }

    private HotSku() {
    }

    static void run(LocalDynamoDb dynamo, Report report, Sizes sizes) throws Exception {
        List<List<String>> rows = new ArrayList<>();
        for (int clients : sizes.clients()) {
            rows.add(sale(dynamo, clients, sizes.units()).row());
        }
        report.line("One product stocked with " + sizes.units() + " units, then N clients (threads, one SDK client shared "
                + "as a function instance shares it) each ordering 1 unit in a loop through `CreateOrder` (a strongly "
                + "consistent BatchGetItem of the product, then the order's TransactWriteItems reserving on "
                + "`available >= 1`) until answered out of stock; a fresh table per row. Cancelled: transactions DynamoDB "
                + "cancelled, by reason (a condition: the units were taken between the read and the write, answered out "
                + "of stock; a conflict: another transaction held the item, retried by the adapter, then by the use case "
                + "after reading again). SDK retries: attempts after the first, counted by an ExecutionInterceptor. "
                + "Sold = the stock item's reserved units; it must equal the orders created.\n");
        report.table(List.of("clients", "orders", "orders/s", "p50", "p99", "out of stock", "cancelled: condition",
                "cancelled: conflict", "SDK retries", "errors", "sold = orders"), rows);
    }

    /** One row: {@code clients} buying {@code units} units of one sku, one at a time. */
    private static Sale sale(LocalDynamoDb dynamo, int clients, int units) throws Exception {
        Calls calls = new Calls();
        DynamoDbClient client = dynamo.clientBuilder()
                .overrideConfiguration(ClientOverrideConfiguration.builder().addExecutionInterceptor(calls).build())
                .build();
        String tableName = "hot-sku-" + clients;
        TemplateTable.load(RepositoryRoot.template(), TemplateTable.ORDERS_TABLE).createIn(client, tableName);
        Fixture fx = new Fixture(new TestTable(tableName, client), client, OrdersTable.DEFAULT_STATUS_SHARDS);
        fx.putProduct(SKU, 1999);
        fx.stock(SKU, units);
        calls.reset();

        List<Double> latencies = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger orders = new AtomicInteger();
        AtomicInteger outOfStock = new AtomicInteger();
        Map<String, Integer> errors = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> buyers = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            String customerId = "c-hot-" + c;
            buyers.add(pool.submit(() -> {
                go.await();
                OrderRequest request = new OrderRequest(customerId, Optional.empty(), List.of(new LineRequest(SKU, 1)));
                while (true) {
                    long start = System.nanoTime();
                    OrderCreationOutcome outcome;
                    try {
                        outcome = fx.createOrder.create(request, Optional.empty(), "customer:" + customerId);
                    } catch (RuntimeException e) {
                        errors.merge(e.getClass().getSimpleName(), 1, Integer::sum);
                        continue;
                    }
                    if (outcome instanceof OrderCreationOutcome.Created) {
                        latencies.add((System.nanoTime() - start) / 1e6);
                        orders.incrementAndGet();
                    } else if (outcome instanceof OrderCreationOutcome.OutOfStock) {
                        outOfStock.incrementAndGet();
                        return null;
                    } else {
                        throw new IllegalStateException("an order of one stocked unit answered " + outcome);
                    }
                }
            }));
        }
        long start = System.nanoTime();
        go.countDown();
        for (Future<?> buyer : buyers) {
            buyer.get();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        pool.shutdown();
        Stock stock = fx.stockOf(SKU);
        client.close();
        double[] millis = latencies.stream().mapToDouble(Double::doubleValue).toArray();
        return new Sale(clients, orders.get(), seconds, Stats.of(millis), outOfStock.get(), calls, new TreeMap<>(errors),
                stock.reserved() == orders.get() && stock.onHand() == units);
    }

    private record Sale(int clients, int orders, double seconds, Stats latency, int outOfStock, Calls calls,
                        Map<String, Integer> errors, boolean soldIsOrders) {
        List<String> row() {
            return List.of(Integer.toString(clients), Integer.toString(orders), Report.num(Math.round(orders / seconds)),
                    Report.ms(latency.median()), Report.ms(latency.percentile(99)), Integer.toString(outOfStock),
                    Integer.toString(calls.conditionFailed.get()), Integer.toString(calls.conflicts.get()),
                    Integer.toString(calls.transmissions.get() - calls.executions.get()),
                    errors.isEmpty() ? "0" : errors.toString(), soldIsOrders ? "yes" : "NO");
        }
    }

    /** What the SDK client sent and how DynamoDB cancelled its transactions. */
    private static final class Calls implements ExecutionInterceptor {
        final AtomicInteger executions = new AtomicInteger();
        final AtomicInteger transmissions = new AtomicInteger();
        final AtomicInteger conditionFailed = new AtomicInteger();
        final AtomicInteger conflicts = new AtomicInteger();

        void reset() {
            executions.set(0);
            transmissions.set(0);
            conditionFailed.set(0);
            conflicts.set(0);
        }

        @Override
        public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
            executions.incrementAndGet();
        }

        @Override
        public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
            transmissions.incrementAndGet();
        }

        @Override
        public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
            if (context.request() instanceof TransactWriteItemsRequest
                    && context.exception() instanceof TransactionCanceledException cancelled) {
                List<String> codes = cancelled.cancellationReasons().stream().map(CancellationReason::code).toList();
                if (codes.contains("TransactionConflict")) {
                    conflicts.incrementAndGet();
                } else if (codes.contains("ConditionalCheckFailed")) {
                    conditionFailed.incrementAndGet();
                }
            }
        }
    }
}
