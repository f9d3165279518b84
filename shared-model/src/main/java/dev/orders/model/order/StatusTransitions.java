package dev.orders.model.order;

import java.util.Optional;

/**
 * Status changes as the service performs them: read the root, decide in the pure lifecycle, then write
 * with the condition that the version and status are still the ones read. Shared by the HTTP function
 * and the payment webhook.
 */
public final class StatusTransitions {
    private final OrderRepository orders;

    public StatusTransitions(OrderRepository orders) {
        this.orders = orders;
    }

    public StatusChangeOutcome apply(StatusChangeRequest request) {
        Optional<Order> found = request.customerId()
                .map(customerId -> orders.findHeader(customerId, request.orderId()))
                .orElseGet(() -> orders.findHeaderById(request.orderId()));
        if (found.isEmpty()) {
            return new StatusChangeOutcome.OrderNotFound();
        }
        Order current = found.get();
        if (request.expectedVersion().isPresent() && request.expectedVersion().get() != current.version()) {
            return new StatusChangeOutcome.StaleVersion(current.version());
        }
        return orders.changeStatus(current, request.target(), request.actor(), request.reason(), request.eventId());
    }
}
