package dev.orders.model.order;

import static dev.orders.model.dynamo.Attrs.n;
import static dev.orders.model.dynamo.Attrs.s;

import dev.orders.model.dynamo.CorruptItemException;
import dev.orders.model.dynamo.EntityType;
import dev.orders.model.dynamo.ItemReader;
import dev.orders.model.dynamo.OrdersTable;
import dev.orders.model.dynamo.WriteConflictException;
import dev.orders.model.keys.Keys;
import dev.orders.model.validation.ValidationException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Order creation as clients use it: new ULID ids, and an optional idempotency key. The key's record
 * is written in the same transaction as the order, so of racing retries exactly one creates the
 * order and the others find the record and answer with the same order.
 */
public final class OrderIntake {
    /** How long a key is remembered; DynamoDB TTL deletes the record some time after. */
    public static final Duration KEY_RETENTION = Duration.ofHours(24);
    private static final Pattern KEY = Pattern.compile("[\\x21-\\x7E]{1,128}");
    private static final int ATTEMPTS = 3;
    private static final String ORDER_ID = "orderId";
    private static final String FINGERPRINT = "fingerprint";
    private static final String EXPIRES_AT = "expiresAt";

    private final OrdersTable table;
    private final OrderRepository orders;
    private final Clock clock;

    public OrderIntake(OrdersTable table, OrderRepository orders, Clock clock) {
        this.table = table;
        this.orders = orders;
        this.clock = clock;
    }

    /** Outcome of an intake. */
    public sealed interface Result {
        /** {@code replayed}: an earlier request with the same key created it. */
        record Created(OrderAggregate aggregate, boolean replayed) implements Result {
        }

        /** The key was used for a different order request; nothing was written. */
        record KeyReused() implements Result {
        }
    }

    public Result create(NewOrder order, Optional<String> idempotencyKey, String actor) {
        idempotencyKey.ifPresent(key -> {
            if (!KEY.matcher(key).matches()) {
                throw new ValidationException("Idempotency-Key", "must be 1 to 128 visible ASCII characters");
            }
        });
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            String orderId = Ids.newOrderId();
            List<TransactWriteItem> extra = idempotencyKey.map(key -> List.of(keyRecord(order, key, orderId)))
                    .orElse(List.of());
            try {
                OrderCreation outcome = orders.create(orderId, order, actor, extra);
                if (outcome instanceof OrderCreation.Created created) {
                    return new Result.Created(created.aggregate(), false);
                }
            } catch (WriteConflictException e) {
                // A racing retry with the same key is committing right now: its record tells the outcome.
            }
            if (idempotencyKey.isPresent()) {
                Optional<Result> earlier = earlier(order, idempotencyKey.get());
                if (earlier.isPresent()) {
                    return earlier.get();
                }
            }
        }
        throw new WriteConflictException("order creation kept conflicting", null);
    }

    private Optional<Result> earlier(NewOrder order, String key) {
        Optional<Map<String, AttributeValue>> stored = table.getItem(recordKey(order.customerId(), key));
        if (stored.isEmpty()) {
            return Optional.empty();
        }
        ItemReader record = ItemReader.of(stored.get(), EntityType.IDEMPOTENCY_KEY);
        if (record.number(EXPIRES_AT) <= clock.instant().getEpochSecond()) {
            return Optional.empty();
        }
        if (!record.string(FINGERPRINT).equals(order.fingerprint())) {
            return Optional.of(new Result.KeyReused());
        }
        String orderId = record.string(ORDER_ID);
        OrderAggregate aggregate = orders.findAggregate(order.customerId(), orderId)
                .orElseThrow(() -> new CorruptItemException("idempotency key names missing order " + orderId));
        return Optional.of(new Result.Created(aggregate, true));
    }

    /** Written only if no live record holds the key; an expired one that TTL has not deleted yet is replaced. */
    private TransactWriteItem keyRecord(NewOrder order, String key, String orderId) {
        Instant now = clock.instant();
        Map<String, AttributeValue> item = new HashMap<>(recordKey(order.customerId(), key));
        item.put(EntityType.ATTRIBUTE, s(EntityType.IDEMPOTENCY_KEY));
        item.put(ORDER_ID, s(orderId));
        item.put(FINGERPRINT, s(order.fingerprint()));
        item.put(EXPIRES_AT, n(now.plus(KEY_RETENTION).getEpochSecond()));
        return TransactWriteItem.builder().put(p -> p
                .tableName(table.tableName())
                .item(item)
                .conditionExpression("attribute_not_exists(#pk) OR #expires <= :now")
                .expressionAttributeNames(Map.of("#pk", Keys.PK, "#expires", EXPIRES_AT))
                .expressionAttributeValues(Map.of(":now", n(now.getEpochSecond())))).build();
    }

    private static Map<String, AttributeValue> recordKey(String customerId, String key) {
        return Map.of(Keys.PK, s(Keys.customerPk(customerId)), Keys.SK, s(Keys.idempotencySk(key)));
    }
}
