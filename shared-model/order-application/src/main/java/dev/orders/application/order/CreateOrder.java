package dev.orders.application.order;

import dev.orders.application.Round;
import dev.orders.application.Rounds;
import dev.orders.application.port.IdempotencyKey;
import dev.orders.application.port.OrderStore;
import dev.orders.application.port.ProcessedRequest;
import dev.orders.core.order.Ids;
import dev.orders.core.order.NewOrder;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderCreationOutcome;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderRequest;
import dev.orders.core.order.Pricing;
import dev.orders.core.order.PricingRefusal;
import dev.orders.core.order.StockReservation;
import dev.orders.core.product.Product;
import dev.orders.core.time.Timestamps;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;

/**
 * Order creation as clients use it: lines priced from the catalogue, new ULID ids, and an optional
 * idempotency key. The key's record is written in the same transaction as the order, so of racing
 * retries exactly one creates the order and the others find the record and answer with the same order. The
 * units of products whose stock is tracked are reserved in that transaction too, on the condition that they
 * are available: of customers racing for the last units, only as many orders as they cover are written.
 */
public record CreateOrder(OrderStore store, Clock clock) {
    /**
     * Prices the request from the catalogue as it is now (one read of its distinct skus), then writes the
     * order. A retry of a request whose key already created an order is answered with that order, even
     * when the catalogue has changed since and would refuse it now.
     */
    public OrderCreationOutcome create(OrderRequest request, Optional<String> idempotencyKey, String actor) {
        Optional<IdempotencyKey> key = IdempotencyKey.of(request.customerId(), idempotencyKey);
        Map<String, Product> products = store.findProducts(request.skus());
        Pricing<NewOrder> pricing = request.price(products);
        if (pricing instanceof Pricing.Priced<NewOrder> priced) {
            return Rounds.untilDecided("order creation", () -> attempt(request, priced.value(), products, key, actor));
        }
        PricingRefusal refusal = ((Pricing.Refused<NewOrder>) pricing).refusal();
        // A retry whose first try created the order is answered with it, even if the catalogue refuses it now.
        if (key.isPresent() && earlier(request, key.get()) instanceof Round.Decided<OrderCreationOutcome> decided) {
            return decided.outcome();
        }
        return new OrderCreationOutcome.NotOrderable(refusal);
    }

    /**
     * One try with a new order id, reserving from {@code products} as read; raced when the id was taken or the
     * key's record expired meanwhile.
     */
    private Round<OrderCreationOutcome> attempt(OrderRequest request, NewOrder order, Map<String, Product> products,
                                                Optional<IdempotencyKey> key, String actor) {
        String orderId = Ids.newOrderId();
        StockReservation reservation = StockReservation.of(order.place(orderId,
                order.items().stream().map(item -> Ids.newItemId()).toList(), Timestamps.truncate(clock.instant())),
                products);
        if (reservation instanceof StockReservation.Short shortage) {
            // A retry whose first try took the last units is answered with the order it created.
            if (key.isPresent() && earlier(request, key.get()) instanceof Round.Decided<OrderCreationOutcome> decided) {
                return decided;
            }
            return Round.decided(new OrderCreationOutcome.OutOfStock(shortage.shortages()));
        }
        StockReservation.Reserved reserved = (StockReservation.Reserved) reservation;
        OrderAggregate placed = reserved.order();
        Optional<ProcessedRequest> processed = key.map(k -> new ProcessedRequest.OrderCreated(k,
                request.fingerprint(), orderId));
        OrderStore.Creation creation = store.create(placed, OrderEvent.created(placed, actor), reserved.rows(),
                processed);
        if (creation instanceof OrderStore.Creation.Created) {
            return Round.decided(new OrderCreationOutcome.Created(placed, false));
        }
        if (creation instanceof OrderStore.Creation.OutOfStock out) {
            return Round.decided(new OrderCreationOutcome.OutOfStock(out.shortages()));
        }
        return creation instanceof OrderStore.Creation.AlreadyProcessed ? earlier(request, key.orElseThrow())
                : Round.raced();
    }

    /**
     * The answer of the request that holds the key: the same order, or a refusal if it asked for another;
     * raced when the record is gone (expired since the write that found it).
     */
    private Round<OrderCreationOutcome> earlier(OrderRequest request, IdempotencyKey key) {
        Optional<OrderStore.KeyRecord> record = store.findKey(key);
        if (record.isEmpty()) {
            return Round.raced();
        }
        if (!record.get().fingerprint().equals(request.fingerprint())) {
            return Round.decided(new OrderCreationOutcome.KeyReused());
        }
        String orderId = record.get().orderId();
        OrderAggregate aggregate = store.findAggregate(orderId)
                .filter(order -> order.order().customerId().equals(request.customerId()))
                .orElseThrow(() -> new IllegalStateException("idempotency key names missing order " + orderId));
        return Round.decided(new OrderCreationOutcome.Created(aggregate, true));
    }
}
