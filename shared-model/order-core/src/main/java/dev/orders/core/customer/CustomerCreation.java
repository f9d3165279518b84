package dev.orders.core.customer;

/** Outcome of a create-if-absent. */
public sealed interface CustomerCreation {
    record Created(Customer customer) implements CustomerCreation {
    }

    /** Nothing was written; {@code existing} is the profile as it stands. */
    record AlreadyExists(Customer existing) implements CustomerCreation {
    }
}
