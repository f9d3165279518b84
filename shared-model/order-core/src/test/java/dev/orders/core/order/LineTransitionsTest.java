package dev.orders.core.order;

import dev.orders.core.money.Money;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.core.validation.FieldError;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Each line change is refused for the first reason in the order the rules name; otherwise it is one step
 * that moves the line, the total and the line counts, and the order follows its lines. No database.
 */
class LineTransitionsTest {
    private static final Optional<Long> ANY_VERSION = Optional.empty();
    private static final Instant LATER = Instant.parse("2026-02-01T10:00:00Z");

    @Test
    void anAdditionIsRefusedForTheOrderThenTheVersionThenTheStatusThenTheCurrencyThenTheSize() {
        Order full = order("c-1", OrderStatus.CREATED, 3, OrderLimits.MAX_ITEMS_PER_ORDER);

        assertEquals(refused(new LineChangeOutcome.OrderNotFound()),
                refuseAddition(Optional.empty(), "c-1", "EUR", ANY_VERSION));
        assertEquals(refused(new LineChangeOutcome.OrderNotFound()), refuseAddition(
                Optional.of(order("c-2", OrderStatus.PAID, 3, 1)), "c-1", "USD", Optional.of(1L)));
        assertEquals(refused(new LineChangeOutcome.StaleVersion(3)), refuseAddition(
                Optional.of(order("c-1", OrderStatus.PAID, 3, OrderLimits.MAX_ITEMS_PER_ORDER)), "c-1", "USD",
                Optional.of(2L)));
        assertEquals(refused(new LineChangeOutcome.OrderNotOpen(OrderStatus.PAID)), refuseAddition(
                Optional.of(order("c-1", OrderStatus.PAID, 3, OrderLimits.MAX_ITEMS_PER_ORDER)), "c-1", "USD",
                Optional.of(3L)));
        assertEquals(refused(new LineChangeOutcome.NotPriceable(LineRequest.currencyMismatch("USD", "EUR"))),
                refuseAddition(Optional.of(full), "c-1", "USD", ANY_VERSION));
        assertEquals(refused(new LineChangeOutcome.TooManyLines(OrderLimits.MAX_ITEMS_PER_ORDER)),
                refuseAddition(Optional.of(full), "c-1", "EUR", ANY_VERSION));
    }

    @Test
    void anAdditionToAnOpenOrderWithRoomIsAllowedAtTheCurrentOrAnyVersion() {
        Optional<Order> open = Optional.of(order("c-1", OrderStatus.CREATED, 3, OrderLimits.MAX_ITEMS_PER_ORDER - 1));

        assertEquals(Optional.empty(), refuseAddition(open, "c-1", "EUR", Optional.of(3L)));
        assertEquals(Optional.empty(), refuseAddition(open, "c-1", "EUR", ANY_VERSION));
    }

    @Test
    void aRemovalIsRefusedForTheOrderThenTheVersionThenTheLineThenTheStatus() {
        Optional<OrderAggregate> paid = aggregate("c-1", OrderStatus.PAID, 3, LineStatus.PENDING);

        assertEquals(refused(new LineChangeOutcome.OrderNotFound()),
                refuseRemoval(Optional.empty(), "c-1", "i-0", ANY_VERSION));
        assertEquals(refused(new LineChangeOutcome.OrderNotFound()),
                refuseRemoval(paid, "c-2", "nope", Optional.of(1L)));
        assertEquals(refused(new LineChangeOutcome.StaleVersion(3)),
                refuseRemoval(paid, "c-1", "nope", Optional.of(2L)));
        assertEquals(refused(new LineChangeOutcome.LineNotFound()),
                refuseRemoval(paid, "c-1", "nope", Optional.of(3L)));
        assertEquals(refused(new LineChangeOutcome.OrderNotOpen(OrderStatus.PAID)),
                refuseRemoval(paid, "c-1", "i-0", ANY_VERSION));
        assertEquals(Optional.empty(), refuseRemoval(
                aggregate("c-1", OrderStatus.CREATED, 3, LineStatus.PENDING), "c-1", "i-0", Optional.of(3L)));
    }

    @Test
    void aLineStatusIsRefusedForTheOrderThenTheVersionThenTheLineThenItsLifecycleThenTheOrdersStatus() {
        Optional<OrderAggregate> created = aggregate("c-1", OrderStatus.CREATED, 3, LineStatus.SHIPPED,
                LineStatus.PENDING);

        assertEquals(refused(new LineChangeOutcome.OrderNotFound()),
                refuseStatus(Optional.empty(), "i-0", LineStatus.PICKED, ANY_VERSION));
        assertEquals(refused(new LineChangeOutcome.StaleVersion(3)),
                refuseStatus(created, "nope", LineStatus.PICKED, Optional.of(2L)));
        assertEquals(refused(new LineChangeOutcome.LineNotFound()),
                refuseStatus(created, "nope", LineStatus.PICKED, Optional.of(3L)));
        assertEquals(refused(new LineChangeOutcome.IllegalLineTransition(LineStatus.SHIPPED, LineStatus.CANCELLED)),
                refuseStatus(created, "i-0", LineStatus.CANCELLED, ANY_VERSION));
        assertEquals(refused(new LineChangeOutcome.OrderNotInFulfillment(OrderStatus.CREATED)),
                refuseStatus(created, "i-1", LineStatus.PICKED, ANY_VERSION));
    }

