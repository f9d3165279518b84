package dev.orders.core.order;

/**
 * A status a caller may ask an order to move to now ({@link StatusChangeRequest#next}), and whether the request
 * must give a reason for it.
 */
public record NextStatus(OrderStatus status, boolean reasonRequired) {
}
