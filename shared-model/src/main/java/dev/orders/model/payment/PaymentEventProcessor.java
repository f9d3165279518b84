package dev.orders.model.payment;

import static dev.orders.model.dynamo.Attrs.n;
import static dev.orders.model.dynamo.Attrs.s;
import static dev.orders.model.dynamo.Attrs.time;

import dev.orders.model.dynamo.EntityType;
import dev.orders.model.dynamo.OrdersTable;
import dev.orders.model.dynamo.WriteConflictException;
import dev.orders.model.keys.Keys;
import dev.orders.model.order.Order;
import dev.orders.model.order.OrderRepository;
import dev.orders.model.order.StatusChangeOutcome;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/**
 * Applies payment events exactly once. Each event id gets a record {@code WEBHOOK#<id> / EVENT} written
 * with {@code attribute_not_exists}: in the same transaction as the status change when the event moves
 * the order, alone when it is only acknowledged. Of any number of deliveries of one event, even
 * concurrent ones, exactly one writes the record, so the order moves once and has one history row.
 */
public final class PaymentEventProcessor {
    /** Actor of the history rows the webhook writes. */
    public static final String ACTOR = "webhook:payments";
    /** Longer than any provider retries a delivery; TTL deletes the record some time after. */
    public static final Duration RECORD_RETENTION = Duration.ofDays(30);
    private static final int ATTEMPTS = 4;
    private static final String EVENT_ID = "eventId";
    private static final String EVENT_TYPE = "eventType";
    private static final String ORDER_ID = "orderId";
    private static final String OUTCOME = "outcome";
    private static final String RECEIVED_AT = "receivedAt";
    private static final String EXPIRES_AT = "expiresAt";

    private final OrdersTable table;
    private final OrderRepository orders;
    private final Clock clock;

    public PaymentEventProcessor(OrdersTable table, OrderRepository orders, Clock clock) {
        this.table = table;
        this.orders = orders;
        this.clock = clock;
    }

    public PaymentOutcome process(PaymentEvent event) {
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            try {
                Optional<PaymentOutcome> outcome = attempt(event);
                if (outcome.isPresent()) {
                    return outcome.get();
                }
            } catch (WriteConflictException | TransactionConflictException e) {
                // A concurrent delivery of the same event (or a change of the order) is committing: read again.
            }
        }
        throw new WriteConflictException("payment event " + event.id() + " kept conflicting", null);
    }

    /** One read-decide-write round; empty when the order changed between the read and the write. */
    private Optional<PaymentOutcome> attempt(PaymentEvent event) {
        Optional<Order> order = event.knownType().isPresent() ? orders.findHeaderById(event.orderId()) : Optional.empty();
        PaymentDecision decision = PaymentDecision.decide(event, order);
        if (decision instanceof PaymentDecision.Acknowledge acknowledge) {
            return Optional.of(recordAlone(event, acknowledge.outcome()));
        }
        PaymentDecision.Transition transition = (PaymentDecision.Transition) decision;
        StatusChangeOutcome changed = orders.changeStatus(order.orElseThrow(), transition.target(), ACTOR,
                Optional.of(event.type()), Optional.of(event.id()), List.of(table.putNew(record(event, PaymentOutcome.APPLIED))));
        if (changed instanceof StatusChangeOutcome.Changed) {
            return Optional.of(PaymentOutcome.APPLIED);
        }
        if (changed instanceof StatusChangeOutcome.ExtraWriteRefused) {
            return Optional.of(PaymentOutcome.DUPLICATE);
        }
        return Optional.empty();
    }

    private PaymentOutcome recordAlone(PaymentEvent event, PaymentOutcome outcome) {
        try {
            table.client().putItem(b -> b.tableName(table.tableName())
                    .item(record(event, outcome))
                    .conditionExpression("attribute_not_exists(#pk)")
                    .expressionAttributeNames(Map.of("#pk", Keys.PK)));
            return outcome;
        } catch (ConditionalCheckFailedException e) {
            return PaymentOutcome.DUPLICATE;
        }
    }

    private Map<String, AttributeValue> record(PaymentEvent event, PaymentOutcome outcome) {
        Instant now = clock.instant();
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(Keys.PK, s(Keys.webhookEventPk(event.id())));
        item.put(Keys.SK, s(Keys.WEBHOOK_EVENT_SK));
        item.put(EntityType.ATTRIBUTE, s(EntityType.PAYMENT_EVENT));
        item.put(EVENT_ID, s(event.id()));
        item.put(EVENT_TYPE, s(event.type()));
        item.put(ORDER_ID, s(event.orderId()));
        item.put(OUTCOME, s(outcome));
        item.put(RECEIVED_AT, time(now));
        item.put(EXPIRES_AT, n(now.plus(RECORD_RETENTION).getEpochSecond()));
        return item;
    }
}
