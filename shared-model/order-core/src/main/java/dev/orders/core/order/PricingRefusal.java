package dev.orders.core.order;

import dev.orders.core.money.Money;
import dev.orders.core.validation.FieldError;
import java.util.List;

/**
 * Why lines cannot be priced from the catalogue, or cannot be in one order. Each error names an offending line by the field of
 * its sku as the client sent it ({@code items[2].sku}, or {@code sku} for a line added alone).
 */
public sealed interface PricingRefusal {
    List<FieldError> errors();

    /** No product has the sku, or it is not for sale. */
    record ProductUnavailable(List<FieldError> errors) implements PricingRefusal {
        public ProductUnavailable {
            errors = List.copyOf(errors);
        }
    }

    /** The products are priced in another currency than the order's. */
    record CurrencyMismatch(List<FieldError> errors) implements PricingRefusal {
        public CurrencyMismatch {
            errors = List.copyOf(errors);
        }
    }

    /** The lines would take the order's total above {@link Money#MAX_AMOUNT}. */
    record AmountTooLarge(List<FieldError> errors) implements PricingRefusal {
        public AmountTooLarge {
            errors = List.copyOf(errors);
        }

        /** The refusal of a total above the maximum, named by {@code field} (the lines that make it). */
        static AmountTooLarge of(String field) {
            return new AmountTooLarge(List.of(new FieldError(field,
                    "would make the order's total more than " + Money.MAX_AMOUNT + " minor units")));
        }
    }

    /** The error of a line at {@code field} whose product is priced in another currency than its order. */
    static FieldError otherCurrency(String field, String productCurrency, String orderCurrency) {
        return new FieldError(field, "is priced in " + productCurrency + ", the order in " + orderCurrency);
    }
}
