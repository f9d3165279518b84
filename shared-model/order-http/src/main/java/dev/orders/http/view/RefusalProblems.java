package dev.orders.http.view;

import dev.orders.core.money.Money;
import dev.orders.core.order.LineChangeOutcome;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PricingRefusal;
import dev.orders.core.order.Role;
import dev.orders.core.order.StockShortage;
import dev.orders.http.api.Problem;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The problem of each refusal of a change, shared by the answers of {@link OutcomeResponses}: a refusal is
 * answered the same whichever change it refused (a key reused, a line refused, pricing, stock, a forbidden move).
 */
final class RefusalProblems {
    private RefusalProblems() {
    }

    /** An Idempotency-Key names one request of a customer, whichever route it went to. */
    static Problem keyReused() {
        return Problem.of(422, "idempotency-key-reused", "Idempotency key reused",
                "This Idempotency-Key was used for a different request.");
    }

    /** {@code statuses} as a sentence lists them: {@code PAID, IN_FULFILLMENT or PARTIALLY_FULFILLED}. */
    static String listed(Set<OrderStatus> statuses) {
        List<String> names = statuses.stream().map(OrderStatus::name).toList();
        return names.size() == 1 ? names.get(0)
                : String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
    }

    /** The problem of every line change that wrote nothing. */
    static Problem lineRefusal(LineChangeOutcome outcome) {
        if (outcome instanceof LineChangeOutcome.Forbidden forbidden) {
            return forbiddenTransition(forbidden.role(), "an order line", forbidden.target());
        }
        if (outcome instanceof LineChangeOutcome.OrderNotFound) {
            return Problem.notFound("The order");
        }
        if (outcome instanceof LineChangeOutcome.LineNotFound) {
            return Problem.notFound("The item");
        }
        if (outcome instanceof LineChangeOutcome.OrderNotOpen closed) {
            return Problem.of(409, "order-not-open", "Order not open",
                    "Items can be added or removed only while the order is " + listed(OrderStatus.where(OrderStatus::isOpenForLineChanges))
                            + ": checkout freezes them.")
                    .with("currentStatus", closed.status().name());
        }
        if (outcome instanceof LineChangeOutcome.OrderNotInFulfillment notYet) {
            return Problem.of(409, "order-not-in-fulfillment", "Order not in fulfillment",
                    "Item statuses change only while the order is " + listed(OrderStatus.where(OrderStatus::isInFulfillment)) + ".")
                    .with("currentStatus", notYet.status().name());
        }
        if (outcome instanceof LineChangeOutcome.IllegalLineTransition illegal) {
            return Problem.of(409, "illegal-item-transition", "Transition not allowed",
                    "An item in " + illegal.from() + " cannot move to " + illegal.to() + ".")
                    .with("currentStatus", illegal.from().name());
        }
        if (outcome instanceof LineChangeOutcome.TooManyLines tooMany) {
            return Problem.of(409, "too-many-items", "Too many items",
                    "An order holds at most " + tooMany.limit() + " items.");
        }
        if (outcome instanceof LineChangeOutcome.NotPriceable notPriceable) {
            return pricingRefusal(notPriceable.refusal());
        }
        if (outcome instanceof LineChangeOutcome.OutOfStock outOfStock) {
            return outOfStock(List.of(outOfStock.shortage()));
        }
        throw OutcomeResponses.unknown(outcome);
    }

    /** Lines the catalogue cannot price: 422, each offending line named by the field of its sku. */
    static Problem pricingRefusal(PricingRefusal refusal) {
        if (refusal instanceof PricingRefusal.ProductUnavailable unavailable) {
            return Problem.of(422, "product-unavailable", "Product unavailable",
                    "A line names a product that is not in the catalogue or not for sale; nothing was written.")
                    .withErrors(unavailable.errors());
        }
        if (refusal instanceof PricingRefusal.CurrencyMismatch mismatch) {
            return Problem.of(422, "currency-mismatch", "Currency mismatch",
                    "An order is in one currency: a line's product is priced in another; nothing was written.")
                    .withErrors(mismatch.errors());
        }
        if (refusal instanceof PricingRefusal.AmountTooLarge tooLarge) {
            return Problem.of(422, "amount-too-large", "Amount too large",
                    "An order's total is at most " + Money.MAX_AMOUNT + " minor units; nothing was written.")
                    .withErrors(tooLarge.errors());
        }
        throw OutcomeResponses.unknown(refusal);
    }

    /** Products that do not have the units asked for: 409, each named with what it has available. */
    static Problem outOfStock(List<StockShortage> shortages) {
        return Problem.of(409, "out-of-stock", "Out of stock",
                "Some products do not have the units asked for; nothing was written.")
                .with("shortages", shortages.stream().map(shortage -> {
                    Map<String, Object> json = new LinkedHashMap<>();
                    json.put("sku", shortage.sku());
                    json.put("requested", shortage.requested());
                    json.put("available", shortage.available());
                    return json;
                }).toList());
    }

    /** A move the caller's role may not make, whatever the state: the refusal names the role and the move. */
    static Problem forbiddenTransition(Role role, String what, Enum<?> target) {
        return Problem.of(403, "forbidden-transition", "Transition not allowed to this caller",
                "The role " + role + " may not move " + what + " to " + target + ".")
                .with("role", role.name())
                .with("target", target.name());
    }
}
