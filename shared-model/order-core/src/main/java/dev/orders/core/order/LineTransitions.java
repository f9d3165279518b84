package dev.orders.core.order;

import dev.orders.core.money.Money;
import dev.orders.core.product.Stock;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every change of an order's lines, decided on the order as read: refused, or one step that moves the
 * line, the root's total and line counts, and records the change's event. A line status that moves the
 * order's own status ({@link LineStatuses#orderStatusFrom}) makes the step two events: the line's, then the
 * order's. The store commits a step only while the root is still the version read, so what was decided
 * here still holds.
 */
public final class LineTransitions {
    /** The reason of the status change an order makes by following its lines. */
    public static final String FOLLOWS_LINES = "follows its lines";

    private LineTransitions() {
    }

    /**
     * Adds {@code line}, priced in {@code currency}, to its order as read (empty: none), at {@code expectedVersion}
     * if given; where its product's {@code stock} is tracked (as read), the line reserves its quantity, on the
     * condition (the store's) that so many are still available.
     */
    public static Decision<LineChangeOutcome> add(Optional<Order> read, OrderLine line, String currency,
                                                  Optional<Stock> stock, Optional<Long> expectedVersion) {
        Optional<LineChangeOutcome> refusal = refuseOrder(read, Optional.of(line.customerId()), expectedVersion);
        if (refusal.isPresent()) {
            return new Decision.Refused<>(refusal.get());
        }
        Order order = read.get();
        if (!order.status().isOpenForLineChanges()) {
            return new Decision.Refused<>(new LineChangeOutcome.OrderNotOpen(order.status()));
        }
        if (!order.currency().equals(currency)) {
            return new Decision.Refused<>(new LineChangeOutcome.NotPriceable(
                    LineRequest.currencyMismatch(currency, order.currency())));
        }
        if (order.itemCount() >= OrderLimits.MAX_ITEMS_PER_ORDER) {
            return new Decision.Refused<>(new LineChangeOutcome.TooManyLines(OrderLimits.MAX_ITEMS_PER_ORDER));
        }
        long total = order.total() + line.lineTotal();
        if (!Money.withinMaxAmount(total)) {
            return new Decision.Refused<>(new LineChangeOutcome.NotPriceable(PricingRefusal.AmountTooLarge.of("quantity")));
        }
        if (stock.isPresent() && stock.get().available() < line.quantity()) {
            return new Decision.Refused<>(new LineChangeOutcome.OutOfStock(
                    new StockShortage(line.sku(), line.quantity(), stock.get().available())));
        }
        OrderLine added = stock.isPresent() ? line.reserving() : line;
        LineStatuses lines = order.lines().added();
        Order after = order.withLines(total, lines, line.createdAt());
        OrderStep step = OrderStep.of(order, after,
                new OrderChange.OrderLineAdded(LineDetails.of(added), total, lines.total()))
                .with(new RowChange.LineAdded(added));
        if (added.reserved() > 0) {
            step = step.with(new RowChange.StockReserved(added.sku(), added.reserved()));
        }
        return new Decision.Write<>(step, new LineChangeOutcome.Added(added, after.version()));
    }

    /**
     * Removes the line {@code itemId} from the order as read, at {@code at}, while the order is open; what it
     * reserved is released.
     */
    public static Decision<LineChangeOutcome> remove(Optional<OrderAggregate> read, String customerId, String itemId,
                                                     Optional<Long> expectedVersion, Instant at) {
        Optional<LineChangeOutcome> refusal = refuseLine(read, Optional.of(customerId), itemId, expectedVersion);
        if (refusal.isPresent()) {
            return new Decision.Refused<>(refusal.get());
        }
        Order order = read.get().order();
        if (!order.status().isOpenForLineChanges()) {
            return new Decision.Refused<>(new LineChangeOutcome.OrderNotOpen(order.status()));
        }
        OrderLine line = read.get().item(itemId).orElseThrow();
        long total = order.total() - line.lineTotal();
        LineStatuses lines = order.lines().removed(line.itemStatus());
        Order after = order.withLines(total, lines, at);
        OrderStep step = OrderStep.of(order, after,
                new OrderChange.OrderLineRemoved(LineDetails.of(line), total, lines.total()))
                .with(new RowChange.LineRemoved(line));
        if (line.reserved() > 0) {
            step = step.with(new RowChange.StockReleased(line.sku(), line.reserved()));
        }
        return new Decision.Write<>(step, new LineChangeOutcome.Removed(line, after.version()));
    }

