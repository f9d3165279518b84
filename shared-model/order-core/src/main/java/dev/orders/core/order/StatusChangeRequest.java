package dev.orders.core.order;

import dev.orders.core.validation.Check;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A request of {@code role} to move an order to {@code target}. The order is addressed by customer and
 * id, or by id alone ({@code customerId} empty). Without {@code expectedVersion} the current version is
 * read and the write is still conditioned on it.
 */
public record StatusChangeRequest(
        Optional<String> customerId,
        String orderId,
        OrderStatus target,
        Role role,
        Optional<Long> expectedVersion,
        String actor,
        Optional<String> reason) {
    public static final int MAX_REASON_LENGTH = 500;

    public StatusChangeRequest {
        customerId = Check.required("customerId", customerId).map(Ids::customerId);
        orderId = Ids.orderId(orderId);
        Check.required("status", target);
        Check.required("role", role);
        Check.required("expectedVersion", expectedVersion)
                .ifPresent(version -> Check.range("expectedVersion", version, 1, Long.MAX_VALUE));
        actor = Actors.check("by", actor);
        reason = Check.required("reason", reason).map(text -> Check.text("reason", text, MAX_REASON_LENGTH));
    }

    /**
     * The refusal decided before the order is read: a move the role may not make, then a status that
     * only the lines' statuses set.
     */
    public Optional<StatusChangeOutcome> refusalBeforeRead() {
        return refusalBeforeRead(role, target);
    }

    /**
     * What {@code role} may ask {@code order}, as read, to move to now: each status a request of that role for it,
     * at the order's version, is granted, a reason required where one without is refused for lack of it. Decided by
     * this request's own refusals, so an order never offers a move its request would refuse, nor hides one it would
     * grant.
     */
    public static List<NextStatus> next(Order order, Role role) {
        List<NextStatus> next = new ArrayList<>();
        for (OrderStatus target : OrderStatus.values()) {
            if (refusalBeforeRead(role, target).isPresent()) {
                continue;
            }
            // Asked for without a reason: a move refused for lack of one alone is granted with one.
            Optional<StatusChangeOutcome> refused = refusal(order, target, OrderStatus.Move.of(order, target, role),
                    Optional.empty());
            if (refused.isEmpty() || refused.get() instanceof StatusChangeOutcome.ReasonRequired) {
                next.add(new NextStatus(target, refused.isPresent()));
            }
        }
        return List.copyOf(next);
    }

    /**
     * The move of {@code current}, whose lines are {@code lines} (read where {@link #needsLines()}, else empty), to
     * the target at {@code at}: refused for a stale expected version, a move the
     * lifecycle does not have for the role from the current status, one asked for without the reason it requires, or
     * one the order lacks what it requires for (lines to pay for: empty). The move's effect writes its event, and moves money where it is a capture or a refund by
     * hand: the total captured, or all that is left refunded, so the order's amounts never contradict its status.
     */
    public Decision<StatusChangeOutcome> decide(Order current, List<OrderLine> lines, Instant at) {
        return decideReleasing(current, needsLines() ? RowChange.StockReleased.heldBy(lines) : List.of(), at);
    }

    /**
     * Whether the move is decided on the order's lines too ({@link #decide(Order, List, Instant)}): a move that
     * closes the order before its lines ship (a cancellation, an expiry, a refund) releases the stock they still
     * reserve. Every other move is decided on the root alone.
     */
    public boolean needsLines() {
        return target.releasesStock();
    }

    /** The move decided on the root alone, its lines holding no stock. */
    Decision<StatusChangeOutcome> decide(Order current, Instant at) {
        return decideReleasing(current, List.of(), at);
    }

    /** The move, giving back {@code released} with it (a move that closes the order before its lines ship). */
    private Decision<StatusChangeOutcome> decideReleasing(Order current, List<RowChange.StockReleased> released,
                                                          Instant at) {
        if (expectedVersion.isPresent() && expectedVersion.get() != current.version()) {
            return new Decision.Refused<>(new StatusChangeOutcome.StaleVersion(current.version()));
        }
        Optional<OrderStatus.Move> move = OrderStatus.Move.of(current, target, role);
        Optional<StatusChangeOutcome> refused = refusal(current, target, move, reason);
        if (refused.isPresent()) {
            return new Decision.Refused<>(refused.get());
        }
        OrderStep step = move.get().writes().step(current, target, reason, released, at);
        return new Decision.Write<>(step, new StatusChangeOutcome.Changed(step.after(), step.lastEvent(actor), move.get()));
    }

    private static Optional<StatusChangeOutcome> refusalBeforeRead(Role role, OrderStatus target) {
        if (!role.mayMoveOrderTo(target)) {
            return Optional.of(new StatusChangeOutcome.Forbidden(role, target));
        }
        if (target.followsLines()) {
            return Optional.of(new StatusChangeOutcome.FollowsLines(target));
        }
        return Optional.empty();
    }

    /**
     * The refusal of {@code move}, the one the role has from {@code current} to {@code target} (empty: none), asked
     * for with {@code reason}; empty when it may be made.
     */
    private static Optional<StatusChangeOutcome> refusal(Order current, OrderStatus target,
                                                         Optional<OrderStatus.Move> move, Optional<String> reason) {
        if (move.isEmpty()) {
            return Optional.of(StatusChangeOutcome.IllegalTransition.of(current, target));
        }
        // Without lines there is nothing to pay for; what else an order lacks makes the move not one from here.
        return move.get().unmetBy(current, reason).map(unmet -> switch (unmet) {
            case REASON -> new StatusChangeOutcome.ReasonRequired(target);
            case LINES -> new StatusChangeOutcome.EmptyOrder();
            case PAYMENT, NO_PAYMENT -> StatusChangeOutcome.IllegalTransition.of(current, target);
        });
    }
}
