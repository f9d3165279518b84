package dev.orders.dynamodb.table;

import static dev.orders.dynamodb.table.Attrs.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The shape of {@link OrdersTable#update}'s answer on the engine the tests run: what an upsert reads to tell
 * a creation from a replacement. (Dynoxide answers ALL_OLD of a new item with its key; UPDATED_OLD is right on both.)
 */
@ExtendWith(DynamoDbExtension.class)
class ConditionalUpdateTest {
    private static final Map<String, AttributeValue> KEY = Map.of("PK", s("CUSTOMER#c-1"), "SK", s("PROFILE"));
    private static final String SET = "SET #name = :name, #created = if_not_exists(#created, :name)";
    private static final Map<String, String> NAMES = Map.of("#name", "name", "#created", "createdAt", "#pk", "PK");

    private OrdersTable table;

    @BeforeEach
    void setUp(TestTable testTable) {
        table = new OrdersTable(testTable.client(), testTable.tableName(), OrdersTable.DEFAULT_STATUS_SHARDS);
    }

    @Test
    void anUpdateThatCreatesTheItemAnswersNothingAsItWasBefore() {
        ConditionalWrite write = table.update(KEY, SET, "attribute_not_exists(#pk) OR attribute_exists(#pk)", NAMES,
                Map.of(":name", s("Ada")));

        assertEquals(Map.of(), assertInstanceOf(ConditionalWrite.Written.class, write).before());
    }

    @Test
    void anUpdateOfAnExistingItemAnswersTheAttributesItSetAsTheyWere() {
        table.update(KEY, SET, "attribute_not_exists(#pk)", NAMES, Map.of(":name", s("Ada")));

        ConditionalWrite write = table.update(KEY, SET, "attribute_exists(#pk)", NAMES, Map.of(":name", s("Ada L.")));

        assertEquals(Map.of("name", s("Ada"), "createdAt", s("Ada")),
                assertInstanceOf(ConditionalWrite.Written.class, write).before());
    }

    @Test
    void aRefusedUpdateAnswersTheWholeItemThatRefusedIt() {
        table.update(KEY, SET, "attribute_not_exists(#pk)", NAMES, Map.of(":name", s("Ada")));

        ConditionalWrite write = table.update(KEY, SET, "attribute_not_exists(#pk)", NAMES, Map.of(":name", s("Eve")));

        assertEquals(Map.of("PK", s("CUSTOMER#c-1"), "SK", s("PROFILE"), "name", s("Ada"), "createdAt", s("Ada")),
                assertInstanceOf(ConditionalWrite.Refused.class, write).holder());
    }
}
