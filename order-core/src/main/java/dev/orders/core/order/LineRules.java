package dev.orders.core.order;

import java.util.Optional;

/**
 * What a line change may do to the order as read, decided before anything is written. The write is
 * then conditioned on the version read, which every change of the order moves: whatever was decided
 * here still holds when it commits.
 */
public final class LineRules {
    private LineRules() {
    }

    /** Why a line in {@code currency} cannot be added to {@code order} of {@code customerId}; empty when it can. */
    public static Optional<ItemChangeOutcome> refuseAddition(Optional<Order> order, String customerId, String currency,
                                                             Optional<Long> expectedVersion) {
        Optional<ItemChangeOutcome> refusal = refuseOrder(order, customerId, expectedVersion);
        if (refusal.isPresent()) {
            return refusal;
        }
        Order current = order.orElseThrow();
        if (!current.status().isOpenForItemChanges()) {
            return Optional.of(new ItemChangeOutcome.OrderNotOpen(current.status()));
        }
        if (!current.currency().equals(currency)) {
            return Optional.of(new ItemChangeOutcome.NotPriceable(ItemRequest.currencyMismatch(currency, current.currency())));
        }
        if (current.itemCount() >= OrderLimits.MAX_ITEMS_PER_ORDER) {
            return Optional.of(new ItemChangeOutcome.TooManyItems(OrderLimits.MAX_ITEMS_PER_ORDER));
        }
        return Optional.empty();
    }

    /** Why the line {@code itemId} cannot be removed from {@code order}; empty when it can. */
    public static Optional<ItemChangeOutcome> refuseRemoval(Optional<OrderAggregate> order, String customerId,
                                                            String itemId, Optional<Long> expectedVersion) {
        Optional<ItemChangeOutcome> refusal = refuseOrder(order.map(OrderAggregate::order), customerId, expectedVersion);
        if (refusal.isPresent()) {
            return refusal;
        }
        if (order.orElseThrow().item(itemId).isEmpty()) {
            return Optional.of(new ItemChangeOutcome.ItemNotFound());
        }
        OrderStatus status = order.get().order().status();
        return status.isOpenForItemChanges() ? Optional.empty() : Optional.of(new ItemChangeOutcome.OrderNotOpen(status));
    }

    /** Why the line {@code itemId} of {@code order} cannot move to {@code target}; empty when it can. */
    public static Optional<ItemChangeOutcome> refuseStatus(Optional<OrderAggregate> order, String customerId,
                                                           String itemId, ItemStatus target,
                                                           Optional<Long> expectedVersion) {
        Optional<ItemChangeOutcome> refusal = refuseOrder(order.map(OrderAggregate::order), customerId, expectedVersion);
        if (refusal.isPresent()) {
            return refusal;
        }
        Optional<OrderItem> line = order.orElseThrow().item(itemId);
        if (line.isEmpty()) {
            return Optional.of(new ItemChangeOutcome.ItemNotFound());
        }
        if (!line.get().itemStatus().canMoveTo(target)) {
            return Optional.of(new ItemChangeOutcome.IllegalItemTransition(line.get().itemStatus(), target));
        }
        OrderStatus status = order.get().order().status();
        return status.isInFulfillment() ? Optional.empty()
                : Optional.of(new ItemChangeOutcome.OrderNotInFulfillment(status));
    }

    /** Another customer's order is as absent as a missing one; a stale expected version changes nothing. */
    private static Optional<ItemChangeOutcome> refuseOrder(Optional<Order> order, String customerId,
                                                           Optional<Long> expectedVersion) {
        if (order.isEmpty() || !order.get().customerId().equals(customerId)) {
            return Optional.of(new ItemChangeOutcome.OrderNotFound());
        }
        long version = order.get().version();
        if (expectedVersion.isPresent() && expectedVersion.get() != version) {
            return Optional.of(new ItemChangeOutcome.StaleVersion(version));
        }
        return Optional.empty();
    }
}
