package dev.orders.application.order;

import dev.orders.application.Round;
import dev.orders.application.Rounds;
import dev.orders.application.port.IdempotencyKey;
import dev.orders.application.port.OrderStore;
import dev.orders.application.port.ProcessedRequest;
import dev.orders.application.port.WriteConflictException;
import dev.orders.core.order.Decision;
import dev.orders.core.order.Ids;
import dev.orders.core.order.LineChangeOutcome;
import dev.orders.core.order.LineRequest;
import dev.orders.core.order.LineStatus;
import dev.orders.core.order.LineTransitions;
import dev.orders.core.order.NewLine;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.Pricing;
import dev.orders.core.product.Product;
import dev.orders.core.product.Stock;
import dev.orders.core.time.Timestamps;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Adding a line, priced from the catalogue as it is now, while the order is open: one read of the order's
 * root with the product, the core decides ({@link LineTransitions#add}), and the commit holds only while the
 * root is still the version read; an addition that finds the order changed meanwhile decides again on the
 * order as it is now, unless the client named the version it expected. With an idempotency key, the key's
 * record is written in the same transaction as the line, so a retry (after a lost answer, say) adds nothing
 * and is answered with the line the first request added, even when retries race.
 */
public record AddLine(OrderStore store, Clock clock) {
    /**
     * A line priced from the catalogue, with the currency and the stock (empty: not tracked) of its product and the
     * order as read with it.
     */
    private record PricedLine(NewLine line, String currency, Optional<Stock> stock, Optional<Order> order) {
    }

    /** Adds the line, at {@code expectedVersion} of the order if given, once per idempotency key if given. */
    public LineChangeOutcome add(String customerId, String orderId, LineRequest request, Optional<Long> expectedVersion,
                                 Optional<String> idempotencyKey, String actor) {
        Optional<IdempotencyKey> key = IdempotencyKey.of(customerId, idempotencyKey);
        Pricing<PricedLine> pricing = price(orderId, request);
        if (pricing instanceof Pricing.Priced<PricedLine> priced) {
            if (key.isEmpty()) {
                return decided(add(newLine(customerId, orderId, priced.value().line()), priced.value(), expectedVersion,
                        actor, Optional.empty()));
            }
            // Each try decides in rounds of its own (a conflict that outlasts them is final): another try is
            // only for a key whose record expired between the write and the read.
            for (int round = 1; round <= Rounds.MAX; round++) {
                if (attempt(key.get(), orderId, request, priced.value(), expectedVersion, actor)
                        instanceof Round.Decided<LineChangeOutcome> decided) {
                    return decided.outcome();
                }
            }
            throw new WriteConflictException("line addition kept finding its key's record expired", null);
        }
        LineChangeOutcome refused = new LineChangeOutcome.NotPriceable(((Pricing.Refused<PricedLine>) pricing).refusal());
        // A retry whose first try added the line is answered with it, even if the catalogue refuses it now.
        return key.isPresent() && earlier(key.get(), orderId, request) instanceof Round.Decided<LineChangeOutcome> decided
                ? decided.outcome() : refused;
    }

    /** The line priced from its product as it is now, read with the order's root; refused if the product is absent or not for sale. */
    private Pricing<PricedLine> price(String orderId, LineRequest request) {
        Ids.orderId(orderId);
        OrderStore.LineContext context = store.findForLine(orderId, request.sku());
        Pricing<NewLine> pricing = request.price(context.product());
        if (pricing instanceof Pricing.Priced<NewLine> priced) {
            Product product = context.product().orElseThrow();
            return new Pricing.Priced<>(new PricedLine(priced.value(), product.currency(), product.stock(),
                    context.order()));
        }
        return new Pricing.Refused<>(((Pricing.Refused<NewLine>) pricing).refusal());
    }

    /** The line {@code newLine} becomes in the order: a new id, PENDING, created now. Nothing is written. */
    private OrderLine newLine(String customerId, String orderId, NewLine newLine) {
        Instant now = Timestamps.truncate(clock.instant());
        return new OrderLine(Ids.orderId(orderId), customerId, Ids.newItemId(), newLine.sku(),
                Optional.of(newLine.name()), newLine.quantity(), newLine.unitPrice(), LineStatus.PENDING, now, now, 0);
    }

    /**
     * Adds {@code line} with {@code processed} if given; a lost race decides again on the root the store found.
     * Empty when the processed request was there already: an earlier request with the key made the change.
     */
    private Optional<LineChangeOutcome> add(OrderLine line, PricedLine priced, Optional<Long> expectedVersion,
                                            String actor, Optional<ProcessedRequest> processed) {
        AtomicReference<Optional<Order>> read = new AtomicReference<>(priced.order());
        return Rounds.untilDecided("line addition to order " + line.orderId(), () -> {
            Decision<LineChangeOutcome> decision = LineTransitions.add(read.get(), line, priced.currency(),
                    priced.stock(), expectedVersion);
            if (decision instanceof Decision.Refused<LineChangeOutcome> refused) {
                return Round.decided(Optional.of(refused.outcome()));
            }
            Decision.Write<LineChangeOutcome> write = (Decision.Write<LineChangeOutcome>) decision;
            OrderStore.Commit commit = store.commit(write.step(), actor, processed);
            if (commit instanceof OrderStore.Commit.Committed) {
                return Round.decided(Optional.of(write.outcome()));
            }
            if (commit instanceof OrderStore.Commit.AlreadyProcessed) {
                return Round.decided(Optional.empty());
            }
            if (commit instanceof OrderStore.Commit.OutOfStock out) {
                return Round.decided(Optional.of(new LineChangeOutcome.OutOfStock(out.shortages().get(0))));
            }
            if (commit instanceof OrderStore.Commit.RootChanged changed) {
                read.set(changed.current());
            }
            return Round.raced();
        });
    }

    private static LineChangeOutcome decided(Optional<LineChangeOutcome> outcome) {
        return outcome.orElseThrow(() -> new IllegalStateException("an addition without a key found its request processed"));
    }

    /** One try with a new line id; raced when the key's record expired between the write and the read. */
    private Round<LineChangeOutcome> attempt(IdempotencyKey key, String orderId, LineRequest request,
                                             PricedLine priced, Optional<Long> expectedVersion, String actor) {
        OrderLine line = newLine(key.customerId(), orderId, priced.line());
        ProcessedRequest processed = new ProcessedRequest.LineAdded(key,
                request.fingerprint(key.customerId(), orderId), line);
        Optional<LineChangeOutcome> added = add(line, priced, expectedVersion, actor, Optional.of(processed));
        if (added.isEmpty()) {
            return earlier(key, orderId, request);
        }
        // A retry whose first try took the last units is answered with the line it added.
        if (added.get() instanceof LineChangeOutcome.OutOfStock
                && earlier(key, orderId, request) instanceof Round.Decided<LineChangeOutcome> decided) {
            return decided;
        }
        return Round.decided(added.get());
    }

    /**
     * The answer of the request that holds the key: the line it added, as it answered it (the request
     * matches; id, time, name and price come from the record), or a refusal if it asked for another; raced
     * when the record is gone (expired since the write that found it).
     */
    private Round<LineChangeOutcome> earlier(IdempotencyKey key, String orderId, LineRequest request) {
        Optional<OrderStore.KeyRecord> record = store.findKey(key);
        if (record.isEmpty()) {
            return Round.raced();
        }
        if (!record.get().fingerprint().equals(request.fingerprint(key.customerId(), orderId))
                || record.get().line().isEmpty()) {
            return Round.decided(new LineChangeOutcome.KeyReused());
        }
        OrderStore.AddedLine added = record.get().line().get();
        OrderLine line = new OrderLine(orderId, key.customerId(), added.itemId(), request.sku(),
                Optional.of(added.name()), request.quantity(), added.unitPrice(), LineStatus.PENDING,
                added.createdAt(), added.createdAt(), 0);
        return Round.decided(new LineChangeOutcome.Replayed(line));
    }
}
