package dev.orders.dynamodb.payment;

import static dev.orders.dynamodb.table.Attrs.s;
import static dev.orders.dynamodb.table.Attrs.time;

import dev.orders.core.order.Order;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.payment.PaymentDecision;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.order.OrderReads;
import dev.orders.dynamodb.order.OrderWrites;
import dev.orders.dynamodb.processed.ProcessedRecord;
import dev.orders.dynamodb.processed.ProcessedRecords;
import dev.orders.dynamodb.table.EntityType;
import dev.orders.dynamodb.table.Rounds;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Applies payment events exactly once. Each event id gets a processed record {@code WEBHOOK#<id> / EVENT}:
 * in the same transaction as the status change when the event moves the order, alone when it is
 * only acknowledged. Of any number of deliveries of one event, even concurrent ones, exactly one
 * writes the record, so the order moves once and has one history row.
 */
public record PaymentEventProcessor(OrderReads reads, OrderWrites writes, ProcessedRecords records, Clock clock) {
    /** Actor of the history rows the webhook writes. */
    public static final String ACTOR = "webhook:payments";
    /** Longer than any provider retries a delivery; TTL deletes the record some time after. */
    public static final Duration RECORD_RETENTION = Duration.ofDays(30);
    private static final String EVENT_ID = "eventId";
    private static final String EVENT_TYPE = "eventType";
    private static final String ORDER_ID = "orderId";
    private static final String OUTCOME = "outcome";
    private static final String RECEIVED_AT = "receivedAt";

    public PaymentOutcome process(PaymentEvent event) {
        return Rounds.untilDecided("payment event " + event.id(), () -> attempt(event));
    }

    /** One read-decide-write round; empty when the order changed between the read and the write. */
    private Optional<PaymentOutcome> attempt(PaymentEvent event) {
        Optional<Order> order = reads.findHeaderById(event.orderId());
        PaymentDecision decision = PaymentDecision.decide(event, order);
        if (decision instanceof PaymentDecision.Acknowledge acknowledge) {
            return Optional.of(records.putAlone(record(event, acknowledge.outcome()))
                    ? acknowledge.outcome() : PaymentOutcome.DUPLICATE);
        }
        PaymentDecision.Transition transition = (PaymentDecision.Transition) decision;
        Optional<StatusChangeOutcome> changed = writes.changeStatusOnce(order.orElseThrow(), transition.target(),
                ACTOR, event.type().wireName(), event.id(), record(event, PaymentOutcome.APPLIED));
        if (changed.isEmpty()) {
            return Optional.of(PaymentOutcome.DUPLICATE);
        }
        // Any other outcome means the order moved since it was read: decide again on what it is now.
        return changed.get() instanceof StatusChangeOutcome.Changed ? Optional.of(PaymentOutcome.APPLIED)
                : Optional.empty();
    }

    private ProcessedRecord record(PaymentEvent event, PaymentOutcome outcome) {
        Map<String, AttributeValue> key = Map.of(Keys.PK, s(Keys.webhookEventPk(event.id())),
                Keys.SK, s(Keys.WEBHOOK_EVENT_SK));
        return records.record(key, EntityType.PAYMENT_EVENT, Map.of(EVENT_ID, s(event.id()),
                EVENT_TYPE, s(event.type().wireName()), ORDER_ID, s(event.orderId()), OUTCOME, s(outcome),
                RECEIVED_AT, time(clock.instant())), RECORD_RETENTION);
    }
}
