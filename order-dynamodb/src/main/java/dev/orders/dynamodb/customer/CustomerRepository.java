package dev.orders.dynamodb.customer;

import static dev.orders.dynamodb.table.Attrs.s;
import static dev.orders.dynamodb.table.Attrs.time;

import dev.orders.core.customer.Customer;
import dev.orders.core.customer.CustomerCreation;
import dev.orders.core.customer.CustomerDetails;
import dev.orders.core.customer.CustomerUpsert;
import dev.orders.core.time.Timestamps;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.table.ConditionalWrite;
import dev.orders.dynamodb.table.CorruptItemException;
import dev.orders.dynamodb.table.EntityType;
import dev.orders.dynamodb.table.OrdersTable;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Access patterns of customer profiles; each is one request. */
public record CustomerRepository(OrdersTable table, Clock clock) {
    /**
     * Creates or replaces name and email in one UpdateItem. An update, not a put, so that attributes
     * this code does not know (written by a newer version) survive; createdAt is kept from the first write.
     */
    public CustomerUpsert upsert(CustomerDetails details) {
        Instant now = Timestamps.truncate(clock.instant());
        ConditionalWrite write = table.update(CustomerCodec.key(details.customerId()),
                "SET #type = :type, #id = :id, #name = :name, #email = :email,"
                        + " #updated = :now, #created = if_not_exists(#created, :now)",
                "attribute_not_exists(#pk) OR #type = :type",
                Map.of("#pk", Keys.PK, "#type", EntityType.ATTRIBUTE,
                        "#id", CustomerCodec.CUSTOMER_ID, "#name", CustomerCodec.NAME,
                        "#email", CustomerCodec.EMAIL, "#updated", CustomerCodec.UPDATED_AT,
                        "#created", CustomerCodec.CREATED_AT),
                Map.of(":type", s(EntityType.CUSTOMER), ":id", s(details.customerId()), ":name", s(details.name()),
                        ":email", s(details.email()), ":now", time(now)));
        if (write instanceof ConditionalWrite.Refused refused) {
            // The profile key holds an item of another type: decoding it reports the corruption.
            CustomerCodec.decode(refused.holder());
            throw new CorruptItemException("the profile of " + details.customerId() + " refused an update");
        }
        Map<String, AttributeValue> before = ((ConditionalWrite.Written) write).before();
        boolean created = before.isEmpty();
        Instant createdAt = created ? now : CustomerCodec.decode(before).createdAt();
        return new CustomerUpsert(
                new Customer(details.customerId(), details.name(), details.email(), createdAt, now), created);
    }

    /** Creates the profile only if none exists: a conditional put, so racing creators cannot both win. */
    public CustomerCreation createIfAbsent(CustomerDetails details) {
        Instant now = Timestamps.truncate(clock.instant());
        Customer customer = new Customer(details.customerId(), details.name(), details.email(), now, now);
        ConditionalWrite write = table.putNew(CustomerCodec.encode(customer));
        if (write instanceof ConditionalWrite.Refused refused) {
            return new CustomerCreation.AlreadyExists(CustomerCodec.decode(refused.holder()));
        }
        return new CustomerCreation.Created(customer);
    }

    public Optional<Customer> get(String customerId) {
        return table.getItem(CustomerCodec.key(customerId)).map(CustomerCodec::decode);
    }
}