    /**
     * Moves the line {@code itemId} of the order as read to {@code target}, at {@code at}, while the order
     * is in fulfillment (PAID, IN_FULFILLMENT, PARTIALLY_FULFILLED). The order follows its lines in the same
     * step: shipping the last line fulfils it. What the line reserved is sold when it ships (on hand and reserved
     * both fall) and released when it is cancelled. Fulfillment addresses an order by its id alone, whoever's it is.
     */
    public static Decision<LineChangeOutcome> moveStatus(Optional<OrderAggregate> read, String itemId,
                                                         LineStatus target, Optional<Long> expectedVersion,
                                                         Instant at) {
        Optional<LineChangeOutcome> refusal = refuseLine(read, Optional.empty(), itemId, expectedVersion);
        if (refusal.isPresent()) {
            return new Decision.Refused<>(refusal.get());
        }
        OrderLine line = read.get().item(itemId).orElseThrow();
        Order order = read.get().order();
        Optional<LineChangeOutcome> refused = refuseMove(order, line, target);
        if (refused.isPresent()) {
            return new Decision.Refused<>(refused.get());
        }
        LineStatuses lines = order.lines().moved(line.itemStatus(), target);
        OrderLine moved = line.moved(target, at);
        Order after = order.withLines(order.total(), lines, at);
        // What the line reserved leaves with its shipment, or goes back to the shelf with its cancellation.
        long stockMoved = target == LineStatus.SHIPPED || target == LineStatus.CANCELLED ? line.reserved() : 0;
        OrderStep step = OrderStep.of(order, after,
                new OrderChange.OrderLineStatusChanged(itemId, line.sku(), line.itemStatus(), target, stockMoved))
                .with(new RowChange.LineStatusMoved(line, moved));
        if (stockMoved > 0) {
            step = step.with(target == LineStatus.SHIPPED ? new RowChange.StockSold(line.sku(), stockMoved)
                    : new RowChange.StockReleased(line.sku(), stockMoved));
        }
        OrderStatus follows = lines.orderStatusFrom(order.status());
        if (follows != order.status()) {
            step = step.then(after.next(follows, after.capturedAmount(), after.refundedAmount(), at),
                    new OrderChange.OrderStatusChanged(order.status(), follows, Optional.of(FOLLOWS_LINES),
                            Optional.empty()));
        }
        return new Decision.Write<>(step, new LineChangeOutcome.StatusChanged(moved, step.after().version()));
    }

    /** The refusal decided before the order is read: picking, shipping and cancelling lines is not every role's. */
    public static Optional<LineChangeOutcome> refusalBeforeRead(Role role, LineStatus target) {
        return role.mayChangeLineStatuses() ? Optional.empty()
                : Optional.of(new LineChangeOutcome.Forbidden(role, target));
    }

    /**
     * The statuses {@code role} may move {@code line} of {@code order}, as read, to now: those a request of that role
     * for it, at the order's version, is granted, decided by the request's own refusals.
     */
    public static Set<LineStatus> next(Order order, OrderLine line, Role role) {
        return Arrays.stream(LineStatus.values())
                .filter(target -> refusalBeforeRead(role, target).isEmpty() && refuseMove(order, line, target).isEmpty())
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(LineStatus.class)));
    }

    /** The refusal of a move of {@code line} to {@code target}: its own lifecycle's, then its order's status. */
    private static Optional<LineChangeOutcome> refuseMove(Order order, OrderLine line, LineStatus target) {
        if (!line.itemStatus().canMoveTo(target)) {
            return Optional.of(new LineChangeOutcome.IllegalLineTransition(line.itemStatus(), target));
        }
        if (!order.status().isInFulfillment()) {
            return Optional.of(new LineChangeOutcome.OrderNotInFulfillment(order.status()));
        }
        return Optional.empty();
    }

    /** The refusal of a change of the line {@code itemId}: its order's, or the line is not there. */
    private static Optional<LineChangeOutcome> refuseLine(Optional<OrderAggregate> read, Optional<String> customerId,
                                                          String itemId, Optional<Long> expectedVersion) {
        Optional<LineChangeOutcome> refusal = refuseOrder(read.map(OrderAggregate::order), customerId, expectedVersion);
        if (refusal.isPresent() || read.get().item(itemId).isPresent()) {
            return refusal;
        }
        return Optional.of(new LineChangeOutcome.LineNotFound());
    }

    /**
     * Another customer's order ({@code customerId}: the customer acting; empty: addressed by id alone) is as
     * absent as a missing one; a stale expected version changes nothing.
     */
    private static Optional<LineChangeOutcome> refuseOrder(Optional<Order> order, Optional<String> customerId,
                                                           Optional<Long> expectedVersion) {
        if (order.isEmpty() || !customerId.map(order.get().customerId()::equals).orElse(true)) {
            return Optional.of(new LineChangeOutcome.OrderNotFound());
        }
        long version = order.get().version();
        if (expectedVersion.isPresent() && expectedVersion.get() != version) {
            return Optional.of(new LineChangeOutcome.StaleVersion(version));
        }
        return Optional.empty();
    }
}
