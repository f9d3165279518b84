package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.n;
import static dev.orders.dynamodb.table.Attrs.s;
import static dev.orders.dynamodb.table.Attrs.time;

import dev.orders.core.order.ItemChangeOutcome;
import dev.orders.core.order.ItemRequest;
import dev.orders.core.order.ItemStatus;
import dev.orders.core.order.OrderItem;
import dev.orders.core.order.Pricing;
import dev.orders.dynamodb.processed.ProcessedRecord;
import dev.orders.dynamodb.processed.ProcessedRecords;
import dev.orders.dynamodb.table.ItemReader;
import dev.orders.dynamodb.table.Rounds;
import dev.orders.dynamodb.table.WriteConflictException;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * Adding a line as clients use it: a new line id, and an optional idempotency key. The key's record
 * is written in the same transaction as the line, so a retry (after a lost answer, say) adds nothing
 * and is answered with the line the first request added, even when retries race.
 */
public record LineIntake(OrderLines lines, ProcessedRecords records) {
    private static final String ITEM_ID = "itemId";
    private static final String CREATED_AT = "createdAt";
    private static final String NAME = "name";
    private static final String UNIT_PRICE = "unitPrice";

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
                Optional<Result> result = attempt(key.get(), orderId, request, priced.value(), expectedVersion, actor);
                if (result.isPresent()) {
                    return result.get();
                }
            }
            throw new WriteConflictException("line addition kept finding its key's record expired", null);
        }
        // A retry whose first try added the line is answered with it, even if the catalogue refuses it now.
        ItemChangeOutcome refused = new ItemChangeOutcome.NotPriceable(
                ((Pricing.Refused<OrderLines.PricedLine>) pricing).refusal());
        return earlier(key.get(), orderId, request).orElseGet(() -> new Result.Refused(refused));
    }

    /** One try with a new line id; empty when the key's record expired between the write and the read. */
    private Optional<Result> attempt(IdempotencyKey key, String orderId, ItemRequest request,
                                     OrderLines.PricedLine priced, Optional<Long> expectedVersion, String actor) {
        OrderItem line = lines.newLine(key.customerId(), orderId, priced.item());
        ProcessedRecord record = key.record(records, request.fingerprint(key.customerId(), orderId),
                Map.of(OrderCodec.ORDER_ID, s(orderId), ITEM_ID, s(line.itemId()), CREATED_AT, time(line.createdAt()),
                        NAME, s(priced.item().name()), UNIT_PRICE, n(priced.item().unitPrice())));
        Optional<ItemChangeOutcome> outcome = lines.addItemOnce(line, priced, expectedVersion, actor, record);
        return outcome.isPresent() ? Optional.of(decided(outcome.get())) : earlier(key, orderId, request);
    }

    private static Result decided(ItemChangeOutcome outcome) {
        return outcome instanceof ItemChangeOutcome.Added added ? new Result.Added(added.item(), added.orderVersion())
                : new Result.Refused(outcome);
    }

    /**
     * The answer of the request that holds the key: the line it added, as it answered it (the request
     * matches; id, time, name and price come from the record), or a refusal if it asked for another.
     */
    private Optional<Result> earlier(IdempotencyKey key, String orderId, ItemRequest request) {
        Optional<ItemReader> record = key.find(records);
        if (record.isEmpty()) {
            return Optional.empty();
        }
        if (!IdempotencyKey.sameRequest(record.get(), request.fingerprint(key.customerId(), orderId))) {
            return Optional.of(new Result.KeyReused());
        }
        Instant createdAt = record.get().time(CREATED_AT);
        OrderItem line = new OrderItem(orderId, key.customerId(), record.get().string(ITEM_ID), request.sku(),
                Optional.of(record.get().string(NAME)), request.quantity(), record.get().number(UNIT_PRICE),
                ItemStatus.PENDING, createdAt, createdAt);
        return Optional.of(new Result.Replayed(line));
    }
}
