package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.application.port.IdempotencyKey;
import dev.orders.application.port.OrderStore;
import dev.orders.application.port.ProcessedRequest;
import dev.orders.core.feed.InvalidCursorException;
import dev.orders.core.feed.Page;
import dev.orders.core.order.Ids;
import dev.orders.core.order.LineChangeOutcome;
import dev.orders.core.order.LineRequest;
import dev.orders.core.order.LineStatus;
import dev.orders.core.order.LineDetails;
import dev.orders.core.order.NewLine;
import dev.orders.core.order.NewOrder;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.OrderLimits;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderStep;
import dev.orders.core.order.Role;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.payment.PaymentDecision;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.core.payment.PaymentRecords;
import dev.orders.core.validation.ValidationException;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.dynamodb.table.CorruptItemException;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

@ExtendWith(DynamoDbExtension.class)
class OrderAccessPatternsTest {
    private Fixture fx;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
    }

    // ---- create and read ----------------------------------------------------------------------

    @Test
    void createWritesRootLinesAndTheOrderCreatedEventTogether() {
        NewOrder request = new NewOrder("c-1", "EUR", List.of(
                new NewLine("MUG", "Mug", 2, 1250), new NewLine("TEA", "Tea", 1, 499)));

        OrderAggregate created = fx.create("o-1", request, "customer:c-1");
        Order root = created.order();
        assertEquals(OrderStatus.CREATED, root.status());
        assertEquals(1, root.version());
        assertEquals(2 * 1250 + 499, root.total());
        assertEquals("EUR", root.currency());
        assertEquals(2, root.itemCount());
        assertTrue(created.items().stream().allMatch(i -> i.itemStatus() == LineStatus.PENDING));

        assertEquals(Optional.of(created), fx.reads.findAggregate("c-1", "o-1"));
        assertEquals(Optional.of(created), fx.reads.findAggregateById("o-1"));
        assertEquals(Optional.of(root), fx.reads.findRootById("o-1"));
        assertEquals(Optional.of(created.items()), fx.reads.findAggregate("c-1", "o-1").map(OrderAggregate::items));
        OrderLine mug = created.items().get(0);
        assertEquals("MUG", mug.sku());
        assertEquals(Optional.of(mug), fx.reads.findLine("c-1", "o-1", mug.itemId()));

        OrderEvent first = fx.reads.history("c-1", "o-1", 10, Optional.empty()).orElseThrow().items().get(0);
        assertEquals(1, first.version());
        assertEquals("customer:c-1", first.by());
        assertEquals(root.createdAt(), first.at());
        assertEquals(new OrderChange.OrderCreated(OrderStatus.CREATED, 2 * 1250 + 499, "EUR",
                created.items().stream().map(LineDetails::of).toList()), first.change());
    }

    @Test
    void anotherCustomersOrderIsNotFound() {
        OrderAggregate order = fx.createOrder("c-1", "o-1", 100);
        String itemId = order.items().get(0).itemId();

        assertTrue(fx.reads.findAggregate("c-2", "o-1").isEmpty());
        assertTrue(fx.reads.findAggregate("c-2", "o-1").map(OrderAggregate::items).isEmpty());
        assertTrue(fx.reads.findLine("c-2", "o-1", itemId).isEmpty());
        assertTrue(fx.reads.history("c-2", "o-1", 10, Optional.empty()).isEmpty());
    }

    @Test
    void unknownOrdersAndItemsAreEmptyNotErrors() {
        assertTrue(fx.reads.findAggregateById("missing").isEmpty());
        assertTrue(fx.reads.findRootById("missing").isEmpty());
        assertTrue(fx.reads.findAggregate("c-1", "missing").map(OrderAggregate::items).isEmpty());
        assertTrue(fx.reads.findLine("c-1", "missing", "i-1").isEmpty());
        assertTrue(fx.reads.history("c-1", "missing", 10, Optional.empty()).isEmpty());
        assertTrue(fx.reads.historyById("missing", 10, Optional.empty()).isEmpty());
    }

    @Test
    void ordersWhoseIdsSharePrefixesNeverSeeEachOthersRows() {
        fx.createOrder("c-1", "o-1", 100);
        fx.createOrder("c-1", "o-10", 200, 300);
        fx.createOrder("c-1", "o-1-0", 400, 500, 600);
        fx.changeOrderStatus.change(new StatusChangeRequest(Optional.of("c-1"), "o-10", OrderStatus.CANCELLED, Role.ADMINISTRATOR,
                Optional.empty(), "ops", Optional.empty()));

        OrderAggregate one = fx.reads.findAggregate("c-1", "o-1").orElseThrow();
        assertEquals(1, one.items().size());
        assertEquals(100, one.order().total());
        assertTrue(one.items().stream().allMatch(i -> i.orderId().equals("o-1")));
        assertEquals(1, fx.reads.findAggregate("c-1", "o-1").map(OrderAggregate::items).orElseThrow().size());
        assertEquals(List.of(1L), versions(fx.reads.history("c-1", "o-1", 10, Optional.empty()).orElseThrow()));
        assertEquals(2, fx.reads.findAggregateById("o-10").orElseThrow().items().size());
        assertEquals(3, fx.reads.findAggregateById("o-1-0").orElseThrow().items().size());
    }

    @Test
    void aFailingRowRollsBackTheWholeCreate() {
        fx.createOrder("c-1", "o-1", 100);

        OrderStore.Creation duplicate = fx.write("o-1", new NewOrder("c-2", "USD", List.of(
                new NewLine("A", "A", 1, 1), new NewLine("B", "B", 1, 2))), "x");

        assertEquals(new OrderStore.Creation.OrderIdTaken(), duplicate);
        OrderAggregate stored = fx.reads.findAggregateById("o-1").orElseThrow();
        assertEquals("c-1", stored.order().customerId());
        assertEquals(1, stored.items().size());
        assertEquals(3, fx.partition(Keys.orderPk("o-1")).size(), "root, one line, one event row");
    }

    @Test
    void aRefusedProcessedRecordRollsBackTheOrderToo() {
        assertInstanceOf(OrderStore.Creation.Created.class, createOnce("o-0", 1, "REQUEST#1"));
        int before = fx.itemCount();

        OrderStore.Creation outcome = createOnce("o-1", 1, "REQUEST#1");

        assertInstanceOf(OrderStore.Creation.AlreadyProcessed.class, outcome);
        assertEquals(before, fx.itemCount());
        assertTrue(fx.reads.findAggregateById("o-1").isEmpty());
    }

    @Test
    void anOrderTooLargeForOneTransactionIsRefusedBeforeWriting() {
        List<NewLine> items = Collections.nCopies(OrderLimits.MAX_ITEMS_PER_ORDER + 1,
                new NewLine("A", "A", 1, 1));
        ValidationException e = assertThrows(ValidationException.class, () -> new NewOrder("c-1", "EUR", items));
        assertTrue(e.getMessage().contains("at most " + OrderLimits.MAX_ITEMS_PER_ORDER + " items"));
        assertEquals(0, fx.itemCount());
    }

    @Test
    void theLargestOrderWithAProcessedRecordFitsDynamoDbsTransactionLimit() {
        OrderStore.Creation outcome = createOnce("o-big", OrderLimits.MAX_ITEMS_PER_ORDER, "REQUEST#big");

        assertInstanceOf(OrderStore.Creation.Created.class, outcome);
        assertEquals(OrderLimits.MAX_ITEMS_PER_ORDER, fx.reads.findAggregateById("o-big").orElseThrow().items().size());
    }

    // ---- status -------------------------------------------------------------------------------

    @Test
    void transitionMovesStatusBumpsVersionAndAppendsItsEventInOneStep() {
        fx.createOrder("c-1", "o-1", 100);

        StatusChangeOutcome outcome = fx.changeOrderStatus.change(change("o-1", OrderStatus.AWAITING_PAYMENT, Optional.of(1L)));

        StatusChangeOutcome.Changed changed = assertInstanceOf(StatusChangeOutcome.Changed.class, outcome);
        Order moved = changed.order();
        assertEquals(OrderStatus.AWAITING_PAYMENT, moved.status());
        assertEquals(2, moved.version());
        assertEquals(Optional.of(moved), fx.reads.findRootById("o-1"));
        OrderEvent latest = fx.reads.history("c-1", "o-1", 1, Optional.empty()).orElseThrow().items().get(0);
        assertEquals(changed.event(), latest);
        assertEquals(2, latest.version());
        assertEquals(new OrderChange.OrderStatusChanged(OrderStatus.CREATED, OrderStatus.AWAITING_PAYMENT,
                Optional.of("checkout"), Optional.empty()), latest.change());
        assertEquals("ops", latest.by());
        assertEquals(moved.updatedAt(), latest.at());
        Map<String, AttributeValue> root = fx.raw(Keys.orderPk("o-1"), Keys.ROOT_SK);
        assertEquals(Keys.statusFeedPk("AWAITING_PAYMENT", 0), root.get(Keys.GSI2PK).s());
        assertEquals(Keys.customerStatusFeedPk("c-1", "AWAITING_PAYMENT"), root.get(Keys.GSI3PK).s());
    }

    @Test
    void staleVersionIsRejectedWithTheCurrentVersionAndHistoryUnchanged() {
        fx.createOrder("c-1", "o-1", 100);
        fx.changeOrderStatus.change(change("o-1", OrderStatus.AWAITING_PAYMENT, Optional.of(1L)));

        StatusChangeOutcome stale = fx.changeOrderStatus.change(change("o-1", OrderStatus.CANCELLED, Optional.of(1L)));

        assertEquals(new StatusChangeOutcome.StaleVersion(2), stale);
        assertEquals(OrderStatus.AWAITING_PAYMENT, fx.reads.findRootById("o-1").orElseThrow().status());
        assertEquals(List.of(2L, 1L), versions(fx.reads.history("c-1", "o-1", 10, Optional.empty()).orElseThrow()));
    }

    @Test
    void aWriterHoldingAnOldSnapshotLosesTheRaceInTheWriteCondition() {
        fx.createOrder("c-1", "o-1", 100);
        Order snapshot = fx.reads.findRootById("o-1").orElseThrow();
        fx.changeOrderStatus.change(change("o-1", OrderStatus.CANCELLED, Optional.empty()));

        // CREATED -> PAID is legal for the snapshot, but the order is CANCELLED now: the condition refuses it.
        OrderStore.Commit late = fx.store.commit(capture(snapshot, "evt_late"), "webhook:payments",
                Optional.of(handled(snapshot, "evt_late")));

        assertEquals(2, assertInstanceOf(OrderStore.Commit.RootChanged.class, late).current().orElseThrow().version());
        assertEquals(OrderStatus.CANCELLED, fx.reads.findRootById("o-1").orElseThrow().status());
        assertEquals(List.of(2L, 1L), versions(fx.reads.history("c-1", "o-1", 10, Optional.empty()).orElseThrow()));
        assertTrue(fx.partition("WEBHOOK#evt_late").isEmpty(), "the event's record is rolled back with the change");
    }

    @Test
    void illegalTransitionIsRejectedAndNothingIsWritten() {
        fx.createOrder("c-1", "o-1", 100);

        StatusChangeOutcome outcome = fx.changeOrderStatus.change(change("o-1", OrderStatus.IN_FULFILLMENT,
                Optional.empty()));

        assertEquals(StatusChangeOutcome.IllegalTransition.of(fx.reads.findRootById("o-1").orElseThrow(),
                OrderStatus.IN_FULFILLMENT), outcome);
        assertEquals(1, fx.reads.findRootById("o-1").orElseThrow().version());
        assertEquals(3, fx.partition(Keys.orderPk("o-1")).size());
    }

    @Test
    void transitionOfAnUnknownOrAnotherCustomersOrderIsNotFound() {
        fx.createOrder("c-1", "o-1", 100);
        assertEquals(new StatusChangeOutcome.OrderNotFound(),
                fx.changeOrderStatus.change(change("missing", OrderStatus.CANCELLED, Optional.empty())));
        assertEquals(new StatusChangeOutcome.OrderNotFound(), fx.changeOrderStatus.change(new StatusChangeRequest(
                Optional.of("c-2"), "o-1", OrderStatus.CANCELLED, Role.ADMINISTRATOR, Optional.empty(), "x", Optional.empty())));
        assertEquals(OrderStatus.CREATED, fx.reads.findRootById("o-1").orElseThrow().status());
    }

    @Test
    void transitionByOrderIdAloneRecordsTheEventThatCausedItOnce() {
        fx.createOrder("c-1", "o-1", 100);
        fx.changeOrderStatus.change(new StatusChangeRequest(Optional.empty(), "o-1", OrderStatus.AWAITING_PAYMENT, Role.ADMINISTRATOR,
                Optional.empty(), "ops", Optional.empty()));
        Order awaiting = fx.reads.findRootById("o-1").orElseThrow();

        OrderStep capture = capture(awaiting, "evt_1");
        OrderStore.Commit outcome = fx.store.commit(capture, "webhook:payments", Optional.of(handled(awaiting, "evt_1")));
        OrderStore.Commit redelivered = fx.store.commit(capture, "webhook:payments",
                Optional.of(handled(awaiting, "evt_1")));

        assertInstanceOf(OrderStore.Commit.Committed.class, outcome);
        OrderEvent event = capture.lastEvent("webhook:payments");
        assertEquals(new OrderChange.PaymentCaptured(OrderStatus.AWAITING_PAYMENT, OrderStatus.PAID, 100, "EUR",
                Optional.of("evt_1"), Optional.of("pay_evt_1"), Optional.empty()), event.change());
        assertEquals(event, fx.reads.history("c-1", "o-1", 1, Optional.empty()).orElseThrow().items().get(0));
        assertInstanceOf(OrderStore.Commit.AlreadyProcessed.class, redelivered);
        assertEquals(3, fx.reads.findRootById("o-1").orElseThrow().version());
    }

    @Test
    void historyPagesNewestFirstWithoutDuplicatesOrGaps() {
        String itemId = fx.createOrder("c-1", "o-1", 100).items().get(0).itemId();
        fx.advance("c-1", "o-1", OrderStatus.AWAITING_PAYMENT, OrderStatus.PAID);
        fx.fulfil("o-1", itemId);
        fx.advance("c-1", "o-1", OrderStatus.REFUNDED);

        List<OrderEvent> seen = new ArrayList<>();
        Optional<String> cursor = Optional.empty();
        int pages = 0;
        do {
            Page<OrderEvent> page = fx.reads.history("c-1", "o-1", 3, cursor).orElseThrow();
            seen.addAll(page.items());
            cursor = page.nextCursor();
            pages++;
        } while (cursor.isPresent());

        assertEquals(List.of(8L, 7L, 6L, 5L, 4L, 3L, 2L, 1L), seen.stream().map(OrderEvent::version).toList());
        assertEquals(List.of("RefundRecorded", "OrderStatusChanged", "OrderLineStatusChanged", "OrderStatusChanged",
                "OrderLineStatusChanged", "PaymentCaptured", "OrderStatusChanged", "OrderCreated"),
                seen.stream().map(OrderEvent::type).toList());
        assertEquals(3, pages);
    }

    @Test
    void historyCursorOfAnotherOrderIsRejected() {
        fx.createOrder("c-1", "o-1", 100);
        fx.createOrder("c-1", "o-2", 100);
        fx.changeOrderStatus.change(change("o-1", OrderStatus.CANCELLED, Optional.empty()));
        String cursor = fx.reads.history("c-1", "o-1", 1, Optional.empty()).orElseThrow().nextCursor().orElseThrow();

        assertThrows(InvalidCursorException.class, () -> fx.reads.history("c-1", "o-2", 1, Optional.of(cursor)));
    }

    @Test
    void theHistoryByIdIsAnyCustomersAndItsCursorsPageOnlyIt() {
        fx.createOrder("c-1", "o-1", 100);
        fx.changeOrderStatus.change(change("o-1", OrderStatus.CANCELLED, Optional.empty()));

        Page<OrderEvent> first = fx.reads.historyById("o-1", 1, Optional.empty()).orElseThrow();
        assertEquals(List.of(2L), versions(first));
        String byId = first.nextCursor().orElseThrow();
        assertEquals(List.of(1L), versions(fx.reads.historyById("o-1", 1, Optional.of(byId)).orElseThrow()));

        String byCustomer = fx.reads.history("c-1", "o-1", 1, Optional.empty()).orElseThrow().nextCursor().orElseThrow();
        assertThrows(InvalidCursorException.class, () -> fx.reads.historyById("o-1", 1, Optional.of(byCustomer)));
        assertThrows(InvalidCursorException.class, () -> fx.reads.history("c-1", "o-1", 1, Optional.of(byId)));
    }

    @Test
    void transitionPreservesAttributesThisCodeDoesNotKnow() {
        fx.createOrder("c-1", "o-1", 100);
        fx.testTable.client().updateItem(b -> b.tableName(fx.table.tableName())
                .key(Map.of(Keys.PK, s(Keys.orderPk("o-1")), Keys.SK, s(Keys.ROOT_SK)))
                .updateExpression("SET giftMessage = :m").expressionAttributeValues(Map.of(":m", s("Happy birthday"))));

        fx.changeOrderStatus.change(change("o-1", OrderStatus.CANCELLED, Optional.empty()));

        assertEquals("Happy birthday", fx.raw(Keys.orderPk("o-1"), Keys.ROOT_SK).get("giftMessage").s());
    }

    @Test
    void eventRowsCarryNoIndexKeys() {
        fx.createOrder("c-1", "o-1", 100, 200);
        for (Map<String, AttributeValue> row : fx.partition(Keys.orderPk("o-1"))) {
            boolean root = row.get(Keys.SK).s().equals(Keys.ROOT_SK);
            assertEquals(root, row.containsKey(Keys.GSI1PK), row.get(Keys.SK).s());
            assertEquals(root, row.containsKey(Keys.GSI2PK), row.get(Keys.SK).s());
            assertEquals(root, row.containsKey(Keys.GSI3PK), row.get(Keys.SK).s());
        }
    }

    @Test
    void readingAnItemOfAnotherEntityTypeIsAnError() {
        fx.testTable.client().putItem(b -> b.tableName(fx.table.tableName()).item(Map.of(
                Keys.PK, s(Keys.orderPk("o-x")), Keys.SK, s(Keys.ROOT_SK), "entityType", s("CUSTOMER"))));
        assertThrows(CorruptItemException.class, () -> fx.reads.findRootById("o-x"));
        assertThrows(CorruptItemException.class, () -> fx.reads.findAggregateById("o-x"));
    }

    // ---- lines --------------------------------------------------------------------------------

    @Test
    void addingAndRemovingLinesKeepsTheTotalRight() {
        fx.createOrder("c-1", "o-1", 1000);
        fx.putProduct("B", 250);

        LineChangeOutcome added = fx.addLine.add("c-1", "o-1", new LineRequest("B", 3), Optional.empty(), Optional.empty(), "c-1");
        OrderLine line = assertInstanceOf(LineChangeOutcome.Added.class, added).item();
        assertEquals(1750, fx.reads.findRootById("o-1").orElseThrow().total());

        String firstLine = fx.reads.findAggregate("c-1", "o-1").map(OrderAggregate::items).orElseThrow().get(0).itemId();
        assertInstanceOf(LineChangeOutcome.Removed.class,
                fx.removeLine.remove("c-1", "o-1", firstLine, Optional.empty(), "c-1"));

        OrderAggregate after = fx.reads.findAggregateById("o-1").orElseThrow();
        assertEquals(750, after.order().total());
        assertEquals(1, after.order().itemCount());
        assertEquals(List.of(line), after.items());
    }

    @Test
    void linesCannotChangeOncePaid() {
        OrderAggregate order = fx.createOrder("c-1", "o-1", 1000);
        fx.putProduct("B", 1);
        fx.changeOrderStatus.change(change("o-1", OrderStatus.PAID, Optional.empty()));

        assertEquals(new LineChangeOutcome.OrderNotOpen(OrderStatus.PAID),
                fx.addLine.add("c-1", "o-1", new LineRequest("B", 1), Optional.empty(), Optional.empty(), "c-1"));
        assertEquals(new LineChangeOutcome.OrderNotOpen(OrderStatus.PAID),
                fx.removeLine.remove("c-1", "o-1", order.items().get(0).itemId(), Optional.empty(), "c-1"));

        OrderAggregate after = fx.reads.findAggregateById("o-1").orElseThrow();
        assertEquals(order.items(), after.items());
        assertEquals(1000, after.order().total());
    }

    @Test
    void lineChangesOfUnknownOrdersOrLinesAreNotFound() {
        OrderAggregate order = fx.createOrder("c-1", "o-1", 1000);
        fx.putProduct("B", 1);
        assertEquals(new LineChangeOutcome.OrderNotFound(),
                fx.addLine.add("c-1", "missing", new LineRequest("B", 1), Optional.empty(), Optional.empty(), "c-1"));
        assertEquals(new LineChangeOutcome.OrderNotFound(),
                fx.addLine.add("c-2", "o-1", new LineRequest("B", 1), Optional.empty(), Optional.empty(), "c-2"));
        assertEquals(new LineChangeOutcome.OrderNotFound(),
                fx.removeLine.remove("c-2", "o-1", order.items().get(0).itemId(), Optional.empty(), "c-2"));
        assertEquals(new LineChangeOutcome.LineNotFound(),
                fx.removeLine.remove("c-1", "o-1", "nope", Optional.empty(), "c-1"));
        assertEquals(fx.reads.findAggregateById("o-1").map(OrderAggregate::order).orElseThrow(), order.order());
        assertTrue(fx.partition(Keys.orderPk("missing")).isEmpty());
    }

    @Test
    void anOrderCannotGrowBeyondOneTransactionsWorthOfLines() {
        List<NewLine> items = Collections.nCopies(OrderLimits.MAX_ITEMS_PER_ORDER, new NewLine("A", "A", 1, 1));
        fx.create("o-1", new NewOrder("c-1", "EUR", items), "x");
        fx.putProduct("B", 1);

        assertEquals(new LineChangeOutcome.TooManyLines(OrderLimits.MAX_ITEMS_PER_ORDER),
                fx.addLine.add("c-1", "o-1", new LineRequest("B", 1), Optional.empty(), Optional.empty(), "c-1"));
        assertEquals(OrderLimits.MAX_ITEMS_PER_ORDER, fx.reads.findAggregateById("o-1").orElseThrow().items().size());
    }

    @Test
    void lineStatusFollowsItsLifecycleOnlyWhileTheOrderIsInFulfillment() {
        OrderAggregate order = fx.createOrder("c-1", "o-1", 1000, 2000);
        String first = order.items().get(0).itemId();
        String second = order.items().get(1).itemId();

        assertEquals(new LineChangeOutcome.OrderNotInFulfillment(OrderStatus.CREATED),
                moveLine(first, LineStatus.PICKED));

        fx.changeOrderStatus.change(change("o-1", OrderStatus.PAID, Optional.empty()));
        OrderLine picked = assertInstanceOf(LineChangeOutcome.StatusChanged.class,
                moveLine(first, LineStatus.PICKED)).item();
        assertEquals(LineStatus.PICKED, picked.itemStatus());
        assertEquals(Optional.of(picked), fx.reads.findLine("c-1", "o-1", first));

        assertEquals(new LineChangeOutcome.IllegalLineTransition(LineStatus.PENDING, LineStatus.SHIPPED),
                moveLine(second, LineStatus.SHIPPED));
        assertEquals(new LineChangeOutcome.IllegalLineTransition(LineStatus.PICKED, LineStatus.PENDING),
                moveLine(first, LineStatus.PENDING));
        assertEquals(new LineChangeOutcome.LineNotFound(), moveLine("nope", LineStatus.PICKED));
        assertEquals(LineStatus.PENDING, fx.reads.findLine("c-1", "o-1", second).orElseThrow().itemStatus());
    }

    @Test
    void lineStatusUpdatePreservesAttributesThisCodeDoesNotKnow() {
        OrderAggregate order = fx.createOrder("c-1", "o-1", 1000);
        String itemId = order.items().get(0).itemId();
        fx.testTable.client().updateItem(b -> b.tableName(fx.table.tableName())
                .key(Map.of(Keys.PK, s(Keys.orderPk("o-1")), Keys.SK, s(Keys.itemSk(itemId))))
                .updateExpression("SET warehouse = :w").expressionAttributeValues(Map.of(":w", s("BER-1"))));
        fx.changeOrderStatus.change(change("o-1", OrderStatus.PAID, Optional.empty()));

        moveLine(itemId, LineStatus.PICKED);

        Map<String, AttributeValue> raw = fx.raw(Keys.orderPk("o-1"), Keys.itemSk(itemId));
        assertEquals("BER-1", raw.get("warehouse").s());
        assertEquals("PICKED", raw.get("itemStatus").s());
        assertFalse(raw.containsKey(Keys.GSI1PK));
    }

    private LineChangeOutcome moveLine(String itemId, LineStatus target) {
        return fx.changeLineStatus.change(Role.ADMINISTRATOR, "o-1", itemId, target, Optional.empty(),
                "ops");
    }

    private static StatusChangeRequest change(String orderId, OrderStatus target, Optional<Long> expectedVersion) {
        return new StatusChangeRequest(Optional.of("c-1"), orderId, target, Role.ADMINISTRATOR, expectedVersion, "ops",
                Optional.of("checkout"));
    }

    private static List<Long> versions(Page<OrderEvent> page) {
        return page.items().stream().map(OrderEvent::version).toList();
    }

    /** The provider's capture of {@code read}'s total, as the core decides it. */
    private OrderStep capture(Order read, String eventId) {
        PaymentEvent captured = new PaymentEvent(eventId, PaymentEventType.PAYMENT_SUCCEEDED, 1_795_348_800L,
                read.orderId(), Optional.of("pay_" + eventId), read.total(), read.currency());
        return ((PaymentDecision.Apply) PaymentDecision.decide(captured,
                new PaymentRecords(Optional.of(read), List.of(), List.of()), "webhook:payments", fx.clock.instant())).step();
    }

    /** An order of {@code lines} lines of c-1 created under the idempotency key {@code key}. */
    private OrderStore.Creation createOnce(String orderId, int lines, String key) {
        NewOrder order = new NewOrder("c-1", "EUR", Collections.nCopies(lines, new NewLine("A", "A", 1, 1)));
        OrderAggregate placed = order.place(orderId, order.items().stream().map(item -> Ids.newItemId()).toList(),
                fx.clock.instant());
        return fx.store.create(placed, OrderEvent.created(placed, "x"), List.of(), Optional.of(new ProcessedRequest.OrderCreated(
                new IdempotencyKey("c-1", key), "fingerprint", orderId)));
    }

    /** The processed record of the provider's capture {@code eventId} of {@code read}. */
    private static ProcessedRequest handled(Order read, String eventId) {
        return new ProcessedRequest.PaymentEventHandled(new PaymentEvent(eventId, PaymentEventType.PAYMENT_SUCCEEDED,
                1_795_348_800L, read.orderId(), Optional.of("pay_" + eventId), read.total(), read.currency()),
                PaymentOutcome.APPLIED);
    }
}
