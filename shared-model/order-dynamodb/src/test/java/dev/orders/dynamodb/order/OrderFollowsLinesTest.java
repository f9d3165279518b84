package dev.orders.dynamodb.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.mockito.Mockito.spy;
import static org.mockito.Mockito.verifyNoInteractions;

import dev.orders.application.order.ChangeOrderStatus;
import dev.orders.core.feed.FeedRequest;
import dev.orders.core.order.LineChangeOutcome;
import dev.orders.core.order.LineStatus;
import dev.orders.core.order.LineTransitions;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderSummary;
import dev.orders.core.order.Role;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An order in fulfillment follows its lines' statuses in the same transaction as the line change: one
 * more event, OrderStatusChanged "follows its lines", and the status feeds list it under its new status.
 */
@ExtendWith(DynamoDbExtension.class)
class OrderFollowsLinesTest {
    private Fixture fx;
    private String first;
    private String second;

    @BeforeEach
    void aPaidOrderOfTwoLines(TestTable table) {
        fx = new Fixture(table);
        List<OrderLine> lines = fx.createOrder("c-1", "o-1", 1250, 499).items();
        first = lines.get(0).itemId();
        second = lines.get(1).itemId();
        fx.advance("c-1", "o-1", OrderStatus.PAID);
    }

    @Test
    void pickingALineOfAPaidOrderMovesItToInFulfillmentInTheSameTransaction() {
        long before = header().version();

        move(first, LineStatus.PICKED, "admin:ann");

        Order order = header();
        assertEquals(OrderStatus.IN_FULFILLMENT, order.status());
        assertEquals(before + 2, order.version());
        List<OrderEvent> events = newest(2);
        assertEquals(new OrderChange.OrderLineStatusChanged(first, "SKU-1250", LineStatus.PENDING, LineStatus.PICKED, 0),
                events.get(0).change());
        assertFollowed(events.get(1), OrderStatus.PAID, OrderStatus.IN_FULFILLMENT, "admin:ann");
        assertEquals(events.get(0).at(), events.get(1).at(), "one change, one instant");
        assertListedOnlyAs(OrderStatus.IN_FULFILLMENT, OrderStatus.PAID);

        move(second, LineStatus.PICKED, "admin:ann");

        assertEquals(before + 3, header().version(), "an order already in fulfillment does not move again");
    }

    @Test
    void shippingOneOfTwoLinesMakesTheOrderPartiallyFulfilled() {
        move(first, LineStatus.PICKED, "admin:ann");
        long before = header().version();

        move(first, LineStatus.SHIPPED, "admin:bob");

        Order order = header();
        assertEquals(OrderStatus.PARTIALLY_FULFILLED, order.status());
        assertEquals(before + 2, order.version());
        assertFollowed(newest(1).get(0), OrderStatus.IN_FULFILLMENT, OrderStatus.PARTIALLY_FULFILLED, "admin:bob");
        assertListedOnlyAs(OrderStatus.PARTIALLY_FULFILLED, OrderStatus.IN_FULFILLMENT);
    }

    @Test
    void shippingTheLastLineMakesTheOrderFulfilled() {
        fx.fulfil("o-1", first);
        move(second, LineStatus.PICKED, "admin:ann");
        long before = header().version();

        move(second, LineStatus.SHIPPED, "admin:ann");

        Order order = header();
        assertEquals(OrderStatus.FULFILLED, order.status());
        assertEquals(before + 2, order.version());
        assertFollowed(newest(1).get(0), OrderStatus.PARTIALLY_FULFILLED, OrderStatus.FULFILLED, "admin:ann");
        assertListedOnlyAs(OrderStatus.FULFILLED, OrderStatus.PARTIALLY_FULFILLED);
    }

    @Test
    void cancellingTheLastLineLeftAfterAShipmentMakesTheOrderFulfilled() {
        fx.fulfil("o-1", first);
        long before = header().version();

        move(second, LineStatus.CANCELLED, "admin:ann");

        Order order = header();
        assertEquals(OrderStatus.FULFILLED, order.status());
        assertEquals(before + 2, order.version());
        assertFollowed(newest(1).get(0), OrderStatus.PARTIALLY_FULFILLED, OrderStatus.FULFILLED, "admin:ann");
        assertListedOnlyAs(OrderStatus.FULFILLED, OrderStatus.PARTIALLY_FULFILLED);
    }

