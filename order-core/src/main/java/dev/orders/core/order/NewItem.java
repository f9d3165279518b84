package dev.orders.core.order;

import dev.orders.core.validation.Check;
import java.util.Optional;

/** A validated order line as a client asks for it, before it has an id. */
public record NewItem(String sku, Optional<String> name, long quantity, long unitPrice) {
    public static final int MAX_SKU_LENGTH = 64;
    public static final int MAX_NAME_LENGTH = 200;

    public NewItem {
        sku = Check.text("sku", sku, MAX_SKU_LENGTH);
        name = Check.required("name", name).map(n -> Check.text("name", n, MAX_NAME_LENGTH));
        Money.quantity("quantity", quantity);
        Money.unitPrice("unitPrice", unitPrice);
    }

    public long lineTotal() {
        return Money.lineTotal(quantity, unitPrice);
    }

    /**
     * A digest of adding this line to the order {@code orderId} of {@code customerId}: a retry with the
     * same idempotency key must ask for the same. Its text starts with NUL, so it never equals an
     * order's, which starts with the customer id.
     */
    public String fingerprint(String customerId, String orderId) {
        return Fingerprints.of("\u0000line\n" + customerId + '\n' + orderId + '\n' + canonical());
    }

    /** The line's part of a fingerprint: sku, name, quantity and price. */
    String canonical() {
        return sku + '\u0000' + name.orElse("") + '\u0000' + quantity + '\u0000' + unitPrice;
    }
}
