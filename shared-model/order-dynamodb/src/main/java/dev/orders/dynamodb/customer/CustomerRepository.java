package dev.orders.dynamodb.customer;

import static dev.orders.dynamodb.table.Attrs.s;

import dev.orders.application.port.CustomerStore;
import dev.orders.core.customer.Customer;
import dev.orders.core.customer.CustomerCreation;
import dev.orders.core.customer.CustomerDetails;
import dev.orders.core.customer.CustomerUpsert;
import dev.orders.core.time.Timestamps;
import dev.orders.dynamodb.table.ConditionalWrite;
import dev.orders.dynamodb.table.EntityType;
import dev.orders.dynamodb.table.OrdersTable;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Access patterns of customer profiles; each is one request. */
public record CustomerRepository(OrdersTable table, Clock clock) implements CustomerStore {
    /** Creates or replaces name and email, keeping createdAt from the first write ({@link OrdersTable#upsert}). */
    @Override
    public CustomerUpsert upsert(CustomerDetails details) {
        Instant now = Timestamps.truncate(clock.instant());
        Map<String, AttributeValue> before = table.upsert(CustomerCodec.key(details.customerId()),
                EntityType.CUSTOMER, Map.of(CustomerCodec.CUSTOMER_ID, s(details.customerId()),
                        CustomerCodec.NAME, s(details.name()), CustomerCodec.EMAIL, s(details.email())), now);
        boolean created = before.isEmpty();
        Instant createdAt = created ? now : CustomerCodec.decode(before).createdAt();
        return new CustomerUpsert(
                new Customer(details.customerId(), details.name(), details.email(), createdAt, now), created);
    }

    /** Creates the profile only if none exists: a conditional put, so racing creators cannot both win. */
    @Override
    public CustomerCreation createIfAbsent(CustomerDetails details) {
        Instant now = Timestamps.truncate(clock.instant());
        Customer customer = new Customer(details.customerId(), details.name(), details.email(), now, now);
        ConditionalWrite write = table.putNew(CustomerCodec.encode(customer));
        if (write instanceof ConditionalWrite.Refused refused) {
            return new CustomerCreation.AlreadyExists(CustomerCodec.decode(refused.holder()));
        }
        return new CustomerCreation.Created(customer);
    }

    @Override
    public Optional<Customer> get(String customerId) {
        return table.getItem(CustomerCodec.key(customerId)).map(CustomerCodec::decode);
    }
}