    @Test
    void cancellingEveryLineLeavesTheOrdersStatusAsItIs() {
        long before = header().version();

        move(first, LineStatus.CANCELLED, "admin:ann");
        move(second, LineStatus.CANCELLED, "admin:ann");

        Order order = header();
        assertEquals(OrderStatus.PAID, order.status());
        assertEquals(before + 2, order.version());
        assertEquals(List.of("OrderLineStatusChanged", "OrderLineStatusChanged"),
                newest(2).stream().map(OrderEvent::type).toList());
        assertListedOnlyAs(OrderStatus.PAID, OrderStatus.IN_FULFILLMENT);
    }

    @Test
    void anAdministratorAskingForAStatusTheLinesSetIsToldItFollowsTheLinesWithNothingReadOrWritten(TestTable table) {
        DynamoDbClient client = spy(table.client());
        ChangeOrderStatus writes = new Fixture(new TestTable(table.tableName(), client)).changeOrderStatus;
        List<Map<String, AttributeValue>> before = fx.partition(Keys.orderPk("o-1"));

        for (OrderStatus target : List.of(OrderStatus.PARTIALLY_FULFILLED, OrderStatus.FULFILLED)) {
            assertEquals(new StatusChangeOutcome.FollowsLines(target),
                    writes.change(request(Role.ADMINISTRATOR, target)));
        }

        verifyNoInteractions(client);
        assertEquals(before, fx.partition(Keys.orderPk("o-1")));
    }

    @Test
    void aCustomerAskingForAStatusTheLinesSetIsForbiddenWithNothingReadOrWritten(TestTable table) {
        DynamoDbClient client = spy(table.client());
        ChangeOrderStatus writes = new Fixture(new TestTable(table.tableName(), client)).changeOrderStatus;
        List<Map<String, AttributeValue>> before = fx.partition(Keys.orderPk("o-1"));

        for (OrderStatus target : List.of(OrderStatus.PARTIALLY_FULFILLED, OrderStatus.FULFILLED)) {
            assertEquals(new StatusChangeOutcome.Forbidden(Role.CUSTOMER, target),
                    writes.change(request(Role.CUSTOMER, target)));
        }

        verifyNoInteractions(client);
        assertEquals(before, fx.partition(Keys.orderPk("o-1")));
    }

    private void move(String itemId, LineStatus target, String actor) {
        assertInstanceOf(LineChangeOutcome.StatusChanged.class, fx.changeLineStatus.change(Role.ADMINISTRATOR, "o-1",
                itemId, target, Optional.empty(), actor));
    }

    private static StatusChangeRequest request(Role role, OrderStatus target) {
        return new StatusChangeRequest(Optional.of("c-1"), "o-1", target, role, Optional.empty(), "someone",
                Optional.empty());
    }

    private static void assertFollowed(OrderEvent event, OrderStatus from, OrderStatus to, String actor) {
        assertEquals(new OrderChange.OrderStatusChanged(from, to, Optional.of(LineTransitions.FOLLOWS_LINES),
                Optional.empty()), event.change());
        assertEquals(actor, event.by());
    }

    /** The order's {@code n} newest events, oldest first; the newest is at the root's version. */
    private List<OrderEvent> newest(int n) {
        List<OrderEvent> events = fx.events("c-1", "o-1");
        assertEquals(header().version(), events.get(events.size() - 1).version());
        return events.subList(events.size() - n, events.size());
    }

    /** The global and the customer's status feeds list the order under {@code status}, not under {@code not}. */
    private void assertListedOnlyAs(OrderStatus status, OrderStatus not) {
        assertEquals(List.of("o-1"), ids(fx.feeds.statusFeed(status, FeedRequest.first(10)).items()));
        assertEquals(List.of("o-1"), ids(fx.feeds.customerStatusFeed("c-1", status, FeedRequest.first(10)).items()));
        assertEquals(List.of(), ids(fx.feeds.statusFeed(not, FeedRequest.first(10)).items()));
        assertEquals(List.of(), ids(fx.feeds.customerStatusFeed("c-1", not, FeedRequest.first(10)).items()));
    }

    private static List<String> ids(List<OrderSummary> orders) {
        return orders.stream().map(OrderSummary::orderId).toList();
    }

    private Order header() {
        return fx.reads.findRootById("o-1").orElseThrow();
    }
}
