package dev.orders.core.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orders.core.product.Product;
import dev.orders.core.product.Stock;
import dev.orders.core.validation.ValidationException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** What orders and lines take from and give back to their products' stock, decided without a database. */
class StockReservationTest {
    private static final Instant AT = Instant.parse("2026-01-01T10:00:00Z");
    private static final Product MUG = product("MUG", Optional.of(new Stock(10, 4, 3)));
    private static final Product TEA = product("TEA", Optional.of(new Stock(2, 0, 1)));
    private static final Product PEN = product("PEN", Optional.empty());

    private static Product product(String sku, Optional<Stock> stock) {
        return new Product(sku, sku, 100, "EUR", true, Instant.EPOCH, Instant.EPOCH, stock);
    }

    private static OrderAggregate placed(NewLine... lines) {
        List<String> ids = IntStream.range(0, lines.length).mapToObj(i -> "i-" + i).toList();
        return new NewOrder("c-1", "EUR", List.of(lines)).place("o-1", ids, AT);
    }

    @Test
    void anOrderReservesEachTrackedSkuOnceAndItsLinesRememberWhatTheyReserved() {
        StockReservation reservation = StockReservation.of(placed(new NewLine("MUG", "MUG", 2, 100),
                new NewLine("PEN", "PEN", 5, 100), new NewLine("MUG", "MUG", 3, 100), new NewLine("TEA", "TEA", 2, 100)),
                Map.of("MUG", MUG, "PEN", PEN, "TEA", TEA));

        StockReservation.Reserved reserved = assertInstanceOf(StockReservation.Reserved.class, reservation);
        assertEquals(List.of(new RowChange.StockReserved("MUG", 5), new RowChange.StockReserved("TEA", 2)),
                reserved.rows(), "one reservation per sku: a transaction touches an item once");
        assertEquals(List.of(2L, 0L, 3L, 2L), reserved.order().items().stream().map(OrderLine::reserved).toList(),
                "a line of an untracked product reserves nothing");
    }

    @Test
    void anOrderOfUntrackedProductsReservesNothingAsBefore() {
        StockReservation.Reserved reserved = assertInstanceOf(StockReservation.Reserved.class,
                StockReservation.of(placed(new NewLine("PEN", "PEN", 5, 100)), Map.of("PEN", PEN)));

        assertEquals(List.of(), reserved.rows());
        assertEquals(placed(new NewLine("PEN", "PEN", 5, 100)), reserved.order());
    }

    @Test
    void anOrderAskingMoreThanIsAvailableIsShortNamingEachSkuWithWhatIsAvailable() {
        StockReservation reservation = StockReservation.of(placed(new NewLine("MUG", "MUG", 4, 100),
                new NewLine("MUG", "MUG", 3, 100), new NewLine("TEA", "TEA", 3, 100), new NewLine("PEN", "PEN", 99, 100)),
                Map.of("MUG", MUG, "PEN", PEN, "TEA", TEA));

        assertEquals(new StockReservation.Short(List.of(new StockShortage("MUG", 7, 6), new StockShortage("TEA", 3, 2))),
                reservation);
    }

    @Test
    void linesAndTheProductsTheyReserveMustFitOneTransaction() {
        List<NewLine> lines = new ArrayList<>(Collections.nCopies(OrderLimits.MAX_ITEMS_PER_ORDER - 1,
                new NewLine("PEN", "PEN", 1, 100)));
        lines.add(new NewLine("TEA", "TEA", 1, 100));
        OrderAggregate fits = placed(lines.subList(1, lines.size()).toArray(NewLine[]::new));
        OrderAggregate tooMany = placed(lines.toArray(NewLine[]::new));
        Map<String, Product> products = Map.of("PEN", PEN, "TEA", TEA);

        assertInstanceOf(StockReservation.Reserved.class, StockReservation.of(fits, products));
        assertThrows(ValidationException.class, () -> StockReservation.of(tooMany, products));
    }

    private static Order open() {
        return new Order("o-1", "c-1", OrderStatus.CREATED, 3, 200, "EUR", 0, 0, LineStatuses.pending(2), AT, AT);
    }

    private static OrderLine line(String itemId, String sku, LineStatus status, long reserved) {
        return new OrderLine("o-1", "c-1", itemId, sku, Optional.of(sku), 2, 100, status, AT, AT, reserved);
    }

    private static OrderStep step(Decision<LineChangeOutcome> decision) {
        return ((Decision.Write<LineChangeOutcome>) decision).step();
    }

    @Test
    void aLineOfATrackedProductReservesItsQuantityAndOneOfAnUntrackedNothing() {
        OrderLine line = line("i-9", "MUG", LineStatus.PENDING, 0);

        OrderStep tracked = step(LineTransitions.add(Optional.of(open()), line, "EUR", MUG.stock(), Optional.empty()));
        OrderStep untracked = step(LineTransitions.add(Optional.of(open()), line, "EUR", Optional.empty(),
                Optional.empty()));

        assertEquals(List.of(new RowChange.LineAdded(line.reserving()), new RowChange.StockReserved("MUG", 2)),
                tracked.rows());
        assertEquals(List.of(new RowChange.LineAdded(line)), untracked.rows());
    }