    @Test
    void aLineOfAnOrderInFulfillmentMovesAlongItsLifecycle() {
        for (OrderStatus status : OrderStatus.where(OrderStatus::isInFulfillment)) {
            Optional<OrderAggregate> order = aggregate("c-1", status, 3, LineStatus.PICKED);
            assertEquals(Optional.empty(),
                    refuseStatus(order, "i-0", LineStatus.SHIPPED, Optional.of(3L)), status.name());
        }
    }

    private static Optional<LineChangeOutcome> refuseAddition(Optional<Order> order, String customerId, String currency,
                                                              Optional<Long> expectedVersion) {
        return refusal(LineTransitions.add(order, newLine(customerId), currency, Optional.empty(), expectedVersion));
    }

    private static Optional<LineChangeOutcome> refuseRemoval(Optional<OrderAggregate> order, String customerId,
                                                             String itemId, Optional<Long> expectedVersion) {
        return refusal(LineTransitions.remove(order, customerId, itemId, expectedVersion, LATER));
    }

    private static Optional<LineChangeOutcome> refuseStatus(Optional<OrderAggregate> order, String itemId,
                                                            LineStatus target, Optional<Long> expectedVersion) {
        return refusal(LineTransitions.moveStatus(order, itemId, target, expectedVersion, LATER));
    }

    private static Optional<LineChangeOutcome> refusal(Decision<LineChangeOutcome> decision) {
        return decision instanceof Decision.Refused<LineChangeOutcome> refused ? Optional.of(refused.outcome())
                : Optional.empty();
    }

    private static OrderStep step(Decision<LineChangeOutcome> decision) {
        return ((Decision.Write<LineChangeOutcome>) decision).step();
    }

    private static OrderLine newLine(String customerId) {
        return new OrderLine("o-1", customerId, "i-new", "SKU-new", Optional.of("New"), 2, 250, LineStatus.PENDING,
                LATER, LATER, 0);
    }

    @Test
    void anAdditionIsOneVersionThatWritesTheLineAndRaisesTheTotalAndTheCount() {
        Order open = order("c-1", OrderStatus.CREATED, 3, 2);
        OrderLine line = newLine("c-1");

        Decision<LineChangeOutcome> decision = LineTransitions.add(Optional.of(open), line, "EUR", Optional.empty(), Optional.of(3L));

        OrderStep step = step(decision);
        assertEquals(new LineChangeOutcome.Added(line, 4), ((Decision.Write<LineChangeOutcome>) decision).outcome());
        assertEquals(open.withLines(700, LineStatuses.pending(3), LATER), step.after());
        assertEquals(List.of(new OrderChange.OrderLineAdded(LineDetails.of(line), 700, 3)), step.changes());
        assertEquals(List.of(new RowChange.LineAdded(line)), step.rows());
    }

    @Test
    void aLineThatWouldTakeTheTotalAboveTheLargestAmountIsRefused() {
        Order nearlyFull = order("c-1", OrderStatus.CREATED, 3, 2);
        OrderLine line = newLine("c-1");
        Order atTheEdge = new Order("o-1", "c-1", OrderStatus.CREATED, 3, Money.MAX_AMOUNT - line.lineTotal(), "EUR", 0,
                0, nearlyFull.lines(), Instant.EPOCH, Instant.EPOCH);
        Order beyond = new Order("o-1", "c-1", OrderStatus.CREATED, 3, Money.MAX_AMOUNT - line.lineTotal() + 1, "EUR",
                0, 0, nearlyFull.lines(), Instant.EPOCH, Instant.EPOCH);

        assertEquals(Money.MAX_AMOUNT, step(LineTransitions.add(Optional.of(atTheEdge), line, "EUR", Optional.empty(), ANY_VERSION))
                .after().total());
        assertEquals(refused(new LineChangeOutcome.NotPriceable(new PricingRefusal.AmountTooLarge(List.of(
                        new FieldError("quantity", "would make the order's total more than 9007199254740991 minor units"))))),
                refuseAddition(Optional.of(beyond), "c-1", "EUR", ANY_VERSION));
    }

    @Test
    void aRemovalIsOneVersionThatDeletesTheLineAndLowersTheTotalAndTheCount() {
        Optional<OrderAggregate> open = aggregate("c-1", OrderStatus.CREATED, 3, LineStatus.PENDING, LineStatus.PENDING);
        OrderLine removed = open.get().item("i-1").orElseThrow();

        OrderStep step = step(LineTransitions.remove(open, "c-1", "i-1", ANY_VERSION, LATER));

        assertEquals(100, step.after().total());
        assertEquals(LineStatuses.pending(1), step.after().lines());
        assertEquals(4, step.after().version());
        assertEquals(List.of(new OrderChange.OrderLineRemoved(LineDetails.of(removed), 100, 1)), step.changes());
        assertEquals(List.of(new RowChange.LineRemoved(removed)), step.rows());
    }

