package dev.orders.application.port;

import dev.orders.core.customer.Customer;
import dev.orders.core.customer.CustomerCreation;
import dev.orders.core.customer.CustomerDetails;
import dev.orders.core.customer.CustomerUpsert;
import java.util.Optional;

/** Customers' profiles. */
public interface CustomerStore {
    CustomerUpsert upsert(CustomerDetails details);

    /** Creates the profile unless the customer has one; the one there wins. */
    CustomerCreation createIfAbsent(CustomerDetails details);

    Optional<Customer> get(String customerId);
}
