package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.s;

import dev.orders.core.order.Ids;
import dev.orders.core.order.NewOrder;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderCreation;
import dev.orders.core.order.OrderRequest;
import dev.orders.core.order.Pricing;
import dev.orders.core.order.PricingRefusal;
import dev.orders.core.validation.ValidationException;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.processed.ProcessedRecord;
import dev.orders.dynamodb.processed.ProcessedRecords;
import dev.orders.dynamodb.product.ProductCatalog;
import dev.orders.dynamodb.table.CorruptItemException;
import dev.orders.dynamodb.table.EntityType;
import dev.orders.dynamodb.table.ItemReader;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Order creation as clients use it: lines priced from the catalogue, new ULID ids, and an optional
 * idempotency key. The key's record is written in the same transaction as the order, so of racing
 * retries exactly one creates the order and the others find the record and answer with the same order.
 */
public record OrderIntake(OrderReads reads, OrderWrites writes, ProductCatalog products, ProcessedRecords records) {
    /** How long a key is remembered; DynamoDB TTL deletes the record some time after. */
    public static final Duration KEY_RETENTION = Duration.ofHours(24);
    private static final Pattern KEY = Pattern.compile("[\\x21-\\x7E]{1,128}");
    private static final String ORDER_ID = "orderId";
    private static final String FINGERPRINT = "fingerprint";

    /** Outcome of an intake. */
    public sealed interface Result {
        /** {@code replayed}: an earlier request with the same key created it. */
        record Created(OrderAggregate aggregate, boolean replayed) implements Result {
        }

        /** The key was used for a different order request; nothing was written. */
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
        idempotencyKey.ifPresent(key -> {
            if (!KEY.matcher(key).matches()) {
                throw new ValidationException("Idempotency-Key", "must be 1 to 128 visible ASCII characters");
            }
        });
        Pricing<NewOrder> pricing = request.price(products.find(request.skus()));
        if (pricing instanceof Pricing.Priced<NewOrder> priced) {
            return ProcessedRecords.untilDecided("order creation",
                    () -> attempt(request, priced.value(), idempotencyKey, actor));
        }
        PricingRefusal refusal = ((Pricing.Refused<NewOrder>) pricing).refusal();
        return idempotencyKey.flatMap(key -> earlier(request, key)).orElseGet(() -> new Result.NotOrderable(refusal));
    }

    /** One try with a new order id; empty when the id was taken or the key's record expired meanwhile. */
    private Optional<Result> attempt(OrderRequest request, NewOrder order, Optional<String> idempotencyKey,
                                     String actor) {
        String orderId = Ids.newOrderId();
        if (idempotencyKey.isEmpty()) {
            return created(writes.create(orderId, order, actor));
        }
        ProcessedRecord record = records.record(recordKey(request.customerId(), idempotencyKey.get()),
                EntityType.IDEMPOTENCY_KEY,
                Map.of(ORDER_ID, s(orderId), FINGERPRINT, s(request.fingerprint())), KEY_RETENTION);
        Optional<OrderCreation> creation = writes.createOnce(orderId, order, actor, record);
        return creation.isPresent() ? created(creation.get()) : earlier(request, idempotencyKey.get());
    }

    private static Optional<Result> created(OrderCreation creation) {
        if (creation instanceof OrderCreation.Created created) {
            return Optional.of(new Result.Created(created.aggregate(), false));
        }
        return Optional.empty();
    }

    /** The answer of the request that holds the key: the same order, or a refusal if it asked for another. */
    private Optional<Result> earlier(OrderRequest request, String key) {
        Optional<ItemReader> record = records.find(recordKey(request.customerId(), key), EntityType.IDEMPOTENCY_KEY);
        if (record.isEmpty()) {
            return Optional.empty();
        }
        if (!record.get().string(FINGERPRINT).equals(request.fingerprint())) {
            return Optional.of(new Result.KeyReused());
        }
        String orderId = record.get().string(ORDER_ID);
        OrderAggregate aggregate = reads.findAggregate(request.customerId(), orderId)
                .orElseThrow(() -> new CorruptItemException("idempotency key names missing order " + orderId));
        return Optional.of(new Result.Created(aggregate, true));
    }

    private static Map<String, AttributeValue> recordKey(String customerId, String key) {
        return Map.of(Keys.PK, s(Keys.customerPk(customerId)), Keys.SK, s(Keys.idempotencySk(key)));
    }
}
