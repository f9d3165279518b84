package dev.orders.core.order;

import dev.orders.core.validation.Check;
import java.time.Instant;
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
        if (!role.mayMoveOrderTo(target)) {
            return Optional.of(new StatusChangeOutcome.Forbidden(role, target));
        }
        if (target.followsLines()) {
            return Optional.of(new StatusChangeOutcome.FollowsLines(target));
        }
        return Optional.empty();
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
        if (move.isEmpty()) {
            return new Decision.Refused<>(StatusChangeOutcome.IllegalTransition.of(current, target));
        }
        Optional<MoveRequirement> unmet = move.get().unmetBy(current, reason);
        if (unmet.isPresent()) {
            // Without lines there is nothing to pay for; what else an order lacks makes the move not one from here.
            return new Decision.Refused<>(switch (unmet.get()) {
                case REASON -> new StatusChangeOutcome.ReasonRequired(target);
                case LINES -> new StatusChangeOutcome.EmptyOrder();
                case PAYMENT, NO_PAYMENT -> StatusChangeOutcome.IllegalTransition.of(current, target);
            });
        }
        OrderStep step = move.get().writes().step(current, target, reason, released, at);
        return new Decision.Write<>(step, new StatusChangeOutcome.Changed(step.after(), step.lastEvent(actor), move.get()));
    }
}
