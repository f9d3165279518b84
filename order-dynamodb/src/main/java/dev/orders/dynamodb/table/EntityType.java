package dev.orders.dynamodb.table;

/** Value of the {@code entityType} attribute every item carries; codecs refuse an item of another type. */
public enum EntityType {
    CUSTOMER,
    ORDER,
    ORDER_ITEM,
    ORDER_EVENT,
    PAYMENT_ISSUE,
    IDEMPOTENCY_KEY,
    PAYMENT_EVENT,
    PRODUCT;

    public static final String ATTRIBUTE = "entityType";
}
