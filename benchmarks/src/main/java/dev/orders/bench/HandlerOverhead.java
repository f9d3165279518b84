package dev.orders.bench;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.orders.baseline.RecordedRequests;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.api.ApiFunction;
import dev.orders.http.support.SampleEvents;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.localaws.template.TemplateTable;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.lambda.TestContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Section 7: what a Lambda bill depends on. Per route, a warm handler invoked in-process with its sample
 * event (no HTTP server in between), beside the raw SDK sending the same DynamoDB requests, in the same
 * JVM, against the same table: the ratio SDK time / handler time is the share of the handler's time that
 * is DynamoDB's. A write repeated reaches its steady state (a replay, a conflict, a duplicate): the requests
 * replayed are those of that state, recorded from the handler itself.
 */
final class HandlerOverhead {
    static final double TARGET = 0.9;

    private HandlerOverhead() {
    }

    /** Invocations: {@code warmUp} to warm up, then {@code rounds} rounds of {@code perRound} on each side. */
    record Rounds(int warmUp, int rounds, int perRound) {
    }

    /** One route's figures: its steady state's status and requests, and the medians of the rounds' means. */
    private record Measured(int status, List<SdkRequest> requests, double handlerMicros, double sdkMicros) {
    }

    static void run(LocalDynamoDb dynamo, Report report, Rounds rounds) {
        RequestRecorder recorder = new RequestRecorder();
        DynamoDbClient recorded = recorder.client(dynamo);
        DynamoDbClient raw = dynamo.clientBuilder().build();
        SamTemplate template = SamTemplate.repository();
        List<List<String>> rows = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        int n = 0;
        for (String name : SampleEvents.names()) {
            String tableName = "overhead-" + n++;
            TemplateTable.load(RepositoryRoot.template(), TemplateTable.ORDERS_TABLE).createIn(raw, tableName);
            Fixture fx = new Fixture(new TestTable(tableName, raw));
            RouteCapacity.seed(fx, name);
            APIGatewayV2HTTPEvent event = SampleEvents.fromJson(BenchData.signed(SampleEvents.json(name)));
            ApiFunction handler = RouteCapacity.handlerFor(template, event.getRouteKey(), RouteCapacity.services(fx, recorded));
            Measured measured = BenchData.quietly(() -> measure(handler, event, recorder, raw, rounds));
            double ratio = measured.sdkMicros() / measured.handlerMicros();
            ratios.add(ratio);
            rows.add(List.of("`" + event.getRouteKey() + "`", name, Integer.toString(measured.status()),
                    RequestRecorder.operations(measured.requests()), micros(measured.handlerMicros()),
                    micros(measured.sdkMicros()), Report.ratio(ratio), ratio >= TARGET ? "yes" : "no"));
        }
        report.line("Each sample event of `events/`, invoked in-process on its handler (`ApiFunction.respond`, as the "
                + "Lambda runtime calls it, without its event parsing), " + rounds.warmUp() + " times to warm up, then "
                + rounds.rounds() + " rounds of " + rounds.perRound() + " invocations alternating with the raw SDK client "
                + "sending the same DynamoDB requests (recorded from the handler's client in its steady state) to the same "
                + "table; medians of the rounds' means. SDK / handler is the share of the handler's time DynamoDB's "
                + "requests take (target: at least " + TARGET + "). Log level as the environment gives it (`LOG_LEVEL`, "
                + "INFO by default); the log and metric lines are written to a discarded stream.\n");
        report.table(List.of("route", "sample", "status", "requests", "handler", "raw SDK", "SDK / handler",
                ">= " + TARGET), rows);
        report.line(String.format(java.util.Locale.ROOT, "Routes at or above %.1f: %d of %d; lowest ratio %.2f.%n",
                TARGET, ratios.stream().filter(r -> r >= TARGET).count(), ratios.size(),
                ratios.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN)));
    }

    private static Measured measure(ApiFunction handler, APIGatewayV2HTTPEvent event, RequestRecorder recorder,
                                    DynamoDbClient raw, Rounds rounds) {
        for (int i = 0; i < rounds.warmUp(); i++) {
            handler.respond(event, new TestContext());
            replay(raw, recorder.take());
        }
        int status = handler.respond(event, new TestContext()).getStatusCode();
        List<SdkRequest> requests = recorder.take();
        double[] handlerMicros = new double[rounds.rounds()];
        double[] sdkMicros = new double[rounds.rounds()];
        for (int round = 0; round < rounds.rounds(); round++) {
            long start = System.nanoTime();
            for (int i = 0; i < rounds.perRound(); i++) {
                handler.respond(event, new TestContext());
            }
            handlerMicros[round] = (System.nanoTime() - start) / 1_000.0 / rounds.perRound();
            recorder.take();
            start = System.nanoTime();
            for (int i = 0; i < rounds.perRound(); i++) {
                replay(raw, requests);
            }
            sdkMicros[round] = (System.nanoTime() - start) / 1_000.0 / rounds.perRound();
        }
        return new Measured(status, requests, median(handlerMicros), median(sdkMicros));
    }

    /** The requests as the handler sent them; a refusal (a failed condition) is a round trip all the same. */
    private static void replay(DynamoDbClient client, List<SdkRequest> requests) {
        for (SdkRequest request : requests) {
            try {
                RecordedRequests.send(client, request);
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
