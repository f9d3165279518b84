package dev.orders.bench;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.orders.baseline.RecordedRequests;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.api.ApiFunction;
import dev.orders.http.support.SampleEvents;
import dev.orders.http.support.SampleScene;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.dynamodb.TableCreator;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.localaws.template.TemplateTable;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.lambda.TestContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * Section 7: what a Lambda bill depends on. Per route, a warm handler invoked in-process with its sample
 * event (no HTTP server in between), beside the raw SDK sending the same DynamoDB requests, in the same
 * JVM, against the same table: the ratio SDK time / handler time is the share of the handler's time that
 * is DynamoDB's. Every timed request is the route's success: a write meets the table as its sample's scene
 * seeds it, put back before each request on either side, and each answer is checked to be that success.
 */
final class HandlerOverhead {
    static final double TARGET = 0.9;

    private HandlerOverhead() {
    }

    /** Invocations: {@code warmUp} to warm up, then {@code rounds} rounds of {@code perRound} on each side. */
    record Rounds(int warmUp, int rounds, int perRound) {
        int timed() {
            return rounds * perRound;
        }
    }

    /** A sample on its handler, and its table as its scene seeded it. */
    private record Route(SampleScene scene, APIGatewayV2HTTPEvent event, ApiFunction handler, TableSnapshot seeded) {
    }

    /** One route's figures: the requests of its success, and each side's durations in milliseconds. */
    private record Measured(String operations, Stats handler, Stats sdk) {
        double ratio() {
            return sdk.median() / handler.median();
        }
    }

