package dev.orders.functions.violation;

import dev.orders.dynamodb.keys.Keys;

/** A deliberate violation for ArchitectureRulesViolationTest: an HTTP function keying the table itself. */
public final class HandlerReadingTheTable {
    public String key(String orderId) {
        return Keys.orderPk(orderId);
    }
}
