package dev.orders.core.order;

/** Lines priced from the catalogue as it is at this moment, or why they cannot be. */
public sealed interface Pricing<T> {
    record Priced<T>(T value) implements Pricing<T> {
    }

    /** Nothing may be written: the refusal names every offending line. */
    record Refused<T>(PricingRefusal refusal) implements Pricing<T> {
    }
}
