package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.s;
import static dev.orders.dynamodb.table.Attrs.time;

import dev.orders.core.order.AwaitingPayment;
import dev.orders.core.order.Order;
import dev.orders.dynamodb.keys.IndexAttributes;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.table.EntityType;
import dev.orders.dynamodb.table.ItemReader;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An order's payment-window row, {@code AWAITING_PAYMENT} in its partition, there while the order is in a status
 * with a payment window: put in the transaction that moves it in, deleted in every one that moves it out
 * ({@link RootChange}). It exists for its entry in the payment-window partitions of StatusFeed, which the
 * payment window's sweep queries oldest first ({@link PaymentWindows}).
 */
final class PaymentWindowCodec {
    private PaymentWindowCodec() {
    }

    static Map<String, AttributeValue> key(String orderId) {
        return Map.of(Keys.PK, s(Keys.orderPk(orderId)), Keys.SK, s(Keys.PAYMENT_WINDOW_SK));
    }

    /** The row of {@code order}, awaiting payment since its last change (the move into its status). */
    static Map<String, AttributeValue> encode(Order order, int statusShards) {
        Map<String, AttributeValue> item = new HashMap<>(key(order.orderId()));
        item.put(EntityType.ATTRIBUTE, s(EntityType.PAYMENT_WINDOW));
        item.put(OrderCodec.ORDER_ID, s(order.orderId()));
        item.put(OrderCodec.CUSTOMER_ID, s(order.customerId()));
        item.put(OrderCodec.AT, time(order.updatedAt()));
        item.putAll(IndexAttributes.ofPaymentWindow(order.orderId(), order.updatedAt(), statusShards));
        return item;
    }

    /** An entry of the payment-window partitions: what the StatusFeed index projects of the row. */
    static AwaitingPayment decodeEntry(Map<String, AttributeValue> item) {
        ItemReader r = ItemReader.of(item, EntityType.PAYMENT_WINDOW);
        return new AwaitingPayment(r.string(OrderCodec.ORDER_ID), r.time(OrderCodec.AT));
    }
}
