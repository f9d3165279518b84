package dev.orders.core.product;

/**
 * A product's stock: units on hand, units reserved by the lines of orders not yet shipped or released, and the
 * version that counts every change of them (its ETag). Only a product with stock is tracked; orders of one
 * without are never refused for stock.
 */
public record Stock(long onHand, long reserved, long version) {
    /** The most units a product holds: far above any shop's shelf, well inside a number JSON carries exactly. */
    public static final long MAX_UNITS = 1_000_000_000L;

    public Stock {
        if (reserved < 0 || reserved > onHand || version < 1) {
            throw new IllegalArgumentException("stock of " + onHand + " on hand, " + reserved + " reserved, version "
                    + version);
        }
    }

    /** What orders may still reserve. */
    public long available() {
        return onHand - reserved;
    }
}
