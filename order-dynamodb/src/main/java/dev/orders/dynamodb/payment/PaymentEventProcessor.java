package dev.orders.dynamodb.payment;

import static dev.orders.dynamodb.table.Attrs.s;
import static dev.orders.dynamodb.table.Attrs.time;

import dev.orders.core.order.Order;
import dev.orders.core.order.StatusChangeOutcome;
import dev.orders.core.payment.PaymentDecision;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.core.payment.PaymentReceipt;
import dev.orders.core.time.Timestamps;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.order.OrderCodec;
import dev.orders.dynamodb.order.OrderReads;
import dev.orders.dynamodb.order.OrderWrites;
import dev.orders.dynamodb.order.PaymentIssues;
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
 * in the same transaction as the order's change when the event changes the order (a capture, a refund,
 * a failed attempt, a payment issue), alone when it is only acknowledged. Of any number of deliveries of
 * one event, even concurrent ones, exactly one writes the record, so the order changes once and has one
 * event for it.
 */
public record PaymentEventProcessor(OrderReads reads, OrderWrites writes, PaymentIssues issues,
                                    ProcessedRecords records, Clock clock) {
    /** Actor of the events the webhook writes. */
    public static final String ACTOR = "webhook:payments";
    /** Longer than any provider retries a delivery; TTL deletes the record some time after. */
    public static final Duration RECORD_RETENTION = Duration.ofDays(30);
    private static final String EVENT_ID = "eventId";
    private static final String EVENT_TYPE = "eventType";
    private static final String OUTCOME = "outcome";
    private static final String RECEIVED_AT = "receivedAt";

    public PaymentReceipt process(PaymentEvent event) {
        return Rounds.untilDecided("payment event " + event.id(), () -> attempt(event));
    }

    /** One read-decide-write round; empty when the order changed between the read and the write. */
    private Optional<PaymentReceipt> attempt(PaymentEvent event) {
        Optional<Order> order = reads.findHeaderById(event.orderId());
        PaymentDecision decision = PaymentDecision.decide(event, order, Timestamps.truncate(clock.instant()));
        if (decision instanceof PaymentDecision.Acknowledge acknowledge) {
            return Optional.of(PaymentReceipt.of(event.id(), records.putAlone(record(event, acknowledge.outcome()))
                    ? acknowledge.outcome() : PaymentOutcome.DUPLICATE));
        }
        if (decision instanceof PaymentDecision.RecordIssue issue) {
            return issues.recordOnce(order.orElseThrow(), issue.issue(), issue.step(), ACTOR,
                    record(event, PaymentOutcome.PAYMENT_ISSUE)).map(recording ->
                    recording == PaymentIssues.Recording.RECORDED
                            ? new PaymentReceipt(event.id(), PaymentOutcome.PAYMENT_ISSUE, Optional.of(issue.issue().kind()))
                            : PaymentReceipt.of(event.id(), PaymentOutcome.DUPLICATE));
        }
        PaymentDecision.Apply apply = (PaymentDecision.Apply) decision;
        Optional<StatusChangeOutcome> changed = writes.applyOnce(order.orElseThrow(), apply.step(), ACTOR,
                record(event, PaymentOutcome.APPLIED));
        if (changed.isEmpty()) {
            return Optional.of(PaymentReceipt.of(event.id(), PaymentOutcome.DUPLICATE));
        }
        // Any other outcome means the order moved since it was read: decide again on what it is now.
        return changed.get() instanceof StatusChangeOutcome.Changed
                ? Optional.of(PaymentReceipt.of(event.id(), PaymentOutcome.APPLIED)) : Optional.empty();
    }

    private ProcessedRecord record(PaymentEvent event, PaymentOutcome outcome) {
        Map<String, AttributeValue> key = Map.of(Keys.PK, s(Keys.webhookEventPk(event.id())),
                Keys.SK, s(Keys.WEBHOOK_EVENT_SK));
        return records.record(key, EntityType.PAYMENT_EVENT, Map.of(EVENT_ID, s(event.id()),
                EVENT_TYPE, s(event.type().wireName()), OrderCodec.ORDER_ID, s(event.orderId()), OUTCOME, s(outcome),
                RECEIVED_AT, time(clock.instant())), RECORD_RETENTION);
    }
}
