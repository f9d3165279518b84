package dev.orders.application.order;

import dev.orders.application.Round;
import dev.orders.application.Rounds;
import dev.orders.application.port.OrderStore;
import dev.orders.core.order.Ids;
import dev.orders.core.order.LineChangeOutcome;
import dev.orders.core.order.LineTransitions;
import dev.orders.core.time.Timestamps;
import java.time.Clock;
import java.util.Optional;

/**
 * Removing a line while the order is open: one read of the whole order, the core decides
 * ({@link LineTransitions#remove}: the root's total and item count fall by the line), and the commit holds
 * only while the root is still the version read; a removal that finds the order changed meanwhile decides
 * again, unless the client named the version it expected.
 */
public record RemoveLine(OrderStore store, Clock clock) {
    public LineChangeOutcome remove(String customerId, String orderId, String itemId, Optional<Long> expectedVersion,
                                    String actor) {
        Ids.itemId(itemId);
        return Rounds.untilDecided("line removal from order " + orderId, () -> Round.write(store,
                LineTransitions.remove(store.findAggregate(Ids.orderId(orderId)), customerId, itemId, expectedVersion,
                        Timestamps.truncate(clock.instant())), actor));
    }
}
