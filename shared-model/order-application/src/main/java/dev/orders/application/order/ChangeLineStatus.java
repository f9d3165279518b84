package dev.orders.application.order;

import dev.orders.application.Round;
import dev.orders.application.Rounds;
import dev.orders.application.port.OrderStore;
import dev.orders.core.order.Ids;
import dev.orders.core.order.LineChangeOutcome;
import dev.orders.core.order.LineStatus;
import dev.orders.core.order.LineTransitions;
import dev.orders.core.order.Role;
import dev.orders.core.time.Timestamps;
import java.time.Clock;
import java.util.Optional;

/**
 * Moving a line's status while the order is in fulfillment, the order addressed by its id alone: refused
 * before any read if the role may not; otherwise one read of the whole order, the core decides
 * ({@link LineTransitions#moveStatus}: the order follows its lines in the same step), and the commit holds only
 * while the root is still the version read. Line changes commute, so one that finds the order changed
 * meanwhile decides again, unless the client named the version it expected.
 */
public record ChangeLineStatus(OrderStore store, Clock clock) {
    public LineChangeOutcome change(Role role, String orderId, String itemId, LineStatus target,
                                    Optional<Long> expectedVersion, String actor) {
        Optional<LineChangeOutcome> refused = LineTransitions.refusalBeforeRead(role, target);
        if (refused.isPresent()) {
            return refused.get();
        }
        Ids.itemId(itemId);
        return Rounds.untilDecided("line status change in order " + orderId, () -> Round.write(store,
                LineTransitions.moveStatus(store.findAggregate(Ids.orderId(orderId)), itemId, target,
                        expectedVersion, Timestamps.truncate(clock.instant())), actor));
    }
}
