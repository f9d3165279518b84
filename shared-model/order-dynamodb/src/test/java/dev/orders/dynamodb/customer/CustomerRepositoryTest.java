package dev.orders.dynamodb.customer;

import static dev.orders.dynamodb.table.Attrs.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.core.customer.Customer;
import dev.orders.core.customer.CustomerCreation;
import dev.orders.core.customer.CustomerDetails;
import dev.orders.core.customer.CustomerUpsert;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.dynamodb.table.CorruptItemException;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

@ExtendWith(DynamoDbExtension.class)
class CustomerRepositoryTest {
    private Fixture fx;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
    }

    @Test
    void upsertCreatesThenReplacesKeepingCreatedAt() {
        CustomerUpsert first = fx.customers.upsert(new CustomerDetails("c-1", "Ada", "ada@example.com"));
        CustomerUpsert second = fx.customers.upsert(new CustomerDetails("c-1", "Ada L.", "ada@lovelace.example"));

        assertTrue(first.created());
        assertEquals(false, second.created());
        Customer stored = fx.customers.get("c-1").orElseThrow();
        assertEquals("Ada L.", stored.name());
        assertEquals("ada@lovelace.example", stored.email());
        assertEquals(first.customer().createdAt(), stored.createdAt());
        assertTrue(stored.updatedAt().isAfter(stored.createdAt()));
        assertEquals(second.customer(), stored);
    }

    @Test
    void createIfAbsentReportsAnExistingProfileAndLeavesItUnchanged() {
        CustomerCreation created = fx.customers.createIfAbsent(new CustomerDetails("c-1", "Ada", "ada@example.com"));
        CustomerCreation again = fx.customers.createIfAbsent(new CustomerDetails("c-1", "Eve", "eve@example.com"));

        assertInstanceOf(CustomerCreation.Created.class, created);
        CustomerCreation.AlreadyExists exists = assertInstanceOf(CustomerCreation.AlreadyExists.class, again);
        assertEquals("Ada", exists.existing().name());
        assertEquals("Ada", fx.customers.get("c-1").orElseThrow().name());
    }

    @Test
    void racingCreatorsOfOneProfileHaveExactlyOneWinner() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<CustomerCreation>> racers = IntStream.range(0, 16)
                    .<Callable<CustomerCreation>>mapToObj(i -> () -> fx.customers.createIfAbsent(
                            new CustomerDetails("c-race", "Racer " + i, "racer" + i + "@example.com")))
                    .toList();
            long winners = 0;
            for (Future<CustomerCreation> result : pool.invokeAll(racers)) {
                winners += result.get() instanceof CustomerCreation.Created ? 1 : 0;
            }
            assertEquals(1, winners);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void getOfAnUnknownCustomerIsEmpty() {
        assertTrue(fx.customers.get("nobody").isEmpty());
    }

    @Test
    void upsertPreservesAttributesThisCodeDoesNotKnow() {
        fx.customers.upsert(new CustomerDetails("c-1", "Ada", "ada@example.com"));
        fx.testTable.client().updateItem(b -> b.tableName(fx.table.tableName())
                .key(Map.of(Keys.PK, s(Keys.customerPk("c-1")), Keys.SK, s(Keys.PROFILE_SK)))
                .updateExpression("SET loyaltyTier = :tier")
                .expressionAttributeValues(Map.of(":tier", s("GOLD"))));

        fx.customers.upsert(new CustomerDetails("c-1", "Ada Lovelace", "ada@example.com"));

        Map<String, AttributeValue> raw = fx.raw(Keys.customerPk("c-1"), Keys.PROFILE_SK);
        assertEquals("GOLD", raw.get("loyaltyTier").s());
        assertEquals("Ada Lovelace", raw.get("name").s());
    }

    @Test
    void readingAnItemOfAnotherEntityTypeIsAnErrorNotAWrongObject() {
        Map<String, AttributeValue> impostor = new HashMap<>(Map.of(
                Keys.PK, s(Keys.customerPk("c-1")), Keys.SK, s(Keys.PROFILE_SK),
                "entityType", s("ORDER"), "customerId", s("c-1"), "name", s("x"), "email", s("x@example.com"),
                "createdAt", s("2026-01-01T00:00:00.000Z"), "updatedAt", s("2026-01-01T00:00:00.000Z")));
        fx.testTable.client().putItem(b -> b.tableName(fx.table.tableName()).item(impostor));

        CorruptItemException e = assertThrows(CorruptItemException.class, () -> fx.customers.get("c-1"));
        assertTrue(e.getMessage().contains("expected CUSTOMER"), e.getMessage());
        assertThrows(CorruptItemException.class,
                () -> fx.customers.upsert(new CustomerDetails("c-1", "Ada", "ada@example.com")));
        assertEquals("ORDER", fx.raw(Keys.customerPk("c-1"), Keys.PROFILE_SK).get("entityType").s());
    }
}
