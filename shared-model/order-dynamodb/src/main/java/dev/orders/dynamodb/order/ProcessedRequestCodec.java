package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.n;
import static dev.orders.dynamodb.table.Attrs.s;
import static dev.orders.dynamodb.table.Attrs.time;

import dev.orders.application.port.IdempotencyKey;
import dev.orders.application.port.OrderStore;
import dev.orders.application.port.ProcessedRequest;
import dev.orders.core.order.OrderLine;
import dev.orders.core.payment.PaymentEvent;
import dev.orders.core.payment.PaymentEventType;
import dev.orders.core.payment.PaymentOutcome;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.processed.ProcessedRecord;
import dev.orders.dynamodb.processed.ProcessedRecords;
import dev.orders.dynamodb.table.EntityType;
import dev.orders.dynamodb.table.ItemReader;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Processed requests as items. A client's key lives in the customer's partition ({@code IDEMPOTENCY#<key>})
 * with the fingerprint of the request and what its answer needs; a provider's event in its own
 * partition ({@code WEBHOOK#<id> / EVENT}) with what became of it.
 */
public record ProcessedRequestCodec(ProcessedRecords records, Clock clock) {
    private static final String FINGERPRINT = "fingerprint";
    private static final String EVENT_TYPE = "eventType";
    private static final String OUTCOME = "outcome";
    private static final String RECEIVED_AT = "receivedAt";

    public ProcessedRecord encode(ProcessedRequest request) {
        if (request instanceof ProcessedRequest.OrderCreated created) {
            return keyRecord(created.key(), created.fingerprint(),
                    Map.of(OrderCodec.ORDER_ID, s(created.orderId())), request);
        }
        if (request instanceof ProcessedRequest.LineAdded added) {
            OrderLine line = added.line();
            return keyRecord(added.key(), added.fingerprint(), Map.of(OrderCodec.ORDER_ID, s(line.orderId()),
                    OrderCodec.ITEM_ID, s(line.itemId()), OrderCodec.CREATED_AT, time(line.createdAt()),
                    OrderCodec.NAME, s(line.name().orElseThrow()), OrderCodec.UNIT_PRICE, n(line.unitPrice())), request);
        }
        ProcessedRequest.PaymentEventHandled handled = (ProcessedRequest.PaymentEventHandled) request;
        Map<String, AttributeValue> key = eventKey(handled.event().id());
        PaymentEvent event = handled.event();
        Map<String, AttributeValue> attributes = new HashMap<>(Map.of(PaymentIssueCodec.EVENT_ID, s(event.id()),
                EVENT_TYPE, s(event.type().wireName()), OrderCodec.ORDER_ID, s(event.orderId()),
                OUTCOME, s(handled.outcome()), RECEIVED_AT, time(clock.instant())));
        event.paymentId().ifPresent(paymentId -> attributes.put(PaymentIssueCodec.PAYMENT_ID, s(paymentId)));
        return records.record(key, EntityType.PAYMENT_EVENT, attributes, request.retention());
    }

    /** The item key of the record of the provider's event {@code eventId}. */
    public Map<String, AttributeValue> eventKey(String eventId) {
        return Map.of(Keys.PK, s(Keys.webhookEventPk(eventId)), Keys.SK, s(Keys.WEBHOOK_EVENT_SK));
    }

    /** The order a capture's record names, where the capture was recorded (applied, or as an issue). */
    public Optional<String> orderOfCapture(ItemReader record) {
        boolean recorded = record.enumValue(OUTCOME, PaymentOutcome.class).recordedTheMoney();
        return record.string(EVENT_TYPE).equals(PaymentEventType.PAYMENT_SUCCEEDED.wireName()) && recorded
                ? Optional.of(record.string(OrderCodec.ORDER_ID)) : Optional.empty();
    }

    /** The item key of a client's idempotency key. */
    public Map<String, AttributeValue> key(IdempotencyKey key) {
        return Map.of(Keys.PK, s(Keys.customerPk(key.customerId())), Keys.SK, s(Keys.idempotencySk(key.value())));
    }

    /** What the request that used a key asked and was answered. */
    public OrderStore.KeyRecord decodeKey(ItemReader record) {
        Optional<OrderStore.AddedLine> line = record.optionalString(OrderCodec.ITEM_ID).isPresent()
                ? Optional.of(new OrderStore.AddedLine(record.string(OrderCodec.ITEM_ID),
                        record.time(OrderCodec.CREATED_AT), record.string(OrderCodec.NAME),
                        record.number(OrderCodec.UNIT_PRICE)))
                : Optional.empty();
        return new OrderStore.KeyRecord(record.string(FINGERPRINT), record.string(OrderCodec.ORDER_ID), line);
    }

    private ProcessedRecord keyRecord(IdempotencyKey key, String fingerprint, Map<String, AttributeValue> answer,
                                      ProcessedRequest request) {
        Map<String, AttributeValue> attributes = new HashMap<>(answer);
        attributes.put(FINGERPRINT, s(fingerprint));
        return records.record(key(key), EntityType.IDEMPOTENCY_KEY, attributes, request.retention());
    }
}
