package dev.orders.application.catalog.violation;

import dev.orders.application.order.OrderIntake;

/** A deliberate violation for ArchitectureRulesViolationTest: the catalogue's use cases using the order's. */
public final class CatalogTakingOrders {
    public String take(OrderIntake intake) {
        return intake.toString();
    }
}
