package dev.orders.application.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.orders.application.port.OrderStore;
import dev.orders.core.order.LineStatus;
import dev.orders.core.order.LineStatuses;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.core.payment.PaymentRecords;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How the webhook's use case reads the store's answers: exactly once, and a race decided again. */
class ProcessPaymentEventTest {
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final PaymentEvent CAPTURE = new PaymentEvent("evt_1", PaymentEventType.PAYMENT_SUCCEEDED,
            1_795_348_800L, "o-1", Optional.of("pay_1"), 1000, "EUR");
    private final OrderStore store = mock(OrderStore.class);
    private final ProcessPaymentEvent processor = new ProcessPaymentEvent(store, Clock.fixed(NOW, ZoneOffset.UTC),
            ProcessPaymentEvent.ACTOR);

    @Test
    void aCaptureWhoseEventWasProcessedAlreadyIsADuplicateAndIsNotDecidedAgain() {
        when(store.findPayments("o-1")).thenReturn(records(awaitingPayment(2)));
        when(store.commit(any(), any(), any())).thenReturn(new OrderStore.Commit.AlreadyProcessed());

        assertEquals(PaymentOutcome.DUPLICATE, processor.process(CAPTURE).outcome());
        verify(store, times(1)).findPayments("o-1");
    }

    @Test
    void aCaptureThatRacedAnotherChangeIsDecidedAgainOnTheOrderAsItIsNow() {
        when(store.findPayments("o-1")).thenReturn(records(awaitingPayment(2)), records(awaitingPayment(3)));
        when(store.commit(any(), any(), any())).thenReturn(new OrderStore.Commit.RootChanged(Optional.empty()),
                new OrderStore.Commit.Committed());

        assertEquals(PaymentOutcome.APPLIED, processor.process(CAPTURE).outcome());
        verify(store, times(2)).findPayments("o-1");
    }

    @Test
    void moneyForAnUnknownOrderThatRacedTheOrdersCreationIsDecidedAgainOnTheOrder() {
        when(store.findPayments("o-1")).thenReturn(new PaymentRecords(Optional.empty(), List.of(), List.of()),
                records(awaitingPayment(1)));
        when(store.commitWithoutOrder(any(), any())).thenReturn(new OrderStore.Commit.RootChanged(Optional.empty()));
        when(store.commit(any(), any(), any())).thenReturn(new OrderStore.Commit.Committed());

        assertEquals(PaymentOutcome.APPLIED, processor.process(CAPTURE).outcome());
        verify(store, times(2)).findPayments("o-1");
    }

    @Test
    void linesReadOtherwiseThanTheRootCountsThemAreReadAgainBeforeAnythingIsDecided() {
        // A Query is read-committed: a line may be read as it was before a change the root read after it counts.
        PaymentRecords torn = new PaymentRecords(Optional.of(awaitingPayment(2)),
                List.of(line(LineStatus.PICKED)), List.of());
        when(store.findPayments("o-1")).thenReturn(torn, records(awaitingPayment(2)));
        when(store.commit(any(), any(), any())).thenReturn(new OrderStore.Commit.Committed());

        assertEquals(PaymentOutcome.APPLIED, processor.process(CAPTURE).outcome());
        verify(store, times(2)).findPayments("o-1");
        verify(store, times(1)).commit(any(), any(), any());
    }

    private static PaymentRecords records(Order order) {
        return new PaymentRecords(Optional.of(order), List.of(line(LineStatus.PENDING)), List.of());
    }

    private static OrderLine line(LineStatus status) {
        return new OrderLine("o-1", "c-1", "i-1", "MUG", Optional.empty(), 1, 1000, status, NOW, NOW, 1);
    }

    private static Order awaitingPayment(long version) {
        return new Order("o-1", "c-1", OrderStatus.AWAITING_PAYMENT, version, 1000, "EUR", 0, 0,
                LineStatuses.pending(1), NOW, NOW);
    }
}
