package dev.orders.application.order;

import dev.orders.application.Round;
import dev.orders.application.Rounds;
import dev.orders.application.port.OrderStore;
import dev.orders.application.port.ProcessedRequest;
import dev.orders.core.order.Decision;
import dev.orders.core.order.Ids;
import dev.orders.core.order.ItemChangeOutcome;
import dev.orders.core.order.ItemRequest;
import dev.orders.core.order.ItemStatus;
import dev.orders.core.order.LineTransitions;
import dev.orders.core.order.NewItem;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderItem;
import dev.orders.core.order.Pricing;
import dev.orders.core.order.Role;
import dev.orders.core.time.Timestamps;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Changes of order lines. Each reads once what it decides on (an addition the order's root with its
 * product, a removal or a line status the whole order), lets the core decide ({@link LineTransitions}),
 * and commits the step on the condition that the root is still the version read. Line changes commute:
 * one that finds the order changed meanwhile decides again on the order as it is now, a bounded number of
 * rounds, unless the client named the version it expected.
 */
public record OrderLines(OrderStore store, Clock clock) {
    /** A line priced from the catalogue, with the currency of its product and the order as read with it. */
    record PricedLine(NewItem item, String currency, Optional<Order> order) {
    }

    /** The outcome of an addition that carried a processed request: decided, or the request was processed before. */
    sealed interface Addition {
        record Decided(ItemChangeOutcome outcome) implements Addition {
        }

        record AlreadyProcessed() implements Addition {
        }
    }

    /** Adds a line priced from the catalogue as it is now, while the order is open, at {@code expectedVersion} if given. */
    public ItemChangeOutcome addItem(String customerId, String orderId, ItemRequest request,
                                     Optional<Long> expectedVersion, String actor) {
        Pricing<PricedLine> pricing = price(orderId, request);
        if (pricing instanceof Pricing.Priced<PricedLine> priced) {
            OrderItem line = newLine(customerId, orderId, priced.value().item());
            return ((Addition.Decided) add(line, priced.value(), expectedVersion, actor, Optional.empty())).outcome();
        }
        return new ItemChangeOutcome.NotPriceable(((Pricing.Refused<PricedLine>) pricing).refusal());
    }

    /** The line priced from its product as it is now, read with the order's root; refused if the product is absent or not for sale. */
    Pricing<PricedLine> price(String orderId, ItemRequest request) {
        Ids.orderId(orderId);
        OrderStore.LineContext context = store.findForLine(orderId, request.sku());
        Pricing<NewItem> pricing = request.price(context.product());
        if (pricing instanceof Pricing.Priced<NewItem> priced) {
            return new Pricing.Priced<>(new PricedLine(priced.value(), context.product().orElseThrow().currency(),
                    context.order()));
        }
        return new Pricing.Refused<>(((Pricing.Refused<NewItem>) pricing).refusal());
    }

    /** The line {@code newItem} becomes in the order: a new id, PENDING, created now. Nothing is written. */
    OrderItem newLine(String customerId, String orderId, NewItem newItem) {
        Instant now = now();
        return new OrderItem(Ids.orderId(orderId), customerId, Ids.newItemId(), newItem.sku(),
                Optional.of(newItem.name()), newItem.quantity(), newItem.unitPrice(), ItemStatus.PENDING, now, now);
    }

    /** Adds {@code line} with {@code processed} if given; a lost race decides again on the root the store found. */
    Addition add(OrderItem line, PricedLine priced, Optional<Long> expectedVersion, String actor,
                 Optional<ProcessedRequest> processed) {
        AtomicReference<Optional<Order>> read = new AtomicReference<>(priced.order());
        return Rounds.untilDecided("line addition to order " + line.orderId(), () -> {
            Decision<ItemChangeOutcome> decision = LineTransitions.add(read.get(), line, priced.currency(),
                    expectedVersion);
            if (decision instanceof Decision.Refused<ItemChangeOutcome> refused) {
                return Round.decided(new Addition.Decided(refused.outcome()));
            }
            Decision.Write<ItemChangeOutcome> write = (Decision.Write<ItemChangeOutcome>) decision;
            OrderStore.Commit commit = store.commit(write.step(), actor, processed);
            if (commit instanceof OrderStore.Commit.Committed) {
                return Round.decided(new Addition.Decided(write.outcome()));
            }
            if (commit instanceof OrderStore.Commit.AlreadyProcessed) {
                return Round.decided(new Addition.AlreadyProcessed());
            }
            if (commit instanceof OrderStore.Commit.RootChanged changed) {
                read.set(changed.current());
            }
            return Round.raced();
        });
    }

    /** Removes a line and lowers the root's total and item count by it, while the order is open, at {@code expectedVersion} if given. */
    public ItemChangeOutcome removeItem(String customerId, String orderId, String itemId,
                                        Optional<Long> expectedVersion, String actor) {
        Ids.itemId(itemId);
        return Rounds.untilDecided("line removal from order " + orderId, () -> Round.write(store,
                LineTransitions.remove(store.findAggregate(Ids.orderId(orderId)), customerId, itemId, expectedVersion,
                        now()), actor));
    }

    /**
     * Moves a line's status, if the role may, while the order is in fulfilment, at {@code expectedVersion}
     * if given; the order follows its lines in the same step. The order is addressed by its id alone.
     */
    public ItemChangeOutcome changeItemStatus(Role role, String orderId, String itemId, ItemStatus target,
                                              Optional<Long> expectedVersion, String actor) {
        if (!role.mayChangeLineStatuses()) {
            return new ItemChangeOutcome.Forbidden(role, target);
        }
        Ids.itemId(itemId);
        return Rounds.untilDecided("line status change in order " + orderId, () -> Round.write(store,
                LineTransitions.moveStatus(store.findAggregate(Ids.orderId(orderId)), itemId, target,
                        expectedVersion, now()), actor));
    }

    private Instant now() {
        return Timestamps.truncate(clock.instant());
    }
}
