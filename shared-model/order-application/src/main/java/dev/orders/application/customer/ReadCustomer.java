package dev.orders.application.customer;

import dev.orders.application.port.CustomerStore;
import dev.orders.core.customer.Customer;
import java.util.Optional;

/** A customer reads their profile. */
public record ReadCustomer(CustomerStore store) {
    public Optional<Customer> read(String customerId) {
        return store.get(customerId);
    }
}
