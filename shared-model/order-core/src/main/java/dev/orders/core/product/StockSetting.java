package dev.orders.core.product;

import dev.orders.core.validation.Check;
import java.util.Optional;

/**
 * An administrator's count of a product's units on hand, meant for the stock's {@code expectedVersion} if
 * given. Setting stock on a product starts tracking it; what its orders reserved stays reserved.
 */
public record StockSetting(String sku, long onHand, Optional<Long> expectedVersion) {
    public StockSetting {
        sku = Sku.of("sku", sku);
        Check.range("onHand", onHand, 0, Stock.MAX_UNITS);
        Check.required("expectedVersion", expectedVersion)
                .ifPresent(version -> Check.range("expectedVersion", version, 1, Long.MAX_VALUE));
    }

    /** What setting the count does to the product as read: refused, or its stock before (empty: none) and after. */
    public Decision decide(Optional<Product> read) {
        if (read.isEmpty()) {
            return new Decision.Refused(new StockOutcome.ProductNotFound());
        }
        Optional<Stock> before = read.get().stock();
        Optional<Long> version = before.map(Stock::version);
        if (expectedVersion.isPresent() && !expectedVersion.equals(version)) {
            return new Decision.Refused(new StockOutcome.StaleVersion(version));
        }
        long reserved = before.map(Stock::reserved).orElse(0L);
        if (onHand < reserved) {
            return new Decision.Refused(new StockOutcome.BelowReserved(reserved));
        }
        Stock after = new Stock(onHand, reserved, version.orElse(0L) + 1);
        return new Decision.Write(before, after, new StockOutcome.Set(sku, after));
    }

    /** Refused with an outcome, or the stock to write on the condition that it is still {@code before}. */
    public sealed interface Decision {
        record Refused(StockOutcome outcome) implements Decision {
        }

        record Write(Optional<Stock> before, Stock after, StockOutcome.Set outcome) implements Decision {
        }
    }
}