    static void run(LocalDynamoDb dynamo, Report report, Rounds rounds) {
        RequestRecorder recorder = new RequestRecorder();
        DynamoDbClient recorded = recorder.client(dynamo);
        DynamoDbClient raw = dynamo.clientBuilder().build();
        SamTemplate template = SamTemplate.repository();
        List<List<String>> rows = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        int n = 0;
        for (SampleScene scene : SampleScene.all()) {
            String tableName = "overhead-" + n++;
            createTable(raw, tableName);
            Fixture fx = scene.seeded(new Fixture(new TestTable(tableName, raw)));
            TableSnapshot seeded = TableSnapshot.of(raw, tableName);
            APIGatewayV2HTTPEvent event = SampleEvents.fromJson(BenchData.signed(SampleEvents.json(scene.sample())));
            ApiFunction handler = RouteCapacity.handlerFor(template, event.getRouteKey(), RouteCapacity.services(fx, recorded));
            Route route = new Route(scene, event, handler, seeded);
            Measured measured = BenchData.quietly(() -> measure(route, recorder, raw, rounds));
            ratios.add(measured.ratio());
            rows.add(List.of("`" + event.getRouteKey() + "`", scene.sample(), Integer.toString(scene.status()),
                    measured.operations(), micros(measured.handler().median()), micros(measured.handler().percentile(99)),
                    micros(measured.sdk().median()), micros(measured.sdk().percentile(99)), Report.ratio(measured.ratio()),
                    measured.ratio() >= TARGET ? "yes" : "no"));
        }
        report.line("Each sample event of `events/`, invoked in-process on its handler (`ApiFunction.respond`, as the "
                + "Lambda runtime calls it, without its event parsing), " + rounds.warmUp() + " times to warm up, then "
                + rounds.rounds() + " rounds of " + rounds.perRound() + " invocations, each timed, alternating with as "
                + "many of the raw SDK client sending the requests the handler sent (recorded from its client) to the same "
                + "table. Every timed request is the route's success, on the data its sample names (its scene, as the "
                + "tests seed it): before each request of a route that writes, on either side, the table is put back as "
                + "seeded, outside the time; each handler's answer is checked to be the success status and to have sent "
                + "the same requests, and each raw SDK request to be accepted. The tables have the template's keys and "
                + "indexes without its stream, which nothing here reads and on which every write of Dynoxide 1.2.1 "
                + "scans the stream records it holds. SDK / handler is the ratio of the medians, the share of the "
                + "handler's time DynamoDB's requests take (target: at least " + TARGET + "). Log level as the "
                + "environment gives it (`LOG_LEVEL`, INFO by default); the log and metric lines are written to a "
                + "discarded stream.\n");
        report.table(List.of("route", "sample", "status", "requests", "handler p50", "handler p99", "raw SDK p50",
                "raw SDK p99", "SDK / handler", ">= " + TARGET), rows);
        report.line(String.format(Locale.ROOT, "Routes at or above %.1f: %d of %d; lowest ratio %.2f.%n",
                TARGET, ratios.stream().filter(r -> r >= TARGET).count(), ratios.size(),
                ratios.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN)));
    }

    /**
     * The template's table without its stream: Dynoxide 1.2.1 scans every stream record it holds on each write to a
     * table with one, which the section's writes would time instead of DynamoDB's work. Without TTL either, so no
     * sweep deletes a seeded item while it is timed (the service reads an expired record as absent itself).
     */
    private static void createTable(DynamoDbClient client, String tableName) {
        TableCreator.create(client, TemplateTable.load(RepositoryRoot.template(), TemplateTable.ORDERS_TABLE)
                .createTableRequest(tableName).toBuilder().streamSpecification((StreamSpecification) null).build(),
                Optional.empty());
    }

    private static Measured measure(Route route, RequestRecorder recorder, DynamoDbClient raw, Rounds rounds) {
        SampleScene scene = route.scene();
        recorder.take();
        checkSuccess(scene, route.handler().respond(route.event(), new TestContext()));
        List<SdkRequest> requests = recorder.take();
        String operations = RequestRecorder.operations(requests);
        Runnable reseed = requests.stream().allMatch(HandlerOverhead::reads) ? () -> { } : route.seeded()::restore;
        for (int i = 0; i < rounds.warmUp(); i++) {
            reseed.run();
            checkSameSuccess(scene, route.handler().respond(route.event(), new TestContext()), recorder.take(), operations);
            reseed.run();
            replay(raw, resent(requests));
        }
        double[] handlerMillis = new double[rounds.timed()];
        double[] sdkMillis = new double[rounds.timed()];
        for (int round = 0; round < rounds.rounds(); round++) {
            for (int i = round * rounds.perRound(); i < (round + 1) * rounds.perRound(); i++) {
                reseed.run();
                TestContext context = new TestContext();
                long start = System.nanoTime();
                APIGatewayV2HTTPResponse response = route.handler().respond(route.event(), context);
                handlerMillis[i] = (System.nanoTime() - start) / 1e6;
                checkSameSuccess(scene, response, recorder.take(), operations);
            }
            for (int i = round * rounds.perRound(); i < (round + 1) * rounds.perRound(); i++) {
                reseed.run();
                List<SdkRequest> again = resent(requests);
                long start = System.nanoTime();
                replay(raw, again);
                sdkMillis[i] = (System.nanoTime() - start) / 1e6;
            }
        }
        return new Measured(operations, Stats.of(handlerMillis), Stats.of(sdkMillis));
    }

    /** A request that leaves the table as it was: its route needs no reseeding between requests. */
    private static boolean reads(SdkRequest request) {
        return request instanceof GetItemRequest || request instanceof QueryRequest || request instanceof BatchGetItemRequest;
    }

    /** The bench fails rather than time a refusal as if it were the route's work. */
    private static void checkSuccess(SampleScene scene, APIGatewayV2HTTPResponse response) {
        if (response.getStatusCode() != scene.status()) {
            throw new IllegalStateException(scene.sample() + " was answered " + response.getStatusCode() + ", not its "
                    + "success " + scene.status() + ", on the data its scene seeds: " + response.getBody());
        }
    }

    /**
     * As {@link #checkSuccess}, and with the requests of the first success: a webhook's duplicate delivery is answered
     * 200 too, with other requests.
     */
    private static void checkSameSuccess(SampleScene scene, APIGatewayV2HTTPResponse response, List<SdkRequest> sent,
                                         String operations) {
        checkSuccess(scene, response);
        if (!RequestRecorder.operations(sent).equals(operations)) {
            throw new IllegalStateException(scene.sample() + " sent " + RequestRecorder.operations(sent) + ", not "
                    + operations + " as on the data its scene seeds: " + response.getBody());
        }
    }

    /**
     * The requests as sent again: a transaction with a client request token of its own, as DynamoDB answers a token
     * used again within ten minutes from what it remembers, without writing.
     */
    private static List<SdkRequest> resent(List<SdkRequest> requests) {
        return requests.stream().map(request -> request instanceof TransactWriteItemsRequest transaction
                && transaction.clientRequestToken() != null
                ? transaction.toBuilder().clientRequestToken(UUID.randomUUID().toString()).build() : request).toList();
    }

    /** Sends {@code requests}; each must be accepted, as the handler's were on the same data. */
    private static void replay(DynamoDbClient client, List<SdkRequest> requests) {
        for (SdkRequest request : requests) {
            try {
                RecordedRequests.send(client, request);
            } catch (DynamoDbException refused) {
                throw new IllegalStateException("the raw SDK's " + RecordedRequests.operation(request)
                        + " was refused where the handler's was accepted: " + refused.getMessage(), refused);
            }
        }
    }

    private static String micros(double millis) {
        return String.format(Locale.ROOT, "%.0f µs", millis * 1_000);
    }
}
