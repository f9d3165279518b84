package dev.orders.core.order;

import java.util.List;

/** Outcome of creating an order. Only {@link Created} wrote anything, and a replayed one nothing now. */
public sealed interface OrderCreationOutcome {
    /** {@code replayed}: an earlier request with the same idempotency key created it; nothing was written now. */
    record Created(OrderAggregate aggregate, boolean replayed) implements OrderCreationOutcome {
    }

    /** The idempotency key was used for a different request; nothing was written. */
    record KeyReused() implements OrderCreationOutcome {
    }

    /** A line's product is absent, not for sale, or in another currency than the order; nothing was written. */
    record NotOrderable(PricingRefusal refusal) implements OrderCreationOutcome {
    }

    /** Some products do not have the units the order asks for, each named with what is available; nothing was written. */
    record OutOfStock(List<StockShortage> shortages) implements OrderCreationOutcome {
        public OutOfStock {
            shortages = List.copyOf(shortages);
        }
    }
}
