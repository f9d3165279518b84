package dev.orders.core.order;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each line change is refused for the first reason in the order the rules name; nothing else is looked at. */
class LineRulesTest {
    private static final Optional<Long> ANY_VERSION = Optional.empty();

    @Test
    void anAdditionIsRefusedForTheOrderThenTheVersionThenTheStatusThenTheCurrencyThenTheSize() {
        Order full = order("c-1", OrderStatus.CREATED, 3, OrderLimits.MAX_ITEMS_PER_ORDER);

        assertEquals(refused(new ItemChangeOutcome.OrderNotFound()),
                LineRules.refuseAddition(Optional.empty(), "c-1", "EUR", ANY_VERSION));
        assertEquals(refused(new ItemChangeOutcome.OrderNotFound()), LineRules.refuseAddition(
                Optional.of(order("c-2", OrderStatus.PAID, 3, 1)), "c-1", "USD", Optional.of(1L)));
        assertEquals(refused(new ItemChangeOutcome.StaleVersion(3)), LineRules.refuseAddition(
                Optional.of(order("c-1", OrderStatus.PAID, 3, OrderLimits.MAX_ITEMS_PER_ORDER)), "c-1", "USD",
                Optional.of(2L)));
        assertEquals(refused(new ItemChangeOutcome.OrderNotOpen(OrderStatus.PAID)), LineRules.refuseAddition(
                Optional.of(order("c-1", OrderStatus.PAID, 3, OrderLimits.MAX_ITEMS_PER_ORDER)), "c-1", "USD",
                Optional.of(3L)));
        assertEquals(refused(new ItemChangeOutcome.NotPriceable(ItemRequest.currencyMismatch("USD", "EUR"))),
                LineRules.refuseAddition(Optional.of(full), "c-1", "USD", ANY_VERSION));
        assertEquals(refused(new ItemChangeOutcome.TooManyItems(OrderLimits.MAX_ITEMS_PER_ORDER)),
                LineRules.refuseAddition(Optional.of(full), "c-1", "EUR", ANY_VERSION));
    }

    @Test
    void anAdditionToAnOpenOrderWithRoomIsAllowedAtTheCurrentOrAnyVersion() {
        Optional<Order> open = Optional.of(order("c-1", OrderStatus.CREATED, 3, OrderLimits.MAX_ITEMS_PER_ORDER - 1));

        assertEquals(Optional.empty(), LineRules.refuseAddition(open, "c-1", "EUR", Optional.of(3L)));
        assertEquals(Optional.empty(), LineRules.refuseAddition(open, "c-1", "EUR", ANY_VERSION));
    }

    @Test
    void aRemovalIsRefusedForTheOrderThenTheVersionThenTheLineThenTheStatus() {
        Optional<OrderAggregate> paid = aggregate("c-1", OrderStatus.PAID, 3, ItemStatus.PENDING);

        assertEquals(refused(new ItemChangeOutcome.OrderNotFound()),
                LineRules.refuseRemoval(Optional.empty(), "c-1", "i-0", ANY_VERSION));
        assertEquals(refused(new ItemChangeOutcome.OrderNotFound()),
                LineRules.refuseRemoval(paid, "c-2", "nope", Optional.of(1L)));
        assertEquals(refused(new ItemChangeOutcome.StaleVersion(3)),
                LineRules.refuseRemoval(paid, "c-1", "nope", Optional.of(2L)));
        assertEquals(refused(new ItemChangeOutcome.ItemNotFound()),
                LineRules.refuseRemoval(paid, "c-1", "nope", Optional.of(3L)));
        assertEquals(refused(new ItemChangeOutcome.OrderNotOpen(OrderStatus.PAID)),
                LineRules.refuseRemoval(paid, "c-1", "i-0", ANY_VERSION));
        assertEquals(Optional.empty(), LineRules.refuseRemoval(
                aggregate("c-1", OrderStatus.CREATED, 3, ItemStatus.PENDING), "c-1", "i-0", Optional.of(3L)));
    }

    @Test
    void aLineStatusIsRefusedForTheOrderThenTheVersionThenTheLineThenItsLifecycleThenTheOrdersStatus() {
        Optional<OrderAggregate> created = aggregate("c-1", OrderStatus.CREATED, 3, ItemStatus.SHIPPED,
                ItemStatus.PENDING);

        assertEquals(refused(new ItemChangeOutcome.OrderNotFound()),
                LineRules.refuseStatus(Optional.empty(), "c-1", "i-0", ItemStatus.PICKED, ANY_VERSION));
        assertEquals(refused(new ItemChangeOutcome.OrderNotFound()),
                LineRules.refuseStatus(created, "c-2", "nope", ItemStatus.PICKED, Optional.of(1L)));
        assertEquals(refused(new ItemChangeOutcome.StaleVersion(3)),
                LineRules.refuseStatus(created, "c-1", "nope", ItemStatus.PICKED, Optional.of(2L)));
        assertEquals(refused(new ItemChangeOutcome.ItemNotFound()),
                LineRules.refuseStatus(created, "c-1", "nope", ItemStatus.PICKED, Optional.of(3L)));
        assertEquals(refused(new ItemChangeOutcome.IllegalItemTransition(ItemStatus.SHIPPED, ItemStatus.CANCELLED)),
                LineRules.refuseStatus(created, "c-1", "i-0", ItemStatus.CANCELLED, ANY_VERSION));
        assertEquals(refused(new ItemChangeOutcome.OrderNotInFulfillment(OrderStatus.CREATED)),
                LineRules.refuseStatus(created, "c-1", "i-1", ItemStatus.PICKED, ANY_VERSION));
    }

    @Test
    void aLineOfAnOrderInFulfilmentMovesAlongItsLifecycle() {
        for (OrderStatus status : OrderStatus.inFulfillment()) {
            Optional<OrderAggregate> order = aggregate("c-1", status, 3, ItemStatus.PICKED);
            assertEquals(Optional.empty(),
                    LineRules.refuseStatus(order, "c-1", "i-0", ItemStatus.SHIPPED, Optional.of(3L)), status.name());
        }
    }

    private static Optional<ItemChangeOutcome> refused(ItemChangeOutcome outcome) {
        return Optional.of(outcome);
    }

    private static Order order(String customerId, OrderStatus status, long version, int itemCount) {
        return new Order("o-1", customerId, status, version, 100L * itemCount, "EUR", 0, 0, LineStatuses.pending(itemCount), Instant.EPOCH,
                Instant.EPOCH);
    }

    /** An order whose lines i-0, i-1, ... have {@code lines} statuses. */
    private static Optional<OrderAggregate> aggregate(String customerId, OrderStatus status, long version,
                                                      ItemStatus... lines) {
        List<OrderItem> items = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            items.add(new OrderItem("o-1", customerId, "i-" + i, "SKU-" + i, Optional.empty(), 1, 100, lines[i],
                    Instant.EPOCH, Instant.EPOCH));
        }
        return Optional.of(new OrderAggregate(order(customerId, status, version, lines.length), items, List.of()));
    }
}
