package dev.orders.core.order;

import dev.orders.core.validation.ValidationException;
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
            canonical.append('\n').append(item.canonical());
        }
        return Fingerprints.of(canonical.toString());
    }

    public long total() {
        return items.stream().mapToLong(NewItem::lineTotal).reduce(0L, Math::addExact);
    }
}
