package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.n;
import static dev.orders.dynamodb.table.Attrs.s;
import static dev.orders.dynamodb.table.Attrs.time;

import dev.orders.core.order.OpenPaymentIssue;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.order.PaymentIssueKind;
import dev.orders.core.order.RefundTally;
import dev.orders.dynamodb.keys.IndexAttributes;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.table.EntityType;
import dev.orders.dynamodb.table.ItemReader;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A payment issue's row, {@code ISSUE#<eventId>} in its order's partition (also where the id names no order).
 * While open it also carries the StatusFeed index's keys of the open-issues partition, so that index lists
 * every open issue with one Query; its resolution, or the refund that settles it, removes them (the index is
 * sparse).
 */
final class PaymentIssueCodec {
    static final String EVENT_ID = "eventId";
    static final String KIND = "kind";
    static final String DIRECTION = "direction";
    static final String PAYMENT_ID = "paymentId";
    static final String AMOUNT = "amount";
    static final String REFUNDED_AMOUNT = "refundedAmount";
    static final String RESOLVED_AT = "resolvedAt";
    static final String RESOLVED_BY = "resolvedBy";
    static final String NOTE = "note";

    private PaymentIssueCodec() {
    }

    static Map<String, AttributeValue> key(String orderId, String eventId) {
        return Map.of(Keys.PK, s(Keys.orderPk(orderId)), Keys.SK, s(Keys.issueSk(eventId)));
    }

    /**
     * A new issue, unresolved, with its entry in the open-issues partition while it is open: an issue of a capture
     * that refunds which arrived before it returned all of already is settled from the start.
     */
    static Map<String, AttributeValue> encodeNew(PaymentIssue issue) {
        if (issue.resolution().isPresent()) {
            throw new IllegalArgumentException("a new payment issue is unresolved");
        }
        Map<String, AttributeValue> item = new HashMap<>(key(issue.orderId(), issue.eventId()));
        item.put(EntityType.ATTRIBUTE, s(EntityType.PAYMENT_ISSUE));
        item.put(OrderCodec.ORDER_ID, s(issue.orderId()));
        issue.customerId().ifPresent(customerId -> item.put(OrderCodec.CUSTOMER_ID, s(customerId)));
        item.put(EVENT_ID, s(issue.eventId()));
        item.put(KIND, s(issue.kind()));
        issue.payment().ifPresent(payment -> {
            item.put(PAYMENT_ID, s(payment.paymentId()));
            item.put(DIRECTION, s(payment.direction()));
        });
        item.put(AMOUNT, n(issue.amount()));
        item.put(OrderCodec.CURRENCY, s(issue.currency()));
        item.put(REFUNDED_AMOUNT, n(issue.refundedAmount()));
        OrderCodec.itemizedAttribute(issue.refunds())
                .ifPresent(itemized -> item.put(OrderCodec.ITEMIZED_REFUNDED_AMOUNT, itemized));
        item.put(OrderCodec.AT, time(issue.at()));
        if (issue.isOpen()) {
            item.putAll(IndexAttributes.ofOpenIssue(issue));
        }
        return item;
    }

    /** An update of an issue's refunds, written only if they are still as read. */
    record RefundsUpdate(String expression, String condition, Map<String, String> names,
                         Map<String, AttributeValue> values) {
    }

    /**
     * The refunds of an issue from {@code before} to {@code after}: {@code refundedAmount} set, and
     * {@code itemizedRefundedAmount} set or removed as {@link OrderCodec#itemizedAttribute} keeps it, each compared with
     * what was read; with {@code removal}'s attributes removed too (a settled issue's queue entry).
     */
    static RefundsUpdate refundsUpdate(RefundTally before, RefundTally after, IndexAttributes.Removal removal) {
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":before", n(before.refunded()),
                ":after", n(after.refunded())));
        Optional<AttributeValue> itemizedBefore = OrderCodec.itemizedAttribute(before);
        Optional<AttributeValue> itemizedAfter = OrderCodec.itemizedAttribute(after);
        itemizedBefore.ifPresent(value -> values.put(":itemizedBefore", value));
        itemizedAfter.ifPresent(value -> values.put(":itemizedAfter", value));
        // The placeholder Removal names an attribute by, so that removing it is one more of removal's attributes.
        String itemized = "#" + OrderCodec.ITEMIZED_REFUNDED_AMOUNT;
        String condition = "#refunded = :before AND " + (itemizedBefore.isPresent() ? itemized + " = :itemizedBefore"
                : "attribute_not_exists(" + itemized + ")");
        IndexAttributes.Removal removed = itemizedAfter.isPresent() ? removal
                : removal.and(OrderCodec.ITEMIZED_REFUNDED_AMOUNT);
        Map<String, String> names = new HashMap<>(removed.names());
        names.putAll(Map.of("#refunded", REFUNDED_AMOUNT, itemized, OrderCodec.ITEMIZED_REFUNDED_AMOUNT));
        String set = "SET #refunded = :after" + (itemizedAfter.isPresent() ? ", " + itemized + " = :itemizedAfter" : "");
        String expression = (set + " " + removed.clause()).strip();
        return new RefundsUpdate(expression, condition, names, values);
    }

    /** A row of the table; one recorded before payments were named has no payment and no refunded amount. */
    static PaymentIssue decode(Map<String, AttributeValue> item) {
        ItemReader r = ItemReader.of(item, EntityType.PAYMENT_ISSUE);
        Optional<PaymentIssue.Resolution> resolution = r.optionalString(RESOLVED_AT).isEmpty() ? Optional.empty()
                : Optional.of(new PaymentIssue.Resolution(r.time(RESOLVED_AT), r.string(RESOLVED_BY), r.string(NOTE)));
        Optional<PaymentIssue.Payment> payment = r.optionalString(PAYMENT_ID).isEmpty() ? Optional.empty()
                : Optional.of(new PaymentIssue.Payment(r.string(PAYMENT_ID),
                        r.enumValue(DIRECTION, PaymentIssue.Direction.class)));
        long refunded = r.optionalNumber(REFUNDED_AMOUNT).orElse(0);
        return new PaymentIssue(r.string(OrderCodec.ORDER_ID), r.optionalString(OrderCodec.CUSTOMER_ID),
                r.string(EVENT_ID), r.enumValue(KIND, PaymentIssueKind.class), payment, r.number(AMOUNT),
                r.string(OrderCodec.CURRENCY), refunded, OrderCodec.itemizedRefunded(r, refunded), r.time(OrderCodec.AT),
                resolution);
    }

    /** An entry of the open-issues partition: what the StatusFeed index projects of an issue. */
    static OpenPaymentIssue decodeOpen(Map<String, AttributeValue> item) {
        ItemReader r = ItemReader.of(item, EntityType.PAYMENT_ISSUE);
        return new OpenPaymentIssue(r.string(OrderCodec.ORDER_ID), r.optionalString(OrderCodec.CUSTOMER_ID),
                r.string(EVENT_ID), r.enumValue(KIND, PaymentIssueKind.class), r.number(AMOUNT),
                r.string(OrderCodec.CURRENCY), r.time(OrderCodec.AT));
    }
}
