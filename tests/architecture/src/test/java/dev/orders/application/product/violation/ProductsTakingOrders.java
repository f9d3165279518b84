package dev.orders.application.product.violation;

import dev.orders.application.order.CreateOrder;

/** A deliberate violation for ArchitectureRulesViolationTest: the catalogue's use cases using the order's. */
public final class ProductsTakingOrders {
    public String take(CreateOrder createOrder) {
        return createOrder.toString();
    }
}
