package dev.orders.core.order;

/** Outcome of creating an order with its items in one transaction. */
public sealed interface OrderCreation {
    record Created(OrderAggregate aggregate) implements OrderCreation {
    }

    /** Another order has this id; nothing of the new order was written. */
    record OrderIdTaken(String orderId) implements OrderCreation {
    }
}
