package dev.orders.application.order;

import dev.orders.application.Round;
import dev.orders.application.Rounds;
import dev.orders.application.port.IdempotencyKey;
import dev.orders.application.port.OrderStore;
import dev.orders.application.port.ProcessedRequest;
import dev.orders.application.port.WriteConflictException;
import dev.orders.core.order.ItemChangeOutcome;
import dev.orders.core.order.ItemRequest;
import dev.orders.core.order.ItemStatus;
import dev.orders.core.order.OrderItem;
import dev.orders.core.order.Pricing;
import java.util.Optional;

/**
 * Adding a line as clients use it: a new line id, and an optional idempotency key. The key's record
 * is written in the same transaction as the line, so a retry (after a lost answer, say) adds nothing
 * and is answered with the line the first request added, even when retries race.
 */
public record LineIntake(OrderLines lines) {
    /** Outcome of an addition. */
    public sealed interface Result {
        /** The line was added, moving the order to {@code orderVersion}. */
        record Added(OrderItem item, long orderVersion) implements Result {
        }

        /**
         * An earlier request with the same key added the line; nothing was written now. The order was not
         * read, so its version is not known (it may have moved since).
         */
        record Replayed(OrderItem item) implements Result {
        }

        /** The order refused the line (not found, not open, full); nothing was written. */
        record Refused(ItemChangeOutcome refusal) implements Result {
        }

        /** The key was used for a different request; nothing was written. */
        record KeyReused() implements Result {
        }
    }

    /** Adds the line, at {@code expectedVersion} of the order if given, once per idempotency key if given. */
    public Result add(String customerId, String orderId, ItemRequest request, Optional<Long> expectedVersion,
                      Optional<String> idempotencyKey, String actor) {
        Optional<IdempotencyKey> key = IdempotencyKey.of(customerId, idempotencyKey);
        if (key.isEmpty()) {
            return decided(lines.addItem(customerId, orderId, request, expectedVersion, actor));
        }
        Pricing<OrderLines.PricedLine> pricing = lines.price(orderId, request);
        if (pricing instanceof Pricing.Priced<OrderLines.PricedLine> priced) {
            // Each try decides in rounds of its own (a conflict that outlasts them is final): another try is
            // only for a key whose record expired between the write and the read.
            for (int round = 1; round <= Rounds.MAX; round++) {
                if (attempt(key.get(), orderId, request, priced.value(), expectedVersion, actor)
                        instanceof Round.Decided<Result> decided) {
                    return decided.outcome();
                }
            }
            throw new WriteConflictException("line addition kept finding its key's record expired", null);
        }
        // A retry whose first try added the line is answered with it, even if the catalogue refuses it now.
        ItemChangeOutcome refused = new ItemChangeOutcome.NotPriceable(
                ((Pricing.Refused<OrderLines.PricedLine>) pricing).refusal());
        return earlier(key.get(), orderId, request) instanceof Round.Decided<Result> decided ? decided.outcome()
                : new Result.Refused(refused);
    }

    /** One try with a new line id; raced when the key's record expired between the write and the read. */
    private Round<Result> attempt(IdempotencyKey key, String orderId, ItemRequest request,
                                     OrderLines.PricedLine priced, Optional<Long> expectedVersion, String actor) {
        OrderItem line = lines.newLine(key.customerId(), orderId, priced.item());
        ProcessedRequest processed = new ProcessedRequest.LineAdded(key,
                request.fingerprint(key.customerId(), orderId), line);
        OrderLines.Addition addition = lines.add(line, priced, expectedVersion, actor, Optional.of(processed));
        return addition instanceof OrderLines.Addition.Decided decided ? Round.decided(decided(decided.outcome()))
                : earlier(key, orderId, request);
    }

    private static Result decided(ItemChangeOutcome outcome) {
        return outcome instanceof ItemChangeOutcome.Added added ? new Result.Added(added.item(), added.orderVersion())
                : new Result.Refused(outcome);
    }

    /**
     * The answer of the request that holds the key: the line it added, as it answered it (the request
     * matches; id, time, name and price come from the record), or a refusal if it asked for another; raced
     * when the record is gone (expired since the write that found it).
     */
    private Round<Result> earlier(IdempotencyKey key, String orderId, ItemRequest request) {
        Optional<OrderStore.KeyRecord> record = lines.store().findKey(key);
        if (record.isEmpty()) {
            return Round.raced();
        }
        if (!record.get().fingerprint().equals(request.fingerprint(key.customerId(), orderId))
                || record.get().line().isEmpty()) {
            return Round.decided(new Result.KeyReused());
        }
        OrderStore.AddedLine added = record.get().line().get();
        OrderItem line = new OrderItem(orderId, key.customerId(), added.itemId(), request.sku(),
                Optional.of(added.name()), request.quantity(), added.unitPrice(), ItemStatus.PENDING,
                added.createdAt(), added.createdAt());
        return Round.decided(new Result.Replayed(line));
    }
}
