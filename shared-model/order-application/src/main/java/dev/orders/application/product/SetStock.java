package dev.orders.application.product;

import dev.orders.application.Round;
import dev.orders.application.Rounds;
import dev.orders.application.port.ProductStore;
import dev.orders.core.product.StockOutcome;
import dev.orders.core.product.StockSetting;

/**
 * An administrator sets a product's units on hand: read the product, let the core decide, write on the condition
 * that its stock is still as read. Orders reserving meanwhile move the stock; the count is then decided again on
 * the stock as it is now, unless the administrator named the version it was meant for.
 */
public record SetStock(ProductStore store) {
    public StockOutcome set(StockSetting setting) {
        return Rounds.untilDecided("stock of " + setting.sku(), () -> {
            StockSetting.Decision decision = setting.decide(store.find(setting.sku()));
            if (decision instanceof StockSetting.Decision.Refused refused) {
                return Round.decided(refused.outcome());
            }
            StockSetting.Decision.Write write = (StockSetting.Decision.Write) decision;
            return store.setStock(setting.sku(), write.before(), write.after())
                    ? Round.decided(write.outcome()) : Round.raced();
        });
    }
}
