package dev.orders.application.customer;

import dev.orders.application.port.CustomerStore;
import dev.orders.core.customer.CustomerCreation;
import dev.orders.core.customer.CustomerDetails;
import dev.orders.core.customer.CustomerUpsert;

/** A customer puts their profile: created or replaced, or created only if they have none. */
public record PutCustomer(CustomerStore store) {
    public CustomerUpsert put(CustomerDetails details) {
        return store.upsert(details);
    }

    /** The profile there wins over this one. */
    public CustomerCreation createIfAbsent(CustomerDetails details) {
        return store.createIfAbsent(details);
    }
}
