package dev.orders.functions.publishevents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.orders.core.order.LineChangeOutcome;
import dev.orders.core.order.LineRequest;
import dev.orders.core.money.Money;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderCreationOutcome;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderRequest;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.SampleEvents;
import dev.orders.lambda.aws.AwsClients;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.events.LocalEventBus;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.Race;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.lambda.LogCapture;
import dev.orders.testsupport.lambda.TestContext;
import dev.orders.testsupport.privilege.PrivilegeRecorder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.eventbridge.model.PutEventsRequestEntry;

/**
 * The publisher over the real stream of a Dynoxide table created from the template, filtered by
 * the template's filter: every change of an order is published once per event id, in version order per
 * order, in the documented envelope; a bus that refuses entries never makes it drop or reorder one.
 */
@ExtendWith(DynamoDbExtension.class)
class PublishEventsFunctionTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Map<String, JsonSchema> SCHEMAS = new HashMap<>();
    /** The $id of docs/events/ (each schema's is this and its file name). */
    private static final String PUBLISHED_SCHEMAS = "https://github.com/order-service/docs/events/";

    private Fixture fx;
    private OrderStream stream;

    @BeforeEach
    void setUp(TestTable table, LocalDynamoDb server) {
        fx = new Fixture(table);
        fx.putProduct("TEA", 899);
        stream = new OrderStream(table, server);
    }

    /** Six orders changed at once, each created, given a line, checked out and paid or cancelled. */
    private List<String> changeSixOrdersAtOnce() {
        List<String> orders = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            fx.createOrder("c-" + i, "o-" + i, 1250);
            orders.add("o-" + i);
        }
        Race.run(6, i -> {
            String orderId = "o-" + i;
            fx.addLine.add("c-" + i, orderId, new LineRequest("TEA", 1), Optional.empty(), Optional.empty(), "user:c-" + i);
            fx.advance("c-" + i, orderId, OrderStatus.AWAITING_PAYMENT);
            if (i % 2 == 0) {
                fx.processPaymentEvent.process(new PaymentEvent("evt_" + i, PaymentEventType.PAYMENT_SUCCEEDED, 1_795_348_800L,
                        orderId, Optional.of("pay_" + i), 1250 + 899, "EUR"));
            } else {
                fx.advance("c-" + i, orderId, OrderStatus.CANCELLED);
            }
            return orderId;
        });
        return orders;
    }

    private static Map<String, Object> detail(PutEventsRequestEntry entry) {
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> detail = MAPPER.readValue(entry.detail(), Map.class);
            return detail;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> metadata(PutEventsRequestEntry entry) {
        return (Map<String, Object>) detail(entry).get("metadata");
    }

    private static String eventId(PutEventsRequestEntry entry) {
        return (String) metadata(entry).get("eventId");
    }

    /** The events of each order in the order they were accepted, as versions. */
    private static Map<String, List<Integer>> versionsByOrder(List<PutEventsRequestEntry> accepted) {
        Map<String, List<Integer>> versions = new LinkedHashMap<>();
        for (PutEventsRequestEntry entry : accepted) {
            versions.computeIfAbsent(entry.resources().get(0), k -> new ArrayList<>())
                    .add(((Number) metadata(entry).get("version")).intValue());
        }
        return versions;
    }

    /** A value as JSON text reads back: numbers compare by value, whatever Java type held them. */
    private static com.fasterxml.jackson.databind.JsonNode json(Object value) {
        try {
            return MAPPER.readTree(MAPPER.writeValueAsString(value));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static StreamsEventResponse publish(PublishEventsFunction function, DynamodbEvent batch) {
        return function.handleRequest(batch, new TestContext());
    }

    @Test
    void everyChangeOfOrdersChangedAtOnceIsPublishedOnceInVersionOrderInTheDocumentedEnvelope() {
        List<String> orders = changeSixOrdersAtOnce();
        RecordingEventBridge bus = new RecordingEventBridge();
        PublishEventsFunction function = new PublishEventsFunction(bus, "orders-bus", "order-service");

        List<DynamodbEvent.DynamodbStreamRecord> records = stream.filtered();
        for (DynamodbEvent batch : stream.batches(records)) {
            assertEquals(List.of(), publish(function, batch).getBatchItemFailures());
        }

        Map<String, List<OrderEvent>> logs = orders.stream().collect(Collectors.toMap(o -> o,
                o -> fx.events("c-" + o.substring(2), o)));
        int events = logs.values().stream().mapToInt(List::size).sum();
        assertEquals(events, records.size(), "the filter lets exactly the event rows through");
        assertEquals(events, bus.accepted.size());
        assertEquals(events, bus.accepted.stream().map(PublishEventsFunctionTest::eventId).distinct().count());
        logs.forEach((orderId, log) -> assertEquals(log.stream().map(e -> (int) e.version()).toList(),
                versionsByOrder(bus.accepted).get(orderId), orderId));
        bus.accepted.forEach(PublishEventsFunctionTest::assertValid);

        OrderEvent paid = logs.get("o-0").get(logs.get("o-0").size() - 1);
        PutEventsRequestEntry published = bus.accepted.stream()
                .filter(e -> eventId(e).equals("o-0:" + paid.version())).findFirst().orElseThrow();
        assertEquals("order-service", published.source());
        assertEquals("PaymentCaptured", published.detailType());
        assertEquals(List.of("o-0"), published.resources());
        assertEquals(paid.at(), published.time());
        assertEquals("orders-bus", published.eventBusName());
        assertEquals(Map.of("eventId", "o-0:" + paid.version(), "orderId", "o-0", "customerId", "c-0",
                "version", (int) paid.version(), "occurredAt", dev.orders.core.time.Timestamps.format(paid.at()),
                "correlationId", "o-0:" + paid.version(), "schemaVersion", "1"), metadata(published));
        assertEquals(json(paid.change().data()), json(detail(published).get("data")));
    }

    @Test
    void aBusRefusingAnOrdersEventsStopsTheBatchThereAndLambdasRetryFromItPublishesEverythingInOrder() {
        List<String> orders = changeSixOrdersAtOnce();
        List<DynamodbEvent.DynamodbStreamRecord> records = stream.filtered();
        // o-3 is refused on the first three requests: every attempt of the first invocation.
        RecordingEventBridge bus = new RecordingEventBridge(
                (entry, request) -> request <= 3 && entry.resources().contains("o-3"), 0);
        PublishEventsFunction function = new PublishEventsFunction(bus, "orders-bus", "order-service");

        List<DynamodbEvent.DynamodbStreamRecord> remaining = records;
        int invocations = 0;
        while (!remaining.isEmpty()) {
            DynamodbEvent batch = stream.batches(remaining).get(0);
            List<StreamsEventResponse.BatchItemFailure> failures = publish(function, batch).getBatchItemFailures();
            invocations++;
            int next = batch.getRecords().size();
            if (!failures.isEmpty()) {
                String failed = failures.get(0).getItemIdentifier();
                // Lambda's retry: the batch again from the reported record on.
                next = indexOf(batch.getRecords(), failed);
                assertTrue(batch.getRecords().get(next).getDynamodb().getNewImage().get("orderId").getS().equals("o-3"));
            }
            remaining = remaining.subList(next, remaining.size());
        }

        assertEquals(2, invocations, "one refused, one retried from the refused record");
        Set<String> published = bus.accepted.stream().map(PublishEventsFunctionTest::eventId).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(records.size(), published.size(), "no event dropped");
        Map<String, List<Integer>> versions = versionsByOrder(bus.accepted);
        for (String orderId : orders) {
            List<Integer> seen = versions.get(orderId);
            for (int i = 1; i < seen.size(); i++) {
                assertTrue(seen.get(i) >= seen.get(i - 1), orderId + " published out of order: " + seen);
            }
        }
    }

    /** At INFO a batch published whole writes no line of its own: its metric line, with Lambda's request id, records it. */
    @Test
    void atInfoABatchPublishedIsItsMetricLineWithItsRequestId() {
        fx.createOrder("c-1", "o-1", 1250);
        TestContext context = new TestContext();

        LogCapture.Captured<StreamsEventResponse> run = LogCapture.stdout(() -> new PublishEventsFunction(
                new RecordingEventBridge(), "orders-bus", "order-service").handleRequest(stream.batches(
                        stream.filtered()).get(0), context));

        assertEquals(List.of(), run.result().getBatchItemFailures());
        assertEquals(List.of(), run.lines().stream().filter(line -> line.containsKey("level")).toList());
        assertEquals(1, run.lines().size(), run.lines().toString());
        assertEquals(1.0, run.lines().get(0).get("EventsPublished"));
        assertEquals(context.getAwsRequestId(), run.lines().get(0).get("function_request_id"));
    }

    @Test
    void anEventRowThatCannotBeReadIsTheBatchItemFailureAndWhatCameBeforeIsPublished() {
        fx.createOrder("c-1", "o-1", 1250);
        List<DynamodbEvent.DynamodbStreamRecord> records = new ArrayList<>(stream.filtered());
        DynamodbEvent.DynamodbStreamRecord poison = stream.filtered().get(0);
        poison.getDynamodb().getNewImage().get("type").setS("OrderTeleported");
        poison.getDynamodb().setSequenceNumber("999");
        records.add(poison);
        RecordingEventBridge bus = new RecordingEventBridge();

        StreamsEventResponse response = publish(new PublishEventsFunction(bus, "orders-bus", "order-service"),
                stream.batches(records).get(0));

        assertEquals(List.of("999"), response.getBatchItemFailures().stream()
                .map(StreamsEventResponse.BatchItemFailure::getItemIdentifier).toList());
        assertEquals(List.of("o-1:1"), bus.accepted.stream().map(PublishEventsFunctionTest::eventId).toList());
    }

    @Test
    void everyEventTypeHasItsSchemaAndTheSampleStreamEventPublishesValidEvents() throws IOException {
        for (Class<?> type : OrderChange.class.getPermittedSubclasses()) {
            assertTrue(Files.isRegularFile(schemaFile(type.getSimpleName())), "no schema for " + type.getSimpleName());
        }
        Path sample = SampleEvents.repositoryRoot().resolve("events/publish-events/order-created-and-paid.json");
        DynamodbEvent event = sampleEvent(Files.readString(sample));
        RecordingEventBridge bus = new RecordingEventBridge();

        assertEquals(List.of(), publish(new PublishEventsFunction(bus, "orders-bus", "order-service"), event)
                .getBatchItemFailures());

        assertEquals(List.of("OrderCreated", "PaymentCaptured"),
                bus.accepted.stream().map(PutEventsRequestEntry::detailType).toList());
        bus.accepted.forEach(PublishEventsFunctionTest::assertValid);
    }

    /**
     * The largest amount anything may bring in (a provider's capture and refund of 2^53 - 1, recorded as an issue
     * and refunded on it) is published valid against the schemas, which refuse one more.
     */
    @Test
    void theLargestAmountsTheServiceTakesArePublishedWithinTheSchemasMaximum() throws IOException {
        fx.createOrder("c-1", "o-1", 1250);
        for (PaymentEventType type : new PaymentEventType[] {PaymentEventType.PAYMENT_SUCCEEDED,
                PaymentEventType.REFUND_SUCCEEDED}) {
            fx.processPaymentEvent.process(new PaymentEvent("evt_" + type.ordinal(), type, 1_795_348_800L, "o-1",
                    Optional.of("pay_max"), Money.MAX_AMOUNT, "EUR"));
        }
        RecordingEventBridge bus = new RecordingEventBridge();

        for (DynamodbEvent batch : stream.batches(stream.filtered())) {
            publish(new PublishEventsFunction(bus, "orders-bus", "order-service"), batch);
        }

        assertEquals(List.of("OrderCreated", "PaymentIssueRecorded", "PaymentIssueRefunded"),
                bus.accepted.stream().map(PutEventsRequestEntry::detailType).toList());
        bus.accepted.forEach(PublishEventsFunctionTest::assertValid);
        for (PutEventsRequestEntry entry : bus.accepted.subList(1, 3)) {
            ObjectNode detail = (ObjectNode) MAPPER.readTree(entry.detail());
            assertEquals(Money.MAX_AMOUNT, detail.get("data").get("amount").longValue());
            ((ObjectNode) detail.get("data")).put("amount", Money.MAX_AMOUNT + 1);
            assertFalse(schema(entry.detailType()).validate(detail).isEmpty(), entry.detailType() + " above 2^53 - 1");
        }
    }

    /**
     * A stocked product's units ride on the events that move them (reserved by a line created or added, released by
     * a line removed or a cancellation, sold by a shipment), published valid, and every field of their data is one
     * its type's schema declares: the schemas, which take fields added later, still describe all of these.
     */
    @Test
    void theEventsOfOrdersOfAStockedProductCarryItsUnitsAndTheirSchemasDeclareEveryField() throws IOException {
        fx.stock("TEA", 10);
        String kept = created("c-1", 2);
        String added = ((LineChangeOutcome.Added) fx.addLine.add("c-1", kept, new LineRequest("TEA", 1), Optional.empty(),
                Optional.empty(), "user:c-1")).item().itemId();
        fx.removeLine.remove("c-1", kept, added, Optional.empty(), "user:c-1");
        fx.advance("c-1", kept, OrderStatus.PAID);
        fx.fulfil(kept, fx.store.findAggregate(kept).orElseThrow().items().get(0).itemId());
        String dropped = created("c-2", 3);
        fx.advance("c-2", dropped, OrderStatus.CANCELLED);
        RecordingEventBridge bus = new RecordingEventBridge();

        for (DynamodbEvent batch : stream.batches(stream.filtered())) {
            publish(new PublishEventsFunction(bus, "orders-bus", "order-service"), batch);
        }

        List<String> stock = new ArrayList<>();
        for (PutEventsRequestEntry entry : bus.accepted) {
            assertValid(entry);
            com.fasterxml.jackson.databind.JsonNode data = MAPPER.readTree(entry.detail()).get("data");
            assertEquals(List.of(), undeclared(MAPPER.readTree(schemaFile(entry.detailType()).toFile())
                    .get("properties").get("data"), data, entry.detailType() + "."), entry.detail());
            data.findParents("reserved").forEach(line -> stock.add(entry.detailType() + " reserved " + line.get("reserved")));
            for (String moved : List.of("sold", "released")) {
                if (data.has(moved)) {
                    stock.add(entry.detailType() + " " + moved + " " + data.get(moved));
                }
            }
        }
        assertEquals(List.of("OrderCreated reserved 2", "OrderLineAdded reserved 1", "OrderLineRemoved reserved 1",
                "OrderLineStatusChanged sold 2", "OrderCreated reserved 3",
                "OrderStatusChanged released [{\"sku\":\"TEA\",\"quantity\":3}]"), stock);
    }

    /** A new order of {@code quantity} TEA of {@code customerId}, priced from the catalogue: its id. */
    private String created(String customerId, long quantity) {
        return ((OrderCreationOutcome.Created) fx.createOrder.create(new OrderRequest(customerId, Optional.empty(),
                List.of(new LineRequest("TEA", quantity))), Optional.empty(), "user:" + customerId))
                .aggregate().order().orderId();
    }

    /** The fields of {@code value} (and of its objects and arrays, by path) that {@code schema} does not declare. */
    private static List<String> undeclared(com.fasterxml.jackson.databind.JsonNode schema,
                                           com.fasterxml.jackson.databind.JsonNode value, String path) {
        List<String> found = new ArrayList<>();
        if (value.isArray()) {
            value.forEach(element -> found.addAll(undeclared(schema.get("items"), element, path + "[].")));
        } else if (value.isObject()) {
            value.fieldNames().forEachRemaining(field -> {
                com.fasterxml.jackson.databind.JsonNode declared = schema.path("properties").get(field);
                if (declared == null) {
                    found.add(path + field);
                } else {
                    found.addAll(undeclared(declared, value.get(field), path + field + "."));
                }
            });
        }
        return found;
    }

    /** EVENTS.md lets a version gain fields in data: a consumer validating with the schemas must take them. */
    @Test
    void theSchemasTakeAFieldAddedToAnEventsDataButNotOneMissing() throws IOException {
        RecordingEventBridge bus = new RecordingEventBridge();
        publish(new PublishEventsFunction(bus, "orders-bus", "order-service"), sampleEvent(Files.readString(
                SampleEvents.repositoryRoot().resolve("events/publish-events/order-created-and-paid.json"))));
        for (PutEventsRequestEntry entry : bus.accepted) {
            ObjectNode detail = (ObjectNode) MAPPER.readTree(entry.detail());
            ((ObjectNode) detail.get("data")).put("addedInALaterRelease", "x");
            assertValid(entry.toBuilder().detail(detail.toString()).build());

            ((ObjectNode) detail.get("data")).remove("currency");
            assertFalse(schema(entry.detailType()).validate(detail).isEmpty(), entry.detailType() + " without currency");
        }
    }

    /**
     * Delivered as docs/events/order-event.schema.json describes an event: a union tagged by detail-type, which
     * refuses another type's detail under a detail-type, so a consumer's types narrow the detail on it.
     */
    @Test
    void theSampleStreamEventIsPublishedThroughTheSdkOnTheBusItsEnvironmentNamesAsTheIndexSchemaDescribes(@TempDir Path dir)
            throws IOException {
        Path delivered = dir.resolve("events.jsonl");
        DynamodbEvent event = sampleEvent(Files.readString(
                SampleEvents.repositoryRoot().resolve("events/publish-events/order-created-and-paid.json")));
        try (LocalEventBus bus = LocalEventBus.start("us-east-1", Optional.of(delivered),
                SamTemplate.repository().eventBuses())) {
            Map<String, String> env = Map.of(PublishEventsFunction.EVENT_BUS_NAME, "OrderEventBus",
                    PublishEventsFunction.EVENT_SOURCE, "order-service",
                    PublishEventsFunction.EVENTBRIDGE_ENDPOINT, bus.endpoint().toString(),
                    "AWS_REGION", "us-east-1", "AWS_ACCESS_KEY_ID", "local", "AWS_SECRET_ACCESS_KEY", "local");
            // The client as the function builds it from its environment, with the recorder of its calls added.
            EventBridgeClient eventBridge = AwsClients.endpoint(AwsClients.configure(EventBridgeClient.builder(), env,
                    AwsClients.httpClient()).overrideConfiguration(AwsClients.overrides().addExecutionInterceptor(
                    PrivilegeRecorder.forHandler(PublishEventsFunction.class, env)).build()),
                    env, PublishEventsFunction.EVENTBRIDGE_ENDPOINT).build();
            PublishEventsFunction function = new PublishEventsFunction(eventBridge,
                    env.get(PublishEventsFunction.EVENT_BUS_NAME), env.get(PublishEventsFunction.EVENT_SOURCE));

            assertEquals(List.of(), publish(function, event).getBatchItemFailures());
        }

        JsonSchema index = published("order-event.schema.json");
        List<ObjectNode> events = new ArrayList<>();
        for (String line : Files.readAllLines(delivered)) {
            events.add((ObjectNode) MAPPER.readTree(line));
            assertEquals(Set.of(), index.validate(events.get(events.size() - 1)), line);
        }
        assertEquals(List.of("OrderCreated", "PaymentCaptured"),
                events.stream().map(e -> e.get("detail-type").asText()).toList());
        assertEquals(Set.of("order-service"), events.stream().map(e -> e.get("source").asText()).collect(Collectors.toSet()));
        ObjectNode created = events.get(0);
        assertFalse(index.validate(created.deepCopy().set("detail", events.get(1).get("detail"))).isEmpty(),
                "a PaymentCaptured's detail under detail-type OrderCreated");
        assertFalse(index.validate(created.deepCopy().put("detail-type", "OrderShipped")).isEmpty(),
                "an event type that does not exist");
    }

    /** The sample as Lambda's runtime reads it: its records, their images in the event library's types. */
    @SuppressWarnings("unchecked")
    private static DynamodbEvent sampleEvent(String json) throws IOException {
        Map<String, Object> sample = MAPPER.readValue(json, Map.class);
        List<DynamodbEvent.DynamodbStreamRecord> records = new ArrayList<>();
        for (Map<String, Object> record : (List<Map<String, Object>>) sample.get("Records")) {
            Map<String, Object> dynamodb = (Map<String, Object>) record.get("dynamodb");
            var lambda = new DynamodbEvent.DynamodbStreamRecord();
            lambda.setEventID((String) record.get("eventID"));
            lambda.setEventName((String) record.get("eventName"));
            var stream = new com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord();
            stream.setSequenceNumber((String) dynamodb.get("SequenceNumber"));
            stream.setNewImage(OrderStream.lambdaImage(sdkImage((Map<String, Object>) dynamodb.get("NewImage"))));
            lambda.setDynamodb(stream);
            records.add(lambda);
        }
        DynamodbEvent event = new DynamodbEvent();
        event.setRecords(records);
        return event;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> sdkImage(Map<String, Object> json) {
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> image = new LinkedHashMap<>();
        json.forEach((name, value) -> image.put(name, sdkValue((Map<String, Object>) value)));
        return image;
    }

    @SuppressWarnings("unchecked")
    private static software.amazon.awssdk.services.dynamodb.model.AttributeValue sdkValue(Map<String, Object> value) {
        var sdk = software.amazon.awssdk.services.dynamodb.model.AttributeValue.builder();
        if (value.containsKey("S")) {
            return sdk.s((String) value.get("S")).build();
        }
        if (value.containsKey("N")) {
            return sdk.n((String) value.get("N")).build();
        }
        if (value.containsKey("M")) {
            return sdk.m(sdkImage((Map<String, Object>) value.get("M"))).build();
        }
        return sdk.l(((List<Map<String, Object>>) value.get("L")).stream().map(PublishEventsFunctionTest::sdkValue).toList()).build();
    }

    private static int indexOf(List<DynamodbEvent.DynamodbStreamRecord> records, String sequenceNumber) {
        for (int i = 0; i < records.size(); i++) {
            if (records.get(i).getDynamodb().getSequenceNumber().equals(sequenceNumber)) {
                return i;
            }
        }
        throw new AssertionError("no record " + sequenceNumber + " in the batch");
    }

    private static JsonSchema schema(String detailType) {
        return SCHEMAS.computeIfAbsent(detailType, type -> published(type + ".schema.json"));
    }

    /** A schema of docs/events by its $id, which the schemas' references resolve against: read from the repository. */
    private static JsonSchema published(String file) {
        String dir = SampleEvents.repositoryRoot().resolve("docs/events").toUri().toString();
        return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012, factory -> factory.schemaMappers(
                        mappers -> mappers.mapPrefix(PUBLISHED_SCHEMAS, dir.endsWith("/") ? dir : dir + "/")))
                .getSchema(SchemaLocation.of(PUBLISHED_SCHEMAS + file));
    }

    private static Path schemaFile(String type) {
        return SampleEvents.repositoryRoot().resolve("docs/events").resolve(type + ".schema.json");
    }

    /** The entry's detail is valid against the schema of its detail-type (docs/events). */
    private static void assertValid(PutEventsRequestEntry entry) {
        try {
            Set<ValidationMessage> errors = schema(entry.detailType()).validate(MAPPER.readTree(entry.detail()));
            assertEquals(Set.of(), errors, entry.detailType() + " " + entry.detail());
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
