package dev.orders.core.customer;

/** Outcome of an upsert: the profile as written, and whether it was new. */
public record CustomerUpsert(Customer customer, boolean created) {
}
