package dev.orders.application.order;

import dev.orders.application.Round;
import dev.orders.application.Rounds;
import dev.orders.application.port.OrderStore;
import dev.orders.core.order.Order;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.time.Timestamps;
import java.time.Clock;
import java.util.Optional;

/**
 * A status change as a client asks for it: refused before any read if the role may not make it or the
 * lines set that status; otherwise read the root, let the core decide, and commit on the condition that
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
            Optional<Order> found = store.findRoot(request.orderId())
                    .filter(order -> request.customerId().map(order.customerId()::equals).orElse(true));
            if (found.isEmpty()) {
                return Round.decided(new StatusChangeOutcome.OrderNotFound());
            }
            return Round.write(store, request.decide(found.get(), Timestamps.truncate(clock.instant())),
                    request.actor());
        });
    }
}
