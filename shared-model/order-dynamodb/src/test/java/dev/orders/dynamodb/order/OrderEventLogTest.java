package dev.orders.dynamodb.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.orders.application.payment.ProcessPaymentEvent;
import dev.orders.core.feed.Page;
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
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.Role;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.core.time.Timestamps;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.dynamodb.table.EntityType;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Every change of an order is exactly one event of its log, at the version the change gave the order. */
@ExtendWith(DynamoDbExtension.class)
class OrderEventLogTest {
    private Fixture fx;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
        fx.putProduct("TEA", 499);
    }

    @Test
    void creatingAnOrderIsEventOneOrderCreatedWithItsLinesTotalAndCurrency() {
        NewOrder request = new NewOrder("c-1", "EUR",
                List.of(new NewLine("MUG", "Mug", 2, 1250), new NewLine("TEA", "Tea", 1, 499)));

        OrderAggregate created = fx.create("o-1", request, "customer:c-1");

        assertEquals(List.of(1L), versions());
        OrderEvent event = last(created.order());
        assertEquals(new OrderChange.OrderCreated(OrderStatus.CREATED, 2 * 1250 + 499, "EUR", List.of(
                new LineDetails(created.items().get(0).itemId(), "MUG", Optional.of("Mug"), 2, 1250, 0),
                new LineDetails(created.items().get(1).itemId(), "TEA", Optional.of("Tea"), 1, 499, 0))), event.change());
        assertEquals("customer:c-1", event.by());
        assertEquals(created.order().createdAt(), event.at());
    }

    @Test
    void anEventRowHoldsItsTypeVersionTimeActorDataAndCorrelationWithoutIndexKeys() {
        OrderAggregate created = fx.createOrder("c-1", "o-1", 1250);

        Map<String, AttributeValue> row = fx.raw(Keys.orderPk("o-1"), Keys.eventSk(1));

        assertEquals(EntityType.ORDER_EVENT.name(), row.get(EntityType.ATTRIBUTE).s());
        assertEquals("o-1", row.get("orderId").s());
        assertEquals("c-1", row.get("customerId").s());
        assertEquals("1", row.get("version").n());
        assertEquals("OrderCreated", row.get("type").s());
        assertEquals("customer:c-1", row.get("by").s());
        assertEquals(Timestamps.format(created.order().createdAt()), row.get("at").s());
        Map<String, AttributeValue> data = row.get("data").m();
        assertEquals("1250", data.get("total").n());
        assertEquals("EUR", data.get("currency").s());
        assertEquals(created.items().get(0).itemId(), data.get("lines").l().get(0).m().get("itemId").s());
        assertEquals("o-1:1", row.get("correlationId").s());
        assertEquals(List.of(Keys.PK, Keys.SK, EntityType.ATTRIBUTE, "orderId", "customerId", "version", "type", "at",
                "by", "data", "correlationId").stream().sorted().toList(), row.keySet().stream().sorted().toList());
    }

    @Test
    void addingALineIsOneOrderLineAddedEventWithTheLineAndTheOrdersNewTotalAndItemCount() {
        fx.createOrder("c-1", "o-1", 1250);

        OrderLine tea = assertInstanceOf(LineChangeOutcome.Added.class,
                fx.addLine.add("c-1", "o-1", new LineRequest("TEA", 2), Optional.empty(), Optional.empty(), "customer:c-1")).item();

        Order order = header();
        assertEquals(1250 + 2 * 499, order.total());
        OrderEvent event = last(order);
        assertEquals(new OrderChange.OrderLineAdded(LineDetails.of(tea), 1250 + 2 * 499, 2), event.change());
        assertEquals(new LineDetails(tea.itemId(), "TEA", Optional.of("Product TEA"), 2, 499, 0), LineDetails.of(tea));
        assertEquals("customer:c-1", event.by());
        assertEquals(tea.createdAt(), event.at());
        assertEquals(List.of(1L, 2L), versions());
    }

    @Test
    void removingALineIsOneOrderLineRemovedEventWithTheLineAndTheOrdersNewTotalAndItemCount() {
        OrderLine mug = fx.createOrder("c-1", "o-1", 1250, 499).items().get(0);

        assertInstanceOf(LineChangeOutcome.Removed.class,
                fx.removeLine.remove("c-1", "o-1", mug.itemId(), Optional.empty(), "customer:c-1"));

        Order order = header();
        assertEquals(499, order.total());
        OrderEvent event = last(order);
        assertEquals(new OrderChange.OrderLineRemoved(LineDetails.of(mug), 499, 1), event.change());
        assertEquals("customer:c-1", event.by());
        assertEquals(order.updatedAt(), event.at());
        assertEquals(List.of(1L, 2L), versions());
    }

    @Test
    void aStatusChangeIsOneOrderStatusChangedEventFromToWithItsReasonByItsActor() {
        fx.createOrder("c-1", "o-1", 1250);

        StatusChangeOutcome outcome = fx.changeOrderStatus.change(new StatusChangeRequest(Optional.of("c-1"), "o-1",
                OrderStatus.CANCELLED, Role.CUSTOMER, Optional.of(1L), "customer:c-1", Optional.of("changed my mind")));

        OrderEvent event = last(header());
        assertEquals(assertInstanceOf(StatusChangeOutcome.Changed.class, outcome).event(), event);
        assertEquals(new OrderChange.OrderStatusChanged(OrderStatus.CREATED, OrderStatus.CANCELLED,
                Optional.of("changed my mind"), Optional.empty()), event.change());
        assertEquals("customer:c-1", event.by());
        assertEquals(List.of(1L, 2L), versions());
    }

    @Test
    void aLineStatusChangeIsOneOrderLineStatusChangedEvent() {
        OrderAggregate created = fx.createOrder("c-1", "o-1", 1250, 499);
        fx.advance("c-1", "o-1", OrderStatus.PAID, OrderStatus.IN_FULFILLMENT);
        OrderLine mug = created.items().get(0);

        assertInstanceOf(LineChangeOutcome.StatusChanged.class, fx.changeLineStatus.change(Role.ADMINISTRATOR, "o-1",
                mug.itemId(), LineStatus.PICKED, Optional.empty(), "admin:ann"));

        Order order = header();
        assertEquals(OrderStatus.IN_FULFILLMENT, order.status());
        OrderEvent event = last(order);
        assertEquals(new OrderChange.OrderLineStatusChanged(mug.itemId(), "SKU-1250", LineStatus.PENDING,
                LineStatus.PICKED, 0), event.change());
        assertEquals("admin:ann", event.by());
        assertEquals(order.updatedAt(), event.at());
        assertEquals(List.of(1L, 2L, 3L, 4L), versions());
    }

    @Test
    void theEventsOneChangeWritesTogetherShareTheIdOfTheFirstAsCorrelationId() {
        OrderAggregate created = fx.createOrder("c-1", "o-1", 1250);
        fx.advance("c-1", "o-1", OrderStatus.PAID);

        fx.moveLines("o-1", LineStatus.PICKED, created.items().get(0).itemId());

        // Version 3 is the line picked, version 4 the order following it into IN_FULFILLMENT.
        assertEquals("o-1:3", fx.raw(Keys.orderPk("o-1"), Keys.eventSk(3)).get("correlationId").s());
        assertEquals("o-1:3", fx.raw(Keys.orderPk("o-1"), Keys.eventSk(4)).get("correlationId").s());
        assertEquals("o-1:2", fx.raw(Keys.orderPk("o-1"), Keys.eventSk(2)).get("correlationId").s());
    }

    @Test
    void aCaptureIsOnePaymentCapturedEventNamingThePaymentEvent() {
        fx.createOrder("c-1", "o-1", 1250);
        fx.advance("c-1", "o-1", OrderStatus.AWAITING_PAYMENT);
        PaymentEvent paid = new PaymentEvent("evt_1", PaymentEventType.PAYMENT_SUCCEEDED, 1_795_348_800L, "o-1",
                Optional.of("pay_1"), 1250, "EUR");

        assertEquals(PaymentOutcome.APPLIED, fx.processPaymentEvent.process(paid).outcome());
        assertEquals(PaymentOutcome.DUPLICATE, fx.processPaymentEvent.process(paid).outcome());

        OrderEvent event = last(header());
        assertEquals(new OrderChange.PaymentCaptured(OrderStatus.AWAITING_PAYMENT, OrderStatus.PAID, 1250, "EUR",
                Optional.of("evt_1"), Optional.of("pay_1"), Optional.empty()), event.change());
        assertEquals(1250, header().capturedAmount());
        assertEquals(ProcessPaymentEvent.ACTOR, event.by());
        assertEquals(List.of(1L, 2L, 3L), versions());
    }

    @Test
    void aWholeLifeIsOneEventPerVersionWithoutGapsAndPagesNewestFirst() {
        String mug = fx.createOrder("c-1", "o-1", 1250, 899).items().get(0).itemId();
        OrderLine tea = ((LineChangeOutcome.Added) fx.addLine.add("c-1", "o-1", new LineRequest("TEA", 1),
                Optional.of(1L), Optional.empty(), "customer:c-1")).item();
        fx.removeLine.remove("c-1", "o-1", mug, Optional.of(2L), "customer:c-1");
        fx.advance("c-1", "o-1", OrderStatus.AWAITING_PAYMENT, OrderStatus.PAID);
        String other = fx.reads.findAggregateById("o-1").orElseThrow().items().stream()
                .filter(line -> line.sku().equals("SKU-899")).findFirst().orElseThrow().itemId();
        fx.fulfil("o-1", other, tea.itemId());

        List<OrderEvent> events = fx.events("c-1", "o-1");

        assertEquals(List.of("OrderCreated", "OrderLineAdded", "OrderLineRemoved", "OrderStatusChanged",
                "PaymentCaptured", "OrderLineStatusChanged", "OrderStatusChanged", "OrderLineStatusChanged",
                "OrderStatusChanged", "OrderLineStatusChanged", "OrderLineStatusChanged", "OrderStatusChanged"),
                events.stream().map(OrderEvent::type).toList());
        assertEquals(OrderStatus.FULFILLED, header().status());
        assertEquals(LongStream.rangeClosed(1, 12).boxed().toList(), versions());
        assertEquals(12, header().version());
        List<OrderEvent> paged = new ArrayList<>();
        Optional<String> cursor = Optional.empty();
        do {
            Page<OrderEvent> page = fx.reads.history("c-1", "o-1", 5, cursor).orElseThrow();
            paged.addAll(page.items());
            cursor = page.nextCursor();
        } while (cursor.isPresent());
        Collections.reverse(paged);
        assertEquals(events, paged);
    }

    /** The newest event, which must be at the root's version. */
    private OrderEvent last(Order order) {
        List<OrderEvent> events = fx.events("c-1", "o-1");
        OrderEvent newest = events.get(events.size() - 1);
        assertEquals(order.version(), newest.version(), "the root is at its newest event's version");
        return newest;
    }

    /**
     * The versions of the order's events, oldest first, after checking that they are 1..n without gaps,
     * that the root is at version n, and that the partition holds exactly n event rows.
     */
    private List<Long> versions() {
        List<Long> versions = fx.events("c-1", "o-1").stream().map(OrderEvent::version).toList();
        assertEquals(LongStream.rangeClosed(1, versions.size()).boxed().toList(), versions);
        assertEquals(versions.size(), header().version());
        assertEquals(versions.size(), fx.partition(Keys.orderPk("o-1")).stream()
                .filter(row -> row.get(Keys.SK).s().startsWith(Keys.EVENT_PREFIX)).count());
        return versions;
    }

    private Order header() {
        return fx.reads.findRootById("o-1").orElseThrow();
    }
}