    @Test
    void pickingTheFirstLineOfAPaidOrderStartsItsFulfillmentInTheSameStep() {
        Optional<OrderAggregate> paid = aggregate("c-1", OrderStatus.PAID, 3, LineStatus.PENDING, LineStatus.PENDING);

        OrderStep step = step(LineTransitions.moveStatus(paid, "i-0", LineStatus.PICKED, ANY_VERSION, LATER));

        assertEquals(List.of(new OrderChange.OrderLineStatusChanged("i-0", "SKU-0", LineStatus.PENDING, LineStatus.PICKED, 0),
                new OrderChange.OrderStatusChanged(OrderStatus.PAID, OrderStatus.IN_FULFILLMENT,
                        Optional.of(LineTransitions.FOLLOWS_LINES), Optional.empty())), step.changes());
        assertEquals(OrderStatus.IN_FULFILLMENT, step.after().status());
        assertEquals(5, step.after().version(), "two events, two versions");
        assertEquals(List.of(4L, 5L), step.events("admin:ann").stream().map(OrderEvent::version).toList());
    }

    @Test
    void shippingTheLastLineFulfilsTheOrderAndShippingAnEarlierOneFulfilsItPartly() {
        Optional<OrderAggregate> picking = aggregate("c-1", OrderStatus.IN_FULFILLMENT, 7, LineStatus.PICKED,
                LineStatus.PICKED);
        OrderStep first = step(LineTransitions.moveStatus(picking, "i-0", LineStatus.SHIPPED, ANY_VERSION, LATER));
        assertEquals(OrderStatus.PARTIALLY_FULFILLED, first.after().status());

        Optional<OrderAggregate> lastToShip = aggregate("c-1", OrderStatus.PARTIALLY_FULFILLED, 9, LineStatus.SHIPPED,
                LineStatus.PICKED);
        OrderStep last = step(LineTransitions.moveStatus(lastToShip, "i-1", LineStatus.SHIPPED, ANY_VERSION,
                LATER));
        assertEquals(OrderStatus.FULFILLED, last.after().status());
        assertEquals(new OrderChange.OrderStatusChanged(OrderStatus.PARTIALLY_FULFILLED, OrderStatus.FULFILLED,
                Optional.of(LineTransitions.FOLLOWS_LINES), Optional.empty()), last.changes().get(1));
        OrderLine before = lastToShip.get().item("i-1").orElseThrow();
        assertEquals(List.of(new RowChange.LineStatusMoved(before, new OrderLine("o-1", "c-1", "i-1", "SKU-1",
                Optional.empty(), 1, 100, LineStatus.SHIPPED, Instant.EPOCH, LATER, 0))), last.rows());
    }

    @Test
    void aLineMoveThatLeavesTheOrderWhereItIsIsOneEvent() {
        Optional<OrderAggregate> picking = aggregate("c-1", OrderStatus.IN_FULFILLMENT, 7, LineStatus.PICKED,
                LineStatus.PENDING);

        OrderStep step = step(LineTransitions.moveStatus(picking, "i-1", LineStatus.PICKED, ANY_VERSION, LATER));

        assertEquals(1, step.changes().size());
        assertEquals(OrderStatus.IN_FULFILLMENT, step.after().status());
        assertEquals(8, step.after().version());
    }

    private static Optional<LineChangeOutcome> refused(LineChangeOutcome outcome) {
        return Optional.of(outcome);
    }

    private static Order order(String customerId, OrderStatus status, long version, int itemCount) {
        return new Order("o-1", customerId, status, version, 100L * itemCount, "EUR", 0, 0, LineStatuses.pending(itemCount), Instant.EPOCH,
                Instant.EPOCH);
    }

    /** An order whose lines i-0, i-1, ... have {@code lines} statuses. */
    private static Optional<OrderAggregate> aggregate(String customerId, OrderStatus status, long version,
                                                      LineStatus... lines) {
        List<OrderLine> items = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            items.add(new OrderLine("o-1", customerId, "i-" + i, "SKU-" + i, Optional.empty(), 1, 100, lines[i],
                    Instant.EPOCH, Instant.EPOCH, 0));
        }
        Map<LineStatus, Integer> counts = new EnumMap<>(LineStatus.class);
        for (LineStatus line : lines) {
            counts.merge(line, 1, Integer::sum);
        }
        Order root = order(customerId, status, version, lines.length);
        return Optional.of(new OrderAggregate(new Order(root.orderId(), customerId, status, version, root.total(), "EUR",
                0, 0, new LineStatuses(counts), Instant.EPOCH, Instant.EPOCH), items, List.of()));
    }
}
