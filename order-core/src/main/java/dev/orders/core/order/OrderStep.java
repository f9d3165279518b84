package dev.orders.core.order;

/**
 * One change of an order's root that moves neither its lines nor its total (status, payments, issues):
 * the root after it, and the change its event records. The adapter writes both or neither, on the
 * condition that the root is still the version before {@code after}.
 */
public record OrderStep(Order after, OrderChange change) {
    /** The event of this step, made by {@code by}. */
    public OrderEvent event(String by) {
        return new OrderEvent(after.orderId(), after.customerId(), after.version(), after.updatedAt(), by, change);
    }
}
