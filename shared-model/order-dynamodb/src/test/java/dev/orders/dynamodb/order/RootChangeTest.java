package dev.orders.dynamodb.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.orders.application.port.OrderStore;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderStep;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A committed step leaves the root exactly as the step's {@code after}, whichever of its fields moved. */
@ExtendWith(DynamoDbExtension.class)
class RootChangeTest {
    private static final Instant LATER = Instant.parse("2026-02-01T00:00:00Z");

    private Fixture fx;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
    }

    @Test
    void aStepThatMovesStatusAmountsAndPaymentStoresTheRootItDecided() {
        Order read = fx.createOrder("c-1", "o-1", 1250).order();
        Order paid = read.next(OrderStatus.PAID, read.total(), 0, LATER).paidBy("pay_9");

        commit(OrderStep.of(read, paid, new OrderChange.PaymentCaptured(read.status(), OrderStatus.PAID, read.total(),
                read.currency(), Optional.of("evt_9"), Optional.of("pay_9"), Optional.empty())));

        assertEquals(Optional.of(paid), fx.store.findRoot("o-1"));
    }

    @Test
    void aFieldTheRootNoLongerHasIsRemovedNotLeftBehind() {
        Order read = fx.createOrder("c-1", "o-1", 1250).order();
        Order paid = read.next(OrderStatus.PAID, read.total(), 0, LATER).paidBy("pay_9");
        commit(OrderStep.of(read, paid, new OrderChange.PaymentCaptured(read.status(), OrderStatus.PAID, read.total(),
                read.currency(), Optional.of("evt_9"), Optional.of("pay_9"), Optional.empty())));
        Order next = paid.next(OrderStatus.IN_FULFILLMENT, paid.capturedAmount(), 0, LATER.plusSeconds(1));
        Order withoutPayment = new Order(next.orderId(), next.customerId(), next.status(), next.version(), next.total(),
                next.currency(), next.capturedAmount(), next.refundedAmount(), next.lines(), next.createdAt(),
                next.updatedAt());

        commit(OrderStep.of(paid, withoutPayment, new OrderChange.OrderStatusChanged(OrderStatus.PAID,
                OrderStatus.IN_FULFILLMENT, Optional.empty(), Optional.empty())));

        assertEquals(Optional.of(withoutPayment), fx.store.findRoot("o-1"));
        assertFalse(fx.raw(Keys.orderPk("o-1"), Keys.ROOT_SK).containsKey("paymentId"));
    }

    private void commit(OrderStep step) {
        assertInstanceOf(OrderStore.Commit.Committed.class, fx.store.commit(step, "user:ann", Optional.empty()));
    }
}
