package dev.orders.dynamodb.product;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.orders.application.port.OrderStore;
import dev.orders.core.order.Decision;
import dev.orders.core.order.LineChangeOutcome;
import dev.orders.core.order.LineRequest;
import dev.orders.core.order.LineStatus;
import dev.orders.core.order.LineTransitions;
import dev.orders.core.order.NewLine;
import dev.orders.core.order.NewOrder;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderCreationOutcome;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.PaymentIssueKind;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.OrderRequest;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.Role;
import dev.orders.core.order.RowChange;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.order.StockShortage;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.core.payment.PaymentEventOutcome;
import dev.orders.core.product.ProductDetails;
import dev.orders.core.product.Stock;
import dev.orders.core.product.StockOutcome;
import dev.orders.core.product.StockSetting;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.Race;
import dev.orders.testsupport.TestTable;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Stock on the real engine: set by administrators, reserved in the order's transaction, released and sold. */
@ExtendWith(DynamoDbExtension.class)
class StockTest {
    private Fixture fx;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
        fx.putProduct("MUG", 1250);
        fx.putProduct("PEN", 199);
    }

    private OrderCreationOutcome order(String customerId, String sku, long quantity) {
        return fx.createOrder.create(new OrderRequest(customerId, Optional.empty(), List.of(new LineRequest(sku, quantity))),
                Optional.empty(), "customer:" + customerId);
    }

    private OrderAggregate created(OrderCreationOutcome outcome) {
        return assertInstanceOf(OrderCreationOutcome.Created.class, outcome).aggregate();
    }

    @Test
    void settingStockTracksTheProductAndARecountKeepsWhatIsReservedAndMovesTheVersion() {
        assertEquals(Optional.empty(), fx.products.find("MUG").orElseThrow().stock(), "untracked until stocked");

        assertEquals(new Stock(5, 0, 1), fx.stock("MUG", 5));
        created(order("c-1", "MUG", 2));
        assertEquals(new Stock(5, 2, 2), fx.stockOf("MUG"));
        assertEquals(new StockOutcome.Set("MUG", new Stock(9, 2, 3)),
                fx.setStock.set(new StockSetting("MUG", 9, Optional.of(2L))));
        assertEquals(7, fx.stockOf("MUG").available());
        assertEquals("7", fx.raw(Keys.productPk("MUG"), Keys.PRODUCT_SK).get("available").n(),
                "available is kept in step for the reservations' condition");
    }

    @Test
    void aStaleIfMatchACountBelowWhatIsReservedAndAMissingProductWriteNothing() {
        fx.stock("MUG", 5);
        created(order("c-1", "MUG", 3));

        assertEquals(new StockOutcome.StaleVersion(Optional.of(2L)),
                fx.setStock.set(new StockSetting("MUG", 9, Optional.of(1L))));
        assertEquals(new StockOutcome.BelowReserved(3), fx.setStock.set(new StockSetting("MUG", 2, Optional.empty())));
        assertEquals(new StockOutcome.ProductNotFound(), fx.setStock.set(new StockSetting("NONE", 2, Optional.empty())));
        assertEquals(new Stock(5, 3, 2), fx.stockOf("MUG"));
        assertFalse(fx.products.find("NONE").isPresent(), "no product is made by setting stock");
    }

    @Test
    void puttingTheProductAgainKeepsItsStock() {
        fx.stock("MUG", 5);

        fx.products.upsert(new ProductDetails("MUG", "Blue mug, new", 1300, "EUR", true));

        assertEquals(new Stock(5, 0, 1), fx.stockOf("MUG"));
    }

    @Test
    void anOrderReservesInItsTransactionAndItsLinesRememberWhatTheyReserved() {
        fx.stock("MUG", 5);

        OrderAggregate order = created(fx.createOrder.create(new OrderRequest("c-1", Optional.empty(), List.of(
                new LineRequest("MUG", 2), new LineRequest("PEN", 4), new LineRequest("MUG", 1))),
                Optional.empty(), "customer:c-1"));

        assertEquals(new Stock(5, 3, 2), fx.stockOf("MUG"), "one reservation of both MUG lines");
        assertEquals(Optional.empty(), fx.products.find("PEN").orElseThrow().stock(), "an untracked product stays so");
        assertEquals(List.of(2L, 0L, 1L), fx.store.findAggregate(order.order().orderId()).orElseThrow().items().stream()
                .map(OrderLine::reserved).toList());
    }

    @Test
    void anOrderAskingMoreThanIsAvailableIsOutOfStockNamingWhatIsAvailableAndWritesNothing() {
        fx.stock("MUG", 5);
        fx.stock("PEN", 1);
        created(order("c-1", "MUG", 4));
        int items = fx.itemCount();

        OrderCreationOutcome outcome = fx.createOrder.create(new OrderRequest("c-2", Optional.empty(), List.of(
                new LineRequest("MUG", 2), new LineRequest("PEN", 2))), Optional.empty(), "customer:c-2");

        assertEquals(new OrderCreationOutcome.OutOfStock(List.of(new StockShortage("MUG", 2, 1),
                new StockShortage("PEN", 2, 1))), outcome);
        assertEquals(items, fx.itemCount());
        assertEquals(new Stock(5, 4, 2), fx.stockOf("MUG"));
    }

    /** What the transaction's condition answers when the stock moved after the read the core decided on. */
    @Test
    void aReservationTheStockNoLongerCoversCancelsTheTransactionWithWhatIsAvailable() {
        fx.stock("MUG", 1);
        OrderAggregate placed = new NewOrder("c-1", "EUR", List.of(new NewLine("MUG", "Mug", 2, 1250)))
                .place("o-1", List.of("i-1"), fx.clock.instant());
        int items = fx.itemCount();

        OrderStore.Creation creation = fx.store.create(placed, OrderEvent.created(placed, "customer:c-1"),
                List.of(new RowChange.StockReserved("MUG", 2)), Optional.empty());

        assertEquals(new OrderStore.Creation.OutOfStock(List.of(new StockShortage("MUG", 2, 1))), creation);
        assertEquals(items, fx.itemCount());
    }

    @Test
    void aLinesReservationTheStockNoLongerCoversIsOutOfStockAtCommitAndWritesNothing() {
        OrderAggregate order = created(order("c-1", "PEN", 1));
        fx.stock("MUG", 1);
        OrderLine line = new OrderLine(order.order().orderId(), "c-1", "i-9", "MUG", Optional.of("Mug"), 2, 1250,
                LineStatus.PENDING, fx.clock.instant(), fx.clock.instant(), 0);
        Decision<LineChangeOutcome> decided = LineTransitions.add(Optional.of(order.order()), line, "EUR",
                Optional.of(new Stock(10, 0, 1)), Optional.empty());
        int items = fx.itemCount();

        OrderStore.Commit commit = fx.store.commit(((Decision.Write<LineChangeOutcome>) decided).step(), "customer:c-1",
                Optional.empty());

        assertEquals(new OrderStore.Commit.OutOfStock(List.of(new StockShortage("MUG", 2, 1))), commit);
        assertEquals(items, fx.itemCount());
        assertEquals(new Stock(1, 0, 1), fx.stockOf("MUG"));
    }

    @Test
    void anOrderOfUntrackedProductsIsNeverOutOfStockAsBefore() {
        OrderAggregate order = created(order("c-1", "PEN", 1_000));

        assertEquals(List.of(0L), order.items().stream().map(OrderLine::reserved).toList());
        assertFalse(fx.raw(Keys.productPk("PEN"), Keys.PRODUCT_SK).containsKey("available"));
    }

    @Test
    void anAddedLineReservesAndOneAskingMoreThanIsAvailableIsRefusedWritingNothing() {
        fx.stock("MUG", 3);
        OrderAggregate order = created(order("c-1", "PEN", 1));

        LineChangeOutcome added = fx.addLine.add("c-1", order.order().orderId(), new LineRequest("MUG", 2),
                Optional.empty(), Optional.empty(), "customer:c-1");
        int items = fx.itemCount();
        LineChangeOutcome refused = fx.addLine.add("c-1", order.order().orderId(), new LineRequest("MUG", 2),
                Optional.empty(), Optional.of("key-1"), "customer:c-1");

        assertEquals(2, assertInstanceOf(LineChangeOutcome.Added.class, added).item().reserved());
        assertEquals(new LineChangeOutcome.OutOfStock(new StockShortage("MUG", 2, 1)), refused);
        assertEquals(items, fx.itemCount(), "neither the line nor the key's record");
        assertEquals(new Stock(3, 2, 2), fx.stockOf("MUG"));
    }

    @Test
    void removingALineReleasesWhatItReservedAndALineOrderedBeforeTheStockReleasesNothing() {
        OrderAggregate before = created(order("c-1", "MUG", 2));
        fx.stock("MUG", 5);
        OrderAggregate after = created(order("c-2", "MUG", 3));

        fx.removeLine.remove("c-1", before.order().orderId(), before.items().get(0).itemId(), Optional.empty(),
                "customer:c-1");
        assertEquals(new Stock(5, 3, 2), fx.stockOf("MUG"), "the untracked line gave nothing back");
        fx.removeLine.remove("c-2", after.order().orderId(), after.items().get(0).itemId(), Optional.empty(),
                "customer:c-2");
        assertEquals(new Stock(5, 0, 3), fx.stockOf("MUG"));
    }

    @Test
    void shippingALineSellsItsUnitsCancellingOneReleasesThemAndARefundRestocksNothing() {
        fx.stock("MUG", 10);
        fx.stock("PEN", 10);
        OrderAggregate order = created(fx.createOrder.create(new OrderRequest("c-1", Optional.empty(), List.of(
                new LineRequest("MUG", 2), new LineRequest("PEN", 3))), Optional.empty(), "customer:c-1"));
        String orderId = order.order().orderId();
        fx.advance("c-1", orderId, OrderStatus.PAID);

        fx.fulfil(orderId, order.items().get(0).itemId());
        fx.moveLines(orderId, LineStatus.CANCELLED, order.items().get(1).itemId());
        assertEquals(new Stock(8, 0, 3), fx.stockOf("MUG"), "sold: on hand and reserved both down");
        assertEquals(new Stock(10, 0, 3), fx.stockOf("PEN"), "released");

        fx.advance("c-1", orderId, OrderStatus.REFUNDED);
        assertEquals(new Stock(8, 0, 3), fx.stockOf("MUG"));
    }

    @Test
    void refundingAnOrderByHandGivesBackWhatItsLinesNotYetShippedReserveAndShippedLinesStaySold() {
        fx.stock("MUG", 10);
        fx.stock("PEN", 10);
        OrderAggregate order = created(fx.createOrder.create(new OrderRequest("c-1", Optional.empty(), List.of(
                new LineRequest("MUG", 2), new LineRequest("MUG", 1), new LineRequest("PEN", 3))), Optional.empty(),
                "customer:c-1"));
        String orderId = order.order().orderId();
        fx.advance("c-1", orderId, OrderStatus.PAID);
        fx.fulfil(orderId, order.items().get(0).itemId());
        fx.moveLines(orderId, LineStatus.PICKED, order.items().get(1).itemId());

        fx.advance("c-1", orderId, OrderStatus.REFUNDED);

        assertEquals(new Stock(8, 0, 4), fx.stockOf("MUG"), "2 sold stay sold; the picked line's 1 is back");
        assertEquals(new Stock(10, 0, 3), fx.stockOf("PEN"), "the pending line's 3 are back");
        List<OrderEvent> events = fx.events("c-1", orderId);
        assertEquals(List.of(Map.of("sku", "MUG", "quantity", 1L), Map.of("sku", "PEN", "quantity", 3L)),
                events.get(events.size() - 1).change().data().get("released"), "RefundRecorded names what it gave back");
    }

    @Test
    void aProvidersRefundOfEverythingCapturedGivesBackTheStockAndAPartialOneKeepsIt() {
        fx.stock("MUG", 10);
        OrderAggregate order = created(order("c-1", "MUG", 4));
        String orderId = order.order().orderId();
        long total = order.order().total();
        fx.changeOrderStatus.change(new StatusChangeRequest(Optional.of("c-1"), orderId, OrderStatus.AWAITING_PAYMENT,
                Role.CUSTOMER, Optional.empty(), "customer:c-1", Optional.empty()));
        assertEquals(PaymentOutcome.APPLIED, pay(orderId, "evt_1", PaymentEventType.PAYMENT_SUCCEEDED, total));

        assertEquals(PaymentOutcome.APPLIED, pay(orderId, "evt_2", PaymentEventType.REFUND_SUCCEEDED, 1000));
        assertEquals(new Stock(10, 4, 2), fx.stockOf("MUG"), "a partial refund leaves the order paid, its units reserved");

        assertEquals(PaymentOutcome.APPLIED, pay(orderId, "evt_3", PaymentEventType.REFUND_SUCCEEDED, total - 1000));
        assertEquals(new Stock(10, 0, 3), fx.stockOf("MUG"));
        assertEquals(OrderStatus.REFUNDED, fx.reads.findRootById(orderId).orElseThrow().status());
    }

    @Test
    void aCaptureThatTakesAnEarlyRefundOfEverythingGivesBackTheStockInItsOwnTransaction() {
        fx.stock("MUG", 10);
        OrderAggregate order = created(order("c-1", "MUG", 4));
        String orderId = order.order().orderId();
        long total = order.order().total();
        assertEquals(PaymentOutcome.PAYMENT_ISSUE, pay(orderId, "evt_refund", PaymentEventType.REFUND_SUCCEEDED, total),
                "a refund before its capture waits as an issue");

        assertEquals(PaymentOutcome.APPLIED, pay(orderId, "evt_capture", PaymentEventType.PAYMENT_SUCCEEDED, total));

        assertEquals(OrderStatus.REFUNDED, fx.reads.findRootById(orderId).orElseThrow().status());
        assertEquals(new Stock(10, 0, 3), fx.stockOf("MUG"));
    }

    private PaymentOutcome pay(String orderId, String eventId, PaymentEventType type, long amount) {
        return fx.processPaymentEvent.process(new PaymentEvent(eventId, type, 1_795_348_800L, orderId,
                Optional.of("pay_1"), amount, "EUR")).outcome();
    }

    @Test
    void aRetryWhoseFirstTryTookTheLastUnitsIsAnsweredWithWhatItWroteNotOutOfStock() {
        fx.stock("MUG", 4);
        OrderRequest request = new OrderRequest("c-1", Optional.empty(), List.of(new LineRequest("MUG", 2)));
        OrderAggregate first = created(fx.createOrder.create(request, Optional.of("key-1"), "customer:c-1"));
        String orderId = first.order().orderId();
        LineChangeOutcome added = fx.addLine.add("c-1", orderId, new LineRequest("MUG", 2), Optional.empty(),
                Optional.of("key-2"), "customer:c-1");

        OrderCreationOutcome orderRetry = fx.createOrder.create(request, Optional.of("key-1"), "customer:c-1");
        LineChangeOutcome lineRetry = fx.addLine.add("c-1", orderId, new LineRequest("MUG", 2), Optional.empty(),
                Optional.of("key-2"), "customer:c-1");

        OrderCreationOutcome.Created replayed = assertInstanceOf(OrderCreationOutcome.Created.class, orderRetry);
        assertEquals(orderId, replayed.aggregate().order().orderId());
        assertEquals(true, replayed.replayed());
        assertEquals(assertInstanceOf(LineChangeOutcome.Added.class, added).item().itemId(),
                assertInstanceOf(LineChangeOutcome.Replayed.class, lineRetry).item().itemId());
        assertEquals(new Stock(4, 4, 3), fx.stockOf("MUG"), "reserved once each");
    }

    @Test
    void cancellingAnOrderReleasesWhatItsLinesReserved() {
        fx.stock("MUG", 5);
        OrderAggregate order = created(fx.createOrder.create(new OrderRequest("c-1", Optional.empty(), List.of(
                new LineRequest("MUG", 2), new LineRequest("MUG", 1), new LineRequest("PEN", 1))), Optional.empty(),
                "customer:c-1"));

        assertInstanceOf(StatusChangeOutcome.Changed.class, fx.changeOrderStatus.change(new StatusChangeRequest(
                Optional.of("c-1"), order.order().orderId(), OrderStatus.CANCELLED, Role.CUSTOMER, Optional.empty(),
                "customer:c-1", Optional.empty())));

        assertEquals(new Stock(5, 0, 3), fx.stockOf("MUG"));
    }

    @Test
    void twentyCustomersRacingForTheLastFiveUnitsMakeExactlyFiveOrders() {
        fx.stock("MUG", 5);

        List<OrderCreationOutcome> outcomes = Race.run(20, i -> order("c-" + i, "MUG", 1));

        long orders = outcomes.stream().filter(OrderCreationOutcome.Created.class::isInstance).count();
        long outOfStock = outcomes.stream().filter(OrderCreationOutcome.OutOfStock.class::isInstance).count();
        System.out.println("stock race: 20 customers for 5 units: " + orders + " orders, " + outOfStock + " out of stock");
        assertEquals(5, orders);
        assertEquals(15, outOfStock);
        assertEquals(new Stock(5, 5, 6), fx.stockOf("MUG"));
        assertEquals(0, fx.stockOf("MUG").available());
    }

    /**
     * A capture and the customer's cancellation of one order awaiting payment, released together, 20 rounds: each
     * order ends PAID (the cancellation refused) or CANCELLED (the capture a CAPTURE_AFTER_CANCEL issue, never lost),
     * its log one event per version, and its two reserved units are released once or kept once.
     */
    @Test
    void aCaptureRacingTheCustomersCancellationEndsInOneOutcomeAndCountsTheStockOnce() {
        int rounds = 20;
        fx.stock("MUG", 100);
        int paid = 0;
        int cancelled = 0;
        for (int r = 0; r < rounds; r++) {
            String round = String.valueOf(r);
            String customerId = "c-" + round;
            OrderAggregate order = created(order(customerId, "MUG", 2));
            String orderId = order.order().orderId();
            fx.changeOrderStatus.change(new StatusChangeRequest(Optional.of(customerId), orderId,
                    OrderStatus.AWAITING_PAYMENT, Role.CUSTOMER, Optional.empty(), "customer:" + customerId,
                    Optional.empty()));
            long total = order.order().total();

            List<Object> outcomes = Race.run(2, i -> i == 0
                    ? fx.processPaymentEvent.process(new PaymentEvent("evt_" + round, PaymentEventType.PAYMENT_SUCCEEDED,
                            1_795_348_800L, orderId, Optional.of("pay_" + round), total, "EUR"))
                    : fx.changeOrderStatus.change(new StatusChangeRequest(Optional.of(customerId), orderId,
                            OrderStatus.CANCELLED, Role.CUSTOMER, Optional.empty(), "customer:" + customerId,
                            Optional.empty())));

            PaymentEventOutcome capture = (PaymentEventOutcome) outcomes.get(0);
            StatusChangeOutcome cancel = (StatusChangeOutcome) outcomes.get(1);
            Order root = fx.store.findRoot(orderId).orElseThrow();
            OrderStatus status = root.status();
            if (status == OrderStatus.PAID) {
                paid++;
                assertEquals(PaymentOutcome.APPLIED, capture.outcome());
                assertEquals(StatusChangeOutcome.IllegalTransition.of(root, OrderStatus.CANCELLED), cancel);
            } else {
                cancelled++;
                assertEquals(OrderStatus.CANCELLED, status);
                assertInstanceOf(StatusChangeOutcome.Changed.class, cancel);
                assertEquals(new PaymentEventOutcome("evt_" + round, PaymentOutcome.PAYMENT_ISSUE,
                        Optional.of(PaymentIssueKind.CAPTURE_AFTER_CANCEL)), capture);
            }
            List<OrderEvent> events = fx.events(customerId, orderId);
            assertEquals(LongStream.rangeClosed(1, events.size()).boxed().toList(),
                    events.stream().map(OrderEvent::version).toList(), "one event per version, no gap");
            assertEquals(status == OrderStatus.PAID
                    ? List.of("OrderCreated", "OrderStatusChanged", "PaymentCaptured")
                    : List.of("OrderCreated", "OrderStatusChanged", "OrderStatusChanged", "PaymentIssueRecorded"),
                    events.stream().map(OrderEvent::type).toList());
            assertEquals(100, fx.stockOf("MUG").onHand());
            assertEquals(2L * paid, fx.stockOf("MUG").reserved(), "reserved by the paid orders alone, once each");
        }
        System.out.println("capture/cancel race: " + rounds + " rounds: " + paid + " paid, " + cancelled + " cancelled");
        assertEquals(rounds, paid + cancelled);
    }

    /**
     * A consumer follows a product's stock from the order events alone: a line's reserved units in OrderCreated and
     * OrderLineAdded, released by OrderLineRemoved (the line's) and by a cancellation's OrderStatusChanged (per sku),
     * sold by the shipment's OrderLineStatusChanged; lines of untracked products say nothing.
     */
    @Test
    void theOrderEventsCarryWhatLinesReservedReleasedAndSoldSoStockFollowsFromThemAlone() {
        fx.stock("MUG", 10);
        OrderAggregate kept = created(fx.createOrder.create(new OrderRequest("c-1", Optional.empty(), List.of(
                new LineRequest("MUG", 2), new LineRequest("PEN", 1))), Optional.empty(), "customer:c-1"));
        String keptId = kept.order().orderId();
        String added = ((LineChangeOutcome.Added) fx.addLine.add("c-1", keptId, new LineRequest("MUG", 3),
                Optional.empty(), Optional.empty(), "customer:c-1")).item().itemId();
        fx.removeLine.remove("c-1", keptId, added, Optional.empty(), "customer:c-1");
        fx.advance("c-1", keptId, OrderStatus.PAID);
        fx.fulfil(keptId, kept.items().get(0).itemId());
        OrderAggregate dropped = created(order("c-2", "MUG", 4));
        fx.changeOrderStatus.change(new StatusChangeRequest(Optional.of("c-2"), dropped.order().orderId(),
                OrderStatus.CANCELLED, Role.CUSTOMER, Optional.empty(), "customer:c-2", Optional.empty()));

        List<Map<String, Object>> data = Stream.concat(fx.events("c-1", keptId).stream(),
                fx.events("c-2", dropped.order().orderId()).stream()).map(event -> event.change().data()).toList();
        List<?> createdLines = (List<?>) data.get(0).get("lines");
        assertEquals(Arrays.asList(2L, null), createdLines.stream().map(line -> ((Map<?, ?>) line).get("reserved")).toList(),
                "OrderCreated: the MUG line reserved 2, the PEN line (untracked) says nothing");
        assertEquals(3L, ((Map<?, ?>) data.get(1).get("line")).get("reserved"), "OrderLineAdded");
        assertEquals(3L, ((Map<?, ?>) data.get(2).get("line")).get("reserved"), "OrderLineRemoved: released");
        assertEquals(2L, data.stream().filter(d -> "SHIPPED".equals(d.get("to"))).findFirst().orElseThrow().get("sold"));
        assertEquals(List.of(Map.of("sku", "MUG", "quantity", 4L)), data.get(data.size() - 1).get("released"));
        long reserved = 2 + 3 + 4;
        long released = 3 + 4;
        long sold = 2;
        assertEquals(new Stock(10 - sold, reserved - released - sold, 7), fx.stockOf("MUG"),
                "what the events say: 9 reserved, 7 released, 2 sold");
    }
}
