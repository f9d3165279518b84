package dev.orders.application.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.orders.application.port.OrderStore;
import dev.orders.core.order.LineChangeOutcome;
import dev.orders.core.order.LineStatus;
import dev.orders.core.order.LineStatuses;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderStep;
import dev.orders.core.order.Role;
import dev.orders.core.order.RowChange;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * What a use case does when the store says its read is stale, which DynamoDB says under a race and a local
 * engine never does (it serialises transactions): decide again on a new read, never answer a failure.
 */
class RacedCommitsTest {
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private final OrderStore store = mock(OrderStore.class);
    private final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);

    @Test
    void aStatusChangeWhoseRootChangedDecidesAgainOnTheOrderAsItIsNow() {
        Order created = order(OrderStatus.CREATED, 1, LineStatuses.pending(1));
        Order movedMeanwhile = order(OrderStatus.CREATED, 2, LineStatuses.pending(1));
        when(store.findAggregate("o-1")).thenReturn(Optional.of(withLine(created)), Optional.of(withLine(movedMeanwhile)));
        when(store.commit(any(), any(), any())).thenReturn(new OrderStore.Commit.RootChanged(Optional.of(movedMeanwhile)),
                new OrderStore.Commit.Committed());

        StatusChangeOutcome outcome = new ChangeOrderStatus(store, clock).change(new StatusChangeRequest(
                Optional.of("c-1"), "o-1", OrderStatus.CANCELLED, Role.CUSTOMER, Optional.empty(), "customer:c-1",
                Optional.empty()));

        StatusChangeOutcome.Changed changed = assertInstanceOf(StatusChangeOutcome.Changed.class, outcome);
        assertEquals(3, changed.order().version(), "decided on version 2, the order as it was after the race");
        verify(store, times(2)).findAggregate("o-1");
    }

    @Test
    void aCancellationThatReadTheRootWithoutALineItCountsReadsAgainAndReleasesThatLinesStock() {
        Order created = order(OrderStatus.CREATED, 2, LineStatuses.pending(1));
        OrderLine reserving = new OrderLine("o-1", "c-1", "i-1", "SKU-1", Optional.of("Mug"), 3, 1000,
                LineStatus.PENDING, NOW, NOW, 3);
        when(store.findAggregate("o-1")).thenReturn(Optional.of(new OrderAggregate(created, List.of(), List.of())),
                Optional.of(new OrderAggregate(created, List.of(reserving), List.of())));
        when(store.commit(any(), any(), any())).thenReturn(new OrderStore.Commit.Committed());

        new ChangeOrderStatus(store, clock).change(new StatusChangeRequest(Optional.of("c-1"), "o-1",
                OrderStatus.CANCELLED, Role.CUSTOMER, Optional.empty(), "customer:c-1", Optional.empty()));

        ArgumentCaptor<OrderStep> step = ArgumentCaptor.forClass(OrderStep.class);
        verify(store, times(1)).commit(step.capture(), any(), any());
        assertEquals(List.of(new RowChange.StockReleased("SKU-1", 3)), step.getValue().rows());
    }

    @Test
    void aStatusChangeWithAnExpectedVersionThatLostTheRaceIsStaleNotAFailure() {
        when(store.findAggregate("o-1")).thenReturn(
                Optional.of(withLine(order(OrderStatus.CREATED, 1, LineStatuses.pending(1)))),
                Optional.of(withLine(order(OrderStatus.CREATED, 2, LineStatuses.pending(1)))));
        when(store.commit(any(), any(), any())).thenReturn(new OrderStore.Commit.RootChanged(Optional.empty()));

        StatusChangeOutcome outcome = new ChangeOrderStatus(store, clock).change(new StatusChangeRequest(
                Optional.of("c-1"), "o-1", OrderStatus.CANCELLED, Role.CUSTOMER, Optional.of(1L), "customer:c-1",
                Optional.empty()));

        assertEquals(new StatusChangeOutcome.StaleVersion(2), outcome);
    }

    @Test
    void aLineStatusThatRacedAnotherLineIsDecidedAgainAndTheOrderFollowsTheLinesItFinds() {
        OrderLine picked = line("i-1", LineStatus.PICKED);
        Order picking = order(OrderStatus.IN_FULFILLMENT, 4,
                new LineStatuses(Map.of(LineStatus.PICKED, 1, LineStatus.PENDING, 1)));
        Order otherLineCancelled = order(OrderStatus.IN_FULFILLMENT, 5,
                new LineStatuses(Map.of(LineStatus.PICKED, 1, LineStatus.CANCELLED, 1)));
        when(store.findAggregate("o-1")).thenReturn(
                Optional.of(new OrderAggregate(picking, List.of(picked, line("i-2", LineStatus.PENDING)), List.of())),
                Optional.of(new OrderAggregate(otherLineCancelled, List.of(picked, line("i-2", LineStatus.CANCELLED)),
                        List.of())));
        when(store.commit(any(), any(), any())).thenReturn(new OrderStore.Commit.RootChanged(Optional.empty()),
                new OrderStore.Commit.Committed());

        LineChangeOutcome outcome = new ChangeLineStatus(store, clock).change(Role.ADMINISTRATOR, "o-1", "i-1",
                LineStatus.SHIPPED, Optional.empty(), "admin:ann");

        LineChangeOutcome.StatusChanged changed = assertInstanceOf(LineChangeOutcome.StatusChanged.class, outcome);
        assertEquals(7, changed.orderVersion(), "the line's event and the order's on version 5");
        ArgumentCaptor<OrderStep> steps = ArgumentCaptor.forClass(OrderStep.class);
        verify(store, times(2)).commit(steps.capture(), any(), any());
        assertEquals(OrderStatus.PARTIALLY_FULFILLED, steps.getAllValues().get(0).after().status());
        assertEquals(OrderStatus.FULFILLED, steps.getAllValues().get(1).after().status(),
                "with the other line cancelled, shipping this one fulfils the order");
    }

    @Test
    void aLineRemovalWhoseLineIsNotAsReadIsDecidedAgainNotAFailure() {
        Order open = order(OrderStatus.CREATED, 2, LineStatuses.pending(2));
        Order after = order(OrderStatus.CREATED, 3, LineStatuses.pending(1));
        when(store.findAggregate("o-1")).thenReturn(
                Optional.of(new OrderAggregate(open, List.of(line("i-1", LineStatus.PENDING),
                        line("i-2", LineStatus.PENDING)), List.of())),
                Optional.of(new OrderAggregate(after, List.of(line("i-2", LineStatus.PENDING)), List.of())));
        when(store.commit(any(), any(), any())).thenReturn(new OrderStore.Commit.RowChanged());

        LineChangeOutcome outcome = new RemoveLine(store, clock).remove("c-1", "o-1", "i-1", Optional.empty(),
                "customer:c-1");

        assertEquals(new LineChangeOutcome.LineNotFound(), outcome, "someone removed it first");
    }

    private static Order order(OrderStatus status, long version, LineStatuses lines) {
        return new Order("o-1", "c-1", status, version, 1000, "EUR", 0, 0, lines, NOW, NOW);
    }

    /** {@code order} with its one pending line: what a cancellation reads. */
    private static OrderAggregate withLine(Order order) {
        return new OrderAggregate(order, List.of(line("i-1", LineStatus.PENDING)), List.of());
    }

    private static OrderLine line(String itemId, LineStatus status) {
        return new OrderLine("o-1", "c-1", itemId, "SKU-1", Optional.of("Mug"), 1, 1000, status, NOW, NOW, 0);
    }
}
