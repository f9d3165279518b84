package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.n;
import static dev.orders.dynamodb.table.Attrs.s;
import static dev.orders.dynamodb.table.Attrs.time;

import dev.orders.core.order.PaymentIssue;
import dev.orders.core.order.PaymentIssueKind;
import dev.orders.dynamodb.keys.IndexAttributes;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.table.EntityType;
import dev.orders.dynamodb.table.ItemReader;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A payment issue's row, {@code ISSUE#<eventId>} in its order's partition. While open it also carries the
 * StatusFeed index's keys of the open-issues partition, so that index lists every open issue with one
 * Query; its resolution removes them (the index is sparse).
 */
final class PaymentIssueCodec {
    static final String EVENT_ID = "eventId";
    static final String KIND = "kind";
    static final String AMOUNT = "amount";
    static final String RESOLVED_AT = "resolvedAt";
    static final String RESOLVED_BY = "resolvedBy";
    static final String NOTE = "note";

    private PaymentIssueCodec() {
    }

    static Map<String, AttributeValue> key(String orderId, String eventId) {
        return Map.of(Keys.PK, s(Keys.orderPk(orderId)), Keys.SK, s(Keys.issueSk(eventId)));
    }

    /** A new, open issue with its entry in the open-issues partition. */
    static Map<String, AttributeValue> encodeOpen(PaymentIssue issue) {
        if (!issue.isOpen()) {
            throw new IllegalArgumentException("a new payment issue is open");
        }
        Map<String, AttributeValue> item = new HashMap<>(key(issue.orderId(), issue.eventId()));
        item.put(EntityType.ATTRIBUTE, s(EntityType.PAYMENT_ISSUE));
        item.put(OrderCodec.ORDER_ID, s(issue.orderId()));
        item.put(OrderCodec.CUSTOMER_ID, s(issue.customerId()));
        item.put(EVENT_ID, s(issue.eventId()));
        item.put(KIND, s(issue.kind()));
        item.put(AMOUNT, n(issue.amount()));
        item.put(OrderCodec.CURRENCY, s(issue.currency()));
        item.put(OrderCodec.AT, time(issue.at()));
        item.putAll(IndexAttributes.ofOpenIssue(issue));
        return item;
    }

    /** A row of the table, or an entry of the open-issues partition (which projects no resolution: it has none). */
    static PaymentIssue decode(Map<String, AttributeValue> item) {
        ItemReader r = ItemReader.of(item, EntityType.PAYMENT_ISSUE);
        Optional<PaymentIssue.Resolution> resolution = r.optionalString(RESOLVED_AT).isEmpty() ? Optional.empty()
                : Optional.of(new PaymentIssue.Resolution(r.time(RESOLVED_AT), r.string(RESOLVED_BY), r.string(NOTE)));
        return new PaymentIssue(r.string(OrderCodec.ORDER_ID), r.string(OrderCodec.CUSTOMER_ID), r.string(EVENT_ID),
                r.enumValue(KIND, PaymentIssueKind.class), r.number(AMOUNT), r.string(OrderCodec.CURRENCY),
                r.time(OrderCodec.AT), resolution);
    }
}
