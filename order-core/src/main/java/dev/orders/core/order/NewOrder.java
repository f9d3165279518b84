package dev.orders.core.order;

import dev.orders.core.validation.ValidationException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/** A validated order as a client asks for it: currency and at least one line, within the size limit. */
public record NewOrder(String customerId, String currency, List<NewItem> items) {

    public NewOrder {
        customerId = Ids.customerId(customerId);
        currency = Money.currency("currency", currency);
        if (items == null || items.isEmpty()) {
            throw new ValidationException("items", "an order needs at least one item");
        }
        if (items.size() > OrderLimits.MAX_ITEMS_PER_ORDER) {
            throw new ValidationException("items", "an order holds at most " + OrderLimits.MAX_ITEMS_PER_ORDER
                    + " items (it is written in one DynamoDB transaction of at most "
                    + OrderLimits.TRANSACTION_ACTIONS + " actions)");
        }
        items = List.copyOf(items);
    }

    /** A digest of what was asked for: a retry with the same idempotency key must ask for the same. */
    public String fingerprint() {
        StringBuilder canonical = new StringBuilder(customerId).append('\n').append(currency);
        for (NewItem item : items) {
            canonical.append('\n').append(item.sku()).append('\u0000').append(item.name().orElse(""))
                    .append('\u0000').append(item.quantity()).append('\u0000').append(item.unitPrice());
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(canonical.toString().getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    public long total() {
        return items.stream().mapToLong(NewItem::lineTotal).reduce(0L, Math::addExact);
    }
}
