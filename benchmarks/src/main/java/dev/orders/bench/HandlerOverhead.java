package dev.orders.bench;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.api.ApiFunction;
import dev.orders.http.support.SampleEvents;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.localaws.template.TemplateTable;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.lambda.TestContext;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Section 7: what a Lambda bill depends on. Per route, a warm handler invoked in-process with its sample
 * event (no HTTP server in between), beside the raw SDK sending the same DynamoDB requests, in the same
 * JVM, against the same table: the ratio SDK time / handler time is the share of the handler's time that
 * is DynamoDB's. A write repeated reaches its steady state (a replay, a conflict, a duplicate): the requests
 * replayed are those of that state, recorded from the handler itself.
 */
final class HandlerOverhead {
    private static final int WARM_UP = 150;
    private static final int ROUNDS = 5;
    private static final int PER_ROUND = 100;
    static final double TARGET = 0.9;

    private HandlerOverhead() {
    }

    /** The requests the handler's client sends, as sent. */
    private static final class Recorder implements ExecutionInterceptor {
        private final List<SdkRequest> requests = new ArrayList<>();

        @Override
        public synchronized void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
            requests.add(context.request());
        }

        synchronized List<SdkRequest> take() {
            List<SdkRequest> taken = List.copyOf(requests);
            requests.clear();
            return taken;
        }
    }

    static void run(LocalDynamoDb dynamo, Report report) {
        Recorder recorder = new Recorder();
        DynamoDbClient recorded = dynamo.clientBuilder()
                .overrideConfiguration(ClientOverrideConfiguration.builder().addExecutionInterceptor(recorder).build())
                .build();
        DynamoDbClient raw = dynamo.clientBuilder().build();
        SamTemplate template = SamTemplate.repository();
        List<List<String>> rows = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        PrintStream console = System.out;
        int n = 0;
        for (String name : SampleEvents.names()) {
            String tableName = "overhead-" + n++;
            TemplateTable.load(RepositoryRoot.template(), TemplateTable.ORDERS_TABLE).createIn(raw, tableName);
            Fixture fx = new Fixture(new TestTable(tableName, raw));
            RouteCapacity.seed(fx, name);
            APIGatewayV2HTTPEvent event = SampleEvents.fromJson(BenchData.signed(SampleEvents.json(name)));
            ApiFunction handler = RouteCapacity.handlerFor(template, event.getRouteKey(), RouteCapacity.services(fx, recorded));
            // The metric lines are written (their cost counts), not shown.
            System.setOut(new PrintStream(OutputStream.nullOutputStream()));
            int status;
            List<SdkRequest> requests;
            double[] handlerMicros = new double[ROUNDS];
            double[] sdkMicros = new double[ROUNDS];
            try {
                for (int i = 0; i < WARM_UP; i++) {
                    handler.respond(event, new TestContext());
                    replay(raw, recorder.take());
                }
                status = handler.respond(event, new TestContext()).getStatusCode();
                requests = recorder.take();
                for (int round = 0; round < ROUNDS; round++) {
                    long start = System.nanoTime();
                    for (int i = 0; i < PER_ROUND; i++) {
                        handler.respond(event, new TestContext());
                    }
                    handlerMicros[round] = (System.nanoTime() - start) / 1_000.0 / PER_ROUND;
                    recorder.take();
                    start = System.nanoTime();
                    for (int i = 0; i < PER_ROUND; i++) {
                        replay(raw, requests);
                    }
                    sdkMicros[round] = (System.nanoTime() - start) / 1_000.0 / PER_ROUND;
                }
            } finally {
                System.setOut(console);
            }
            double handlerTime = median(handlerMicros);
            double sdkTime = median(sdkMicros);
            ratios.add(sdkTime / handlerTime);
            rows.add(List.of("`" + event.getRouteKey() + "`", name, Integer.toString(status),
                    requests.stream().map(r -> r.getClass().getSimpleName().replace("Request", ""))
                            .collect(Collectors.joining(" + ")),
                    micros(handlerTime), micros(sdkTime), Report.ratio(sdkTime / handlerTime),
                    sdkTime / handlerTime >= TARGET ? "yes" : "no"));
        }
        report.heading("7. Handler time per warm request beside the raw SDK");
        report.line("Each sample event of `events/`, invoked in-process on its handler (`ApiFunction.respond`, as the "
                + "Lambda runtime calls it, without its event parsing), " + WARM_UP + " times to warm up, then " + ROUNDS
                + " rounds of " + PER_ROUND + " invocations alternating with the raw SDK client sending the same DynamoDB "
                + "requests (recorded from the handler's client in its steady state) to the same table; medians of the "
                + "rounds' means. SDK / handler is the share of the handler's time DynamoDB's requests take (target: at "
                + "least " + TARGET + "). Log level as the environment gives it (`LOG_LEVEL`, INFO by default); the "
                + "metric lines are written to a discarded stream.\n");
        report.table(List.of("route", "sample", "status", "requests", "handler", "raw SDK", "SDK / handler",
                ">= " + TARGET), rows);
        report.line(String.format(java.util.Locale.ROOT, "Routes at or above %.1f: %d of %d; lowest ratio %.2f.%n",
                TARGET, ratios.stream().filter(r -> r >= TARGET).count(), ratios.size(),
                ratios.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN)));
    }

    /** One request as the handler sent it; a refusal (a failed condition) is a round trip all the same. */
    private static void replay(DynamoDbClient client, List<SdkRequest> requests) {
        for (SdkRequest request : requests) {
            try {
                if (request instanceof GetItemRequest r) {
                    client.getItem(r);
                } else if (request instanceof QueryRequest r) {
                    client.query(r);
                } else if (request instanceof BatchGetItemRequest r) {
                    client.batchGetItem(r);
                } else if (request instanceof TransactGetItemsRequest r) {
                    client.transactGetItems(r);
                } else if (request instanceof PutItemRequest r) {
                    client.putItem(r);
                } else if (request instanceof UpdateItemRequest r) {
                    client.updateItem(r);
                } else if (request instanceof DeleteItemRequest r) {
                    client.deleteItem(r);
                } else if (request instanceof TransactWriteItemsRequest r) {
                    client.transactWriteItems(r);
                } else {
                    throw new IllegalStateException("no replay for " + request.getClass().getSimpleName());
                }
            } catch (DynamoDbException refused) {
                // As the handler's request was refused in the same state.
            }
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static String micros(double value) {
        return String.format(java.util.Locale.ROOT, "%.0f µs", value);
    }
}
