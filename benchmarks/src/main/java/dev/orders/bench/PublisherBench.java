package dev.orders.bench;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.serialization.PojoSerializer;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import dev.orders.core.order.OrderStatus;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.functions.publishevents.PublishEventsFunction;
import dev.orders.local.streams.LocalStreamPoller;
import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.events.LocalEventBus;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.localaws.template.TemplateTable;
import dev.orders.testsupport.Race;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.lambda.TestContext;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;

/**
 * Section 6: the event publisher as ./sam-local runs it: orders changed by four writers, each committed
 * change read from the table's stream, published by the publisher's handler over the SDK to the local
 * bus. Figures: events per second, latency from a committed change to its delivery on the bus, and the
 * publisher's cold start from its jar.
 */
final class PublisherBench {
    static final String REGION = "us-east-1";
    private static final StaticCredentialsProvider LOCAL =
            StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));

    /** The publisher's handler behind the Lambda runtime's serialization: a stream batch's JSON in, its answer out. */
    @FunctionalInterface
    interface StreamHandler {
        byte[] invoke(byte[] batchJson, Context context) throws IOException;
    }

    private PublisherBench() {
    }

    // The stream poller works on its own threads while the writers race: the try only closes it ("try" lint).
    @SuppressWarnings("try")
    static void run(LocalDynamoDb dynamo, Report report, int orders, int runs) throws Exception {
        String table = "publisher-bench";
        TemplateTable.load(RepositoryRoot.template(), TemplateTable.ORDERS_TABLE).createIn(dynamo.client(), table);
        Fixture fx = new Fixture(new TestTable(table, dynamo.client()));
        Map<String, Long> delivered = new ConcurrentHashMap<>();
        Map<String, Long> committed = new ConcurrentHashMap<>();
        long start;
        try (LocalEventBus bus = LocalEventBus.start(REGION, Optional.empty(), 0, SamTemplate.repository().eventBuses(),
                List.of(new LocalEventBus.Subscription("bench", "OrderEventBus", "{\"source\": [\"order-service\"]}",
                        event -> delivered.put(eventId(event), System.nanoTime()))));
             EventBridgeClient eventBridge = eventBridge(bus, ClientOverrideConfiguration.builder().build());
             DynamoDbStreamsClient streams = streams(dynamo);
             LocalStreamPoller poller = poller(dynamo, streams, table, handler(new PublishEventsFunction(eventBridge,
                     "OrderEventBus", "order-service")), (requestId, batch) -> batch.invoke(new TestContext())).start()) {
            start = System.nanoTime();
            Race.run(4, writer -> {
                for (int i = writer; i < orders; i += 4) {
                    String orderId = "o-bench-" + i;
                    fx.createOrder("c-bench", orderId, 1250);
                    committed.put(orderId + ":1", System.nanoTime());
                    fx.advance("c-bench", orderId, OrderStatus.AWAITING_PAYMENT);
                    committed.put(orderId + ":2", System.nanoTime());
                    fx.advance("c-bench", orderId, OrderStatus.CANCELLED);
                    committed.put(orderId + ":3", System.nanoTime());
                }
                return null;
            });
            long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
            while (delivered.size() < committed.size() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
        }
        double[] latencies = committed.entrySet().stream().filter(e -> delivered.containsKey(e.getKey()))
                .mapToDouble(e -> (delivered.get(e.getKey()) - e.getValue()) / 1e6).toArray();
        long last = delivered.values().stream().mapToLong(Long::longValue).max().orElse(start);
        double seconds = (last - start) / 1e9;
        Stats latency = Stats.of(latencies);
        report.line(String.format(java.util.Locale.ROOT, "%d orders changed by 4 writers (created, AWAITING_PAYMENT, "
                + "CANCELLED: %d events), read from Dynoxide's stream by sam-local's poller (every 200 ms when "
                + "idle; the template's filter and batch size), published by the publisher's handler with the SDK's "
                + "EventBridge client to the local bus. Latency: from the write's return to the bus's delivery.%n",
                orders, committed.size()));
        report.table(List.of("events", "delivered", "events / s", "latency p50", "latency p99"), List.of(List.of(
                Integer.toString(committed.size()), Integer.toString(delivered.size()),
                Report.num(delivered.size() / seconds), Report.ms(latency.median()), Report.ms(latency.percentile(99)))));
        coldStart(dynamo, report, runs);
    }

    /** The publisher's jar in a fresh JVM answering its sample stream event, as section 1 measures the others. */
    private static void coldStart(LocalDynamoDb dynamo, Report report, int runs) throws Exception {
        SamTemplate template = SamTemplate.repository();
        SamTemplate.Function function = template.function("PublishEventsFunction").orElseThrow();
        Path root = RepositoryRoot.locate();
        double[] init = new double[runs];
        double[] first = new double[runs];
        try (LocalEventBus bus = LocalEventBus.start(REGION, Optional.empty(), template.eventBuses())) {
            Map<String, String> env = new HashMap<>(ColdStart.environment(dynamo, "publisher-bench"));
            env.put(PublishEventsFunction.EVENT_BUS_NAME, "OrderEventBus");
            env.put(PublishEventsFunction.EVENT_SOURCE, "order-service");
            env.put(PublishEventsFunction.EVENTBRIDGE_ENDPOINT, bus.endpoint().toString());
            for (int run = 0; run < runs; run++) {
                String out = ColdStart.java(ColdStart.jvmFlags(template), env, System.getProperty("java.class.path"),
                        "dev.orders.bench.ColdStartProbe", function.logicalId(), function.handler(),
                        root.resolve(function.codeUri()).toString(),
                        root.resolve("events/publish-events/order-created-and-paid.json").toString(),
                        Long.toString(function.timeout().toSeconds()), Integer.toString(function.memoryMb()));
                first[run] = ColdStart.match(ColdStart.FIRST_RESPONSE, out, function.logicalId());
                init[run] = ColdStart.match(ColdStart.INIT, out, function.logicalId());
            }
        }
        report.line(String.format(java.util.Locale.ROOT, "%nCold start (median of %d fresh JVMs, as section 1): init %s, "
                + "first response to `events/publish-events/order-created-and-paid.json` (two events published) %s.%n",
                runs, Report.ms(Stats.of(init).median()), Report.ms(Stats.of(first).median())));
    }

    /** The handler behind the runtime's serialization, as Lambda calls it with a stream batch. */
    static StreamHandler handler(PublishEventsFunction function) {
        ClassLoader loader = PublisherBench.class.getClassLoader();
        PojoSerializer<DynamodbEvent> in = LambdaEventSerializers.serializerFor(DynamodbEvent.class, loader);
        PojoSerializer<StreamsEventResponse> out = LambdaEventSerializers.serializerFor(StreamsEventResponse.class, loader);
        return (json, context) -> {
            StreamsEventResponse response = function.handleRequest(in.fromJson(new ByteArrayInputStream(json)), context);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            out.toJson(response, bytes);
            return bytes.toByteArray();
        };
    }

    /**
     * The table's stream fed to {@code handler} as sam-local feeds it to the template's publisher (its filter and batch
     * size), each batch through {@code invocation}, which runs it as one invocation and answers its response.
     */
    static LocalStreamPoller poller(LocalDynamoDb dynamo, DynamoDbStreamsClient streams, String table,
                                    StreamHandler handler, Invocation invocation) {
        SamTemplate.Function function = SamTemplate.repository().function("PublishEventsFunction").orElseThrow();
        return new LocalStreamPoller(function, function.streams().get(0),
                (json, requestId) -> invocation.run(requestId, context -> handler.invoke(json, context)), dynamo.client(),
                streams, table, REGION, Optional.empty(), Clock.systemUTC());
    }

    /** How a batch is invoked: {@code batch} given the invocation's context. */
    @FunctionalInterface
    interface Invocation {
        byte[] run(String requestId, Batch batch) throws Exception;
    }

    @FunctionalInterface
    interface Batch {
        byte[] invoke(Context context) throws IOException;
    }

    static EventBridgeClient eventBridge(LocalEventBus bus, ClientOverrideConfiguration overrides) {
        return EventBridgeClient.builder().endpointOverride(bus.endpoint()).region(Region.of(REGION))
                .credentialsProvider(LOCAL).httpClient(UrlConnectionHttpClient.create()).overrideConfiguration(overrides)
                .build();
    }

    static DynamoDbStreamsClient streams(LocalDynamoDb dynamo) {
        return DynamoDbStreamsClient.builder().endpointOverride(dynamo.endpoint()).region(Region.of(REGION))
                .credentialsProvider(LOCAL).httpClient(UrlConnectionHttpClient.create()).build();
    }

    @SuppressWarnings("unchecked")
    static String eventId(Map<String, Object> event) {
        return (String) ((Map<String, Object>) ((Map<String, Object>) event.get("detail")).get("metadata")).get("eventId");
    }
}
