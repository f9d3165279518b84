package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.s;

import dev.orders.core.order.Ids;
import dev.orders.core.order.NewOrder;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderCreation;
import dev.orders.core.order.OrderRequest;
import dev.orders.core.order.Pricing;
import dev.orders.core.order.PricingRefusal;
import dev.orders.dynamodb.processed.ProcessedRecord;
import dev.orders.dynamodb.processed.ProcessedRecords;
import dev.orders.dynamodb.product.ProductCatalog;
import dev.orders.dynamodb.table.CorruptItemException;
import dev.orders.dynamodb.table.ItemReader;
import dev.orders.dynamodb.table.Rounds;
import java.util.Map;
import java.util.Optional;

/**
 * Order creation as clients use it: lines priced from the catalogue, new ULID ids, and an optional
 * idempotency key. The key's record is written in the same transaction as the order, so of racing
 * retries exactly one creates the order and the others find the record and answer with the same order.
 */
public record OrderIntake(OrderReads reads, OrderWrites writes, ProductCatalog products, ProcessedRecords records) {

    /** Outcome of an intake. */
    public sealed interface Result {
        /** {@code replayed}: an earlier request with the same key created it. */
        record Created(OrderAggregate aggregate, boolean replayed) implements Result {
        }

        /** The key was used for a different request; nothing was written. */
        record KeyReused() implements Result {
        }

        /** A line's product is absent, not for sale, or in another currency than the order; nothing was written. */
        record NotOrderable(PricingRefusal refusal) implements Result {
        }
    }

    /**
     * Prices the request from the catalogue as it is now (one BatchGetItem of its distinct skus), then
     * writes the order. A retry of a request whose key already created an order is answered with that
     * order, even when the catalogue has changed since and would refuse it now.
     */
    public Result create(OrderRequest request, Optional<String> idempotencyKey, String actor) {
        Optional<IdempotencyKey> key = IdempotencyKey.of(request.customerId(), idempotencyKey);
        Pricing<NewOrder> pricing = request.price(products.find(request.skus()));
        if (pricing instanceof Pricing.Priced<NewOrder> priced) {
            return Rounds.untilDecided("order creation", () -> attempt(request, priced.value(), key, actor));
        }
        PricingRefusal refusal = ((Pricing.Refused<NewOrder>) pricing).refusal();
        return key.flatMap(k -> earlier(request, k)).orElseGet(() -> new Result.NotOrderable(refusal));
    }

    /** One try with a new order id; empty when the id was taken or the key's record expired meanwhile. */
    private Optional<Result> attempt(OrderRequest request, NewOrder order, Optional<IdempotencyKey> key,
                                     String actor) {
        String orderId = Ids.newOrderId();
        if (key.isEmpty()) {
            return created(writes.create(orderId, order, actor));
        }
        ProcessedRecord record = key.get().record(records, request.fingerprint(), Map.of(OrderCodec.ORDER_ID, s(orderId)));
        Optional<OrderCreation> creation = writes.createOnce(orderId, order, actor, record);
        return creation.isPresent() ? created(creation.get()) : earlier(request, key.get());
    }

    private static Optional<Result> created(OrderCreation creation) {
        if (creation instanceof OrderCreation.Created created) {
            return Optional.of(new Result.Created(created.aggregate(), false));
        }
        return Optional.empty();
    }

    /** The answer of the request that holds the key: the same order, or a refusal if it asked for another. */
    private Optional<Result> earlier(OrderRequest request, IdempotencyKey key) {
        Optional<ItemReader> record = key.find(records);
        if (record.isEmpty()) {
            return Optional.empty();
        }
        if (!IdempotencyKey.sameRequest(record.get(), request.fingerprint())) {
            return Optional.of(new Result.KeyReused());
        }
        String orderId = record.get().string(OrderCodec.ORDER_ID);
        OrderAggregate aggregate = reads.findAggregate(request.customerId(), orderId)
                .orElseThrow(() -> new CorruptItemException("idempotency key names missing order " + orderId));
        return Optional.of(new Result.Created(aggregate, true));
    }
}
