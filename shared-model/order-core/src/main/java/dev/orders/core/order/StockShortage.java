package dev.orders.core.order;

/** A product whose stock cannot cover what an order asks of it: {@code requested} units, {@code available} left. */
public record StockShortage(String sku, long requested, long available) {
}
