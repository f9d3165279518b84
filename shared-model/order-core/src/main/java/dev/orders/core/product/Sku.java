package dev.orders.core.product;

import dev.orders.core.validation.Check;

/** A product's stock-keeping unit. It becomes part of the product's key, so it is a safe id like every other. */
public final class Sku {
    private Sku() {
    }

    /** {@code value} if it is a sku; otherwise a validation error on {@code field}. */
    public static String of(String field, String value) {
        return Check.safeId(field, value);
    }
}
