package dev.orders.dynamodb.product;

import static dev.orders.dynamodb.table.Attrs.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.application.port.StoreFault;
import dev.orders.core.product.Product;
import dev.orders.core.product.ProductDetails;
import dev.orders.core.product.ProductUpsert;
import dev.orders.core.validation.ValidationException;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.dynamodb.table.CorruptItemException;
import dev.orders.dynamodb.table.DynamoDbFaults;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.dynamodb.table.UnprocessedKeysException;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.faults.UnprocessedKeysClient;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(DynamoDbExtension.class)
class ProductCatalogTest {
    private Fixture fx;

    @BeforeEach
    void setUp(TestTable table) {
        fx = new Fixture(table);
    }

    @Test
    void putCreatesThenReplacesKeepingCreatedAt() {
        ProductUpsert first = fx.products.upsert(new ProductDetails("MUG", "Blue mug", 1250, "EUR", true));
        ProductUpsert second = fx.products.upsert(new ProductDetails("MUG", "Blue mug, large", 1490, "EUR", false));

        assertTrue(first.created());
        assertFalse(second.created());
        Product stored = fx.products.find("MUG").orElseThrow();
        assertEquals(second.product(), stored);
        assertEquals(1490, stored.unitPrice());
        assertFalse(stored.active());
        assertEquals(first.product().createdAt(), stored.createdAt());
        assertTrue(stored.updatedAt().isAfter(stored.createdAt()));
        assertEquals("PRODUCT", fx.raw("PRODUCT#MUG", "PRODUCT").get("entityType").s());
    }

    @Test
    void anUnknownSkuIsEmptyAndAMalformedOneInvalid() {
        assertEquals(Optional.empty(), fx.products.find("NOPE"));
        assertThrows(ValidationException.class, () -> fx.products.find("MUG#1"));
        assertThrows(ValidationException.class, () -> fx.products.find(List.of("MUG", "ORDER#1")));
    }

    @Test
    void anOrdersProductsAreReadWithOneBatchGetItem(TestTable table) {
        fx.putProduct("MUG", 1250);
        fx.putProduct("TEA", 899, "EUR", false);
        UnprocessedKeysClient client = new UnprocessedKeysClient(table.client(), 0);

        Map<String, Product> found = catalogue(client, table).find(List.of("MUG", "TEA", "NOPE"));

        assertEquals(List.of("MUG", "TEA"), found.keySet().stream().sorted().toList());
        assertEquals(1250, found.get("MUG").unitPrice());
        assertFalse(found.get("TEA").active());
        assertEquals(1, client.batchGets());
    }

    @Test
    void keysDynamoDbLeftUnprocessedAreAskedForAgainUntilAnswered(TestTable table) {
        IntStream.range(0, 5).forEach(i -> fx.putProduct("P-" + i, 100 + i));
        UnprocessedKeysClient client = new UnprocessedKeysClient(table.client(), 2);

        Map<String, Product> found = catalogue(client, table).find(List.of("P-0", "P-1", "P-2", "P-3", "P-4"));

        assertEquals(5, found.size());
        assertEquals(3, client.batchGets());
    }

    @Test
    void keysStillUnprocessedAfterEveryAttemptAreAFaultThatMayPassNotAMissingProduct(TestTable table) {
        fx.putProduct("MUG", 1250);
        UnprocessedKeysClient client = UnprocessedKeysClient.always(table.client());

        UnprocessedKeysException e = assertThrows(UnprocessedKeysException.class,
                () -> catalogue(client, table).find(List.of("MUG")));

        assertEquals(OrdersTable.BATCH_GET_ATTEMPTS, client.batchGets());
        assertEquals(Optional.of(StoreFault.BUSY), new DynamoDbFaults().of(e));
    }

    @Test
    void anItemOfAnotherEntityTypeAtAProductKeyIsCorrupt() {
        fx.testTable.client().putItem(b -> b.tableName(fx.table.tableName()).item(Map.of(
                Keys.PK, s(Keys.productPk("MUG")), Keys.SK, s(Keys.PRODUCT_SK), "entityType", s("CUSTOMER"))));

        assertThrows(CorruptItemException.class, () -> fx.products.find("MUG"));
        assertThrows(CorruptItemException.class, () -> fx.products.find(List.of("MUG")));
        assertThrows(CorruptItemException.class,
                () -> fx.products.upsert(new ProductDetails("MUG", "Blue mug", 1250, "EUR", true)));
    }

    @Test
    void putPreservesAttributesThisCodeDoesNotKnow() {
        fx.putProduct("MUG", 1250);
        fx.testTable.client().updateItem(b -> b.tableName(fx.table.tableName())
                .key(Map.of(Keys.PK, s(Keys.productPk("MUG")), Keys.SK, s(Keys.PRODUCT_SK)))
                .updateExpression("SET colour = :c").expressionAttributeValues(Map.of(":c", s("blue"))));

        fx.putProduct("MUG", 1300);

        assertEquals("blue", fx.raw(Keys.productPk("MUG"), Keys.PRODUCT_SK).get("colour").s());
    }

    private ProductCatalog catalogue(UnprocessedKeysClient client, TestTable table) {
        return new ProductCatalog(new OrdersTable(client, table.tableName()), fx.clock);
    }
}
