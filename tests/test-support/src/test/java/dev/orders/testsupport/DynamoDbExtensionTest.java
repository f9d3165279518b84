package dev.orders.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.localaws.template.TemplateTable;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

@ExtendWith(DynamoDbExtension.class)
class DynamoDbExtensionTest {

    private static final Set<String> TABLES_USED = ConcurrentHashMap.newKeySet();
    private static LocalDynamoDb sharedServer;

    private DynamoDbClient client;
    private TestTable table;

    @RepeatedTest(3)
    void everyTestGetsAFreshEmptyTable(TestTable parameter) {
        assertEquals(table, parameter, "field and parameter are the same table within one test");
        assertTrue(TABLES_USED.add(parameter.tableName()), "table names are unique");
        assertEquals(0, parameter.client().scan(b -> b.tableName(parameter.tableName())).count());

        parameter.client().putItem(b -> b.tableName(parameter.tableName())
                .item(Map.of("PK", AttributeValue.fromS("P"), "SK", AttributeValue.fromS("S"))));
        assertEquals(1, parameter.client().scan(b -> b.tableName(parameter.tableName())).count());
    }

    @Test
    void injectsOneServerAndItsClient(LocalDynamoDb server, DynamoDbClient parameterClient) {
        assertNotNull(client);
        assertSame(server.client(), client);
        assertSame(client, parameterClient);
        if (sharedServer != null) {
            assertSame(sharedServer, server);
        }
        sharedServer = server;
    }

    /** Not a correctness test: measures CreateTable (+ wait for ACTIVE + TTL) on the server. */
    @Test
    void tableCreationIsFast(DynamoDbClient client) {
        TemplateTable template = SamTemplate.repository().table(TemplateTable.ORDERS_TABLE);
        int count = 20;
        long[] millis = new long[count];
        for (int i = 0; i < count; i++) {
            String name = "orders-timing-" + i;
            long start = System.nanoTime();
            template.createIn(client, name);
            millis[i] = (System.nanoTime() - start) / 1_000_000;
        }
        for (int i = 0; i < count; i++) {
            String name = "orders-timing-" + i;
            client.deleteTable(b -> b.tableName(name));
        }
        long sortedMedian = java.util.Arrays.stream(millis).sorted().toArray()[count / 2];
        System.out.println("[timing] create orders table from template: first " + millis[0] + " ms, median "
                + sortedMedian + " ms, all " + java.util.Arrays.toString(millis));
        assertTrue(sortedMedian < 2_000, "creating a table took " + sortedMedian + " ms");
    }

    @AfterAll
    static void tablesOfFinishedTestsAreDeleted(DynamoDbClient client) {
        List<String> remaining = client.listTables().tableNames();
        assertEquals(3, TABLES_USED.size());
        assertTrue(TABLES_USED.stream().noneMatch(remaining::contains), "left over: " + remaining);
    }
}