    @Test
    void aLineAskingMoreThanIsAvailableIsRefusedNamingWhatIsAvailable() {
        OrderLine line = new OrderLine("o-1", "c-1", "i-9", "TEA", Optional.of("TEA"), 3, 100, LineStatus.PENDING, AT,
                AT, 0);

        assertEquals(new Decision.Refused<>(new LineChangeOutcome.OutOfStock(new StockShortage("TEA", 3, 2))),
                LineTransitions.add(Optional.of(open()), line, "EUR", TEA.stock(), Optional.empty()));
    }

    @Test
    void removingALineReleasesWhatItReservedAndOneThatReservedNothingReleasesNothing() {
        OrderLine reserving = line("i-0", "MUG", LineStatus.PENDING, 2);
        OrderLine orderedBeforeStock = line("i-1", "MUG", LineStatus.PENDING, 0);
        Optional<OrderAggregate> order = Optional.of(new OrderAggregate(open(), List.of(reserving, orderedBeforeStock),
                List.of()));

        assertEquals(List.of(new RowChange.LineRemoved(reserving), new RowChange.StockReleased("MUG", 2)),
                step(LineTransitions.remove(order, "c-1", "i-0", Optional.empty(), AT)).rows());
        assertEquals(List.of(new RowChange.LineRemoved(orderedBeforeStock)),
                step(LineTransitions.remove(order, "c-1", "i-1", Optional.empty(), AT)).rows(),
                "a product stocked after the line was ordered never gets back units it never gave");
    }

    @Test
    void shippingALineSellsWhatItReservedAndCancellingItReleasesThem() {
        OrderLine picked = line("i-0", "MUG", LineStatus.PICKED, 2);
        OrderLine pending = line("i-1", "TEA", LineStatus.PENDING, 2);
        Order inFulfillment = new Order("o-1", "c-1", OrderStatus.IN_FULFILLMENT, 5, 400, "EUR", 400, 0,
                new LineStatuses(Map.of(LineStatus.PICKED, 1, LineStatus.PENDING, 1)), AT, AT);
        Optional<OrderAggregate> order = Optional.of(new OrderAggregate(inFulfillment, List.of(picked, pending), List.of()));

        OrderStep shipped = step(LineTransitions.moveStatus(order, "i-0", LineStatus.SHIPPED, Optional.empty(), AT));
        OrderStep cancelled = step(LineTransitions.moveStatus(order, "i-1", LineStatus.CANCELLED, Optional.empty(), AT));

        assertEquals(new RowChange.StockSold("MUG", 2), shipped.rows().get(1));
        assertEquals(new RowChange.StockReleased("TEA", 2), cancelled.rows().get(1));
        assertEquals(1, step(LineTransitions.moveStatus(order, "i-1", LineStatus.PICKED, Optional.empty(), AT))
                .rows().size(), "picking moves no stock");
    }

    @Test
    void cancellingAnOrderReleasesWhatItsLinesReservedOncePerSku() {
        StatusChangeRequest cancel = new StatusChangeRequest(Optional.of("c-1"), "o-1", OrderStatus.CANCELLED,
                Role.CUSTOMER, Optional.empty(), "customer:c-1", Optional.empty());
        List<OrderLine> lines = List.of(line("i-0", "MUG", LineStatus.PENDING, 2), line("i-1", "MUG", LineStatus.PENDING, 2),
                line("i-2", "TEA", LineStatus.PENDING, 0));
        Order threeLines = new Order("o-1", "c-1", OrderStatus.CREATED, 4, 600, "EUR", 0, 0, LineStatuses.pending(3),
                AT, AT);

        OrderStep step = ((Decision.Write<StatusChangeOutcome>) cancel.decide(threeLines, lines, AT)).step();

        assertEquals(true, cancel.needsLines());
        assertEquals(List.of(new RowChange.StockReleased("MUG", 4)), step.rows());
        assertEquals(OrderStatus.CANCELLED, step.after().status());
    }

    @Test
    void refundingAnOrderByHandReleasesWhatItsLinesNotYetShippedReserveAndNothingOfAShippedOne() {
        StatusChangeRequest refund = new StatusChangeRequest(Optional.empty(), "o-1", OrderStatus.REFUNDED,
                Role.ADMINISTRATOR, Optional.empty(), "admin:ops", Optional.of("goodwill"));
        List<OrderLine> lines = List.of(line("i-0", "MUG", LineStatus.SHIPPED, 2), line("i-1", "MUG", LineStatus.PICKED, 2),
                line("i-2", "TEA", LineStatus.PENDING, 2), line("i-3", "TEA", LineStatus.CANCELLED, 2));
        Order partlyShipped = new Order("o-1", "c-1", OrderStatus.PARTIALLY_FULFILLED, 9, 800, "EUR", 800, 0,
                new LineStatuses(Map.of(LineStatus.SHIPPED, 1, LineStatus.PICKED, 1, LineStatus.PENDING, 1,
                        LineStatus.CANCELLED, 1)), AT, AT);

        OrderStep step = ((Decision.Write<StatusChangeOutcome>) refund.decide(partlyShipped, lines, AT)).step();

        assertEquals(true, refund.needsLines());
        List<RowChange.StockReleased> released = List.of(new RowChange.StockReleased("MUG", 2),
                new RowChange.StockReleased("TEA", 2));
        assertEquals(released, step.rows());
        assertEquals(released, ((OrderChange.RefundRecorded) step.changes().get(0)).released());
        assertEquals(OrderStatus.REFUNDED, step.after().status());
        assertEquals(800, step.after().refundedAmount());
    }
}
