package dev.orders.application.order;

import dev.orders.application.Round;
import dev.orders.application.Rounds;
import dev.orders.application.port.OrderStore;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.time.Timestamps;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * A status change as a client asks for it: refused before any read if the role may not make it or the
 * lines set that status; otherwise read the root (with its lines, for a move that closes the order before they ship,
 * which releases the stock they still reserve), let the core decide, and commit on the condition that
 * the root is still the version read. If another change came first, the move is decided again on the
 * order as it is now, where a version the client expected is stale.
 */
public record ChangeOrderStatus(OrderStore store, Clock clock) {
    public StatusChangeOutcome change(StatusChangeRequest request) {
        Optional<StatusChangeOutcome> refused = request.refusalBeforeRead();
        if (refused.isPresent()) {
            return refused.get();
        }
        return Rounds.untilDecided("status change of order " + request.orderId(), () -> {
            // A move decided on the lines too (a cancellation releases their stock) reads them with the root.
            Optional<OrderAggregate> found = (request.needsLines() ? store.findAggregate(request.orderId())
                    : store.findRoot(request.orderId()).map(root -> new OrderAggregate(root, List.of(), List.of())))
                    .filter(read -> request.customerId().map(read.order().customerId()::equals).orElse(true));
            if (found.isEmpty()) {
                return Round.decided(new StatusChangeOutcome.OrderNotFound());
            }
            // A Query is only read-committed: lines read otherwise than the root's version counts them are read again.
            if (request.needsLines() && !found.get().order().counts(found.get().items())) {
                return Round.raced();
            }
            return Round.write(store, request.decide(found.get().order(), found.get().items(),
                    Timestamps.truncate(clock.instant())), request.actor());
        });
    }
}
