package dev.orders.functions.violation;

import dev.orders.application.port.OrderStore;
import dev.orders.core.order.Order;
import java.util.Optional;

/** A deliberate violation for ArchitectureRulesViolationTest: an HTTP function reading through a port, past the use cases. */
public final class HandlerCallingAPort {
    public Optional<Order> read(OrderStore store, String orderId) {
        return store.findRoot(orderId);
    }
}
