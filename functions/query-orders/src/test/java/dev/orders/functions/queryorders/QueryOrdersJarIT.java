package dev.orders.functions.queryorders;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api;
import dev.orders.http.support.ShadedJar;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.jar.JarClosure;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The deployable jar (minimised by the shade plugin) serves every route; it lacks no class it refers to. */
@ExtendWith(DynamoDbExtension.class)
class QueryOrdersJarIT {

    @Test
    void everyClassTheJarRefersToIsInIt() {
        assertEquals(List.of(), JarClosure.of(ShadedJar.path("query-orders")).missing());
    }

    @Test
    void theShadedJarServesEverySampleEvent(TestTable table, LocalDynamoDb server) throws Exception {
        new Fixture(table).seedSampleOrder();
        try (ShadedJar jar = ShadedJar.of("query-orders")) {
            Object handler = jar.handler(QueryOrdersFunction.class.getName(), Api.environment(table.tableName(), server.endpoint()));

            for (String sample : List.of("get-order", "get-order-by-id", "get-order-history", "get-order-history-by-id",
                    "get-order-item", "list-customer-orders", "list-orders")) {
                assertEquals(200, jar.invoke(handler, "query-orders/" + sample).get("statusCode"), sample);
            }
        }
    }
}
