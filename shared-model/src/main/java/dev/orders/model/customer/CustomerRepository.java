package dev.orders.model.customer;

import static dev.orders.model.dynamo.Attrs.s;
import static dev.orders.model.dynamo.Attrs.time;

import dev.orders.model.dynamo.EntityType;
import dev.orders.model.dynamo.OrdersTable;
import dev.orders.model.keys.Keys;
import dev.orders.model.keys.Timestamps;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/** Access patterns of customer profiles; each is one request. */
public final class CustomerRepository {
    private final OrdersTable table;
    private final Clock clock;

    public CustomerRepository(OrdersTable table, Clock clock) {
        this.table = table;
        this.clock = clock;
    }

    /**
     * Creates or replaces name and email in one UpdateItem. An update, not a put, so that attributes
     * this code does not know (written by a newer version) survive; createdAt is kept from the first write.
     */
    public CustomerUpsert upsert(CustomerDetails details) {
        Instant now = Timestamps.truncate(clock.instant());
        UpdateItemResponse response;
        try {
            response = table.client().updateItem(b -> b
                    .tableName(table.tableName())
                    .key(CustomerCodec.key(details.customerId()))
                    .updateExpression("SET #type = :type, #id = :id, #name = :name, #email = :email,"
                            + " #updated = :now, #created = if_not_exists(#created, :now)")
                    .conditionExpression("attribute_not_exists(#pk) OR #type = :type")
                    .expressionAttributeNames(Map.of("#pk", Keys.PK, "#type", EntityType.ATTRIBUTE,
                            "#id", CustomerCodec.CUSTOMER_ID, "#name", CustomerCodec.NAME,
                            "#email", CustomerCodec.EMAIL, "#updated", CustomerCodec.UPDATED_AT,
                            "#created", CustomerCodec.CREATED_AT))
                    .expressionAttributeValues(Map.of(":type", s(EntityType.CUSTOMER),
                            ":id", s(details.customerId()), ":name", s(details.name()),
                            ":email", s(details.email()), ":now", time(now)))
                    .returnValues(ReturnValue.ALL_OLD)
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD));
        } catch (ConditionalCheckFailedException e) {
            // The profile key holds an item of another type: decoding it reports the corruption.
            CustomerCodec.decode(e.item());
            throw e;
        }
        boolean created = !response.hasAttributes() || response.attributes().isEmpty();
        Instant createdAt = created ? now : CustomerCodec.decode(response.attributes()).createdAt();
        return new CustomerUpsert(
                new Customer(details.customerId(), details.name(), details.email(), createdAt, now), created);
    }

    /** Creates the profile only if none exists: a conditional put, so racing creators cannot both win. */
    public CustomerCreation createIfAbsent(CustomerDetails details) {
        Instant now = Timestamps.truncate(clock.instant());
        Customer customer = new Customer(details.customerId(), details.name(), details.email(), now, now);
        try {
            table.client().putItem(b -> b
                    .tableName(table.tableName())
                    .item(CustomerCodec.encode(customer))
                    .conditionExpression("attribute_not_exists(#pk)")
                    .expressionAttributeNames(Map.of("#pk", Keys.PK))
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD));
            return new CustomerCreation.Created(customer);
        } catch (ConditionalCheckFailedException e) {
            return new CustomerCreation.AlreadyExists(CustomerCodec.decode(e.item()));
        }
    }

    public Optional<Customer> get(String customerId) {
        return table.getItem(CustomerCodec.key(customerId)).map(CustomerCodec::decode);
    }
}
