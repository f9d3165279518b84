package dev.orders.core.order;

import dev.orders.core.money.Money;
import dev.orders.core.product.Product;
import dev.orders.core.validation.Check;
import dev.orders.core.validation.FieldError;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An order as a client asks for it: lines of sku and quantity, within the size limit, and optionally
 * the currency it expects. The order's currency is its products' currency; names and prices are the
 * catalogue's when it is priced ({@link #price}).
 */
public record OrderRequest(String customerId, Optional<String> currency, List<LineRequest> items) {

    public OrderRequest {
        customerId = Ids.customerId(customerId);
        currency = Check.required("currency", currency).map(code -> Money.currency("currency", code));
        items = OrderLimits.lines(items);
    }

    /** Each sku once, in the order of the lines: the keys of the catalogue to read. */
    public Set<String> skus() {
        Set<String> skus = new LinkedHashSet<>();
        items.forEach(item -> skus.add(item.sku()));
        return skus;
    }

    /**
     * The order priced from {@code products} (by sku) as they are now, in its products' currency, which
     * must be the one asked for, if any. Refused, naming every offending line, when a product is absent
     * or not for sale, or priced in another currency than the order's.
     */
    public Pricing<NewOrder> price(Map<String, Product> products) {
        List<FieldError> unavailable = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            LineRequest.unavailable(skuField(i), Optional.ofNullable(products.get(items.get(i).sku())))
                    .ifPresent(unavailable::add);
        }
        if (!unavailable.isEmpty()) {
            return new Pricing.Refused<>(new PricingRefusal.ProductUnavailable(unavailable));
        }
        String orderCurrency = currency.orElse(products.get(items.get(0).sku()).currency());
        List<FieldError> otherCurrency = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            String productCurrency = products.get(items.get(i).sku()).currency();
            if (!productCurrency.equals(orderCurrency)) {
                otherCurrency.add(PricingRefusal.otherCurrency(skuField(i), productCurrency, orderCurrency));
            }
        }
        if (!otherCurrency.isEmpty()) {
            return new Pricing.Refused<>(new PricingRefusal.CurrencyMismatch(otherCurrency));
        }
        NewOrder order = new NewOrder(customerId, orderCurrency,
                items.stream().map(item -> item.pricedBy(products.get(item.sku()))).toList());
        if (!Money.withinMaxAmount(order.total())) {
            return new Pricing.Refused<>(PricingRefusal.AmountTooLarge.of("items"));
        }
        return new Pricing.Priced<>(order);
    }

    /**
     * A digest of what was asked for: a retry with the same idempotency key must ask for the same. Prices
     * are not part of it, so a retry after a price change still finds the order it created.
     */
    public String fingerprint() {
        StringBuilder canonical = new StringBuilder(customerId).append('\n').append(currency.orElse(""));
        for (LineRequest item : items) {
            canonical.append('\n').append(item.canonical());
        }
        return Fingerprints.of(canonical.toString());
    }

    private static String skuField(int line) {
        return "items[" + line + "].sku";
    }
}
