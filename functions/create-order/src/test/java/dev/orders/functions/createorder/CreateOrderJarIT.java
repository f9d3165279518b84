package dev.orders.functions.createorder;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api;
import dev.orders.http.support.FunctionJarContract;
import dev.orders.http.support.ShadedJar;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.lambda.EmfOutput;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The deployable jar (minimised by the shade plugin) serves its route, replays included; it lacks no class it refers to. */
class CreateOrderJarIT extends FunctionJarContract {
    CreateOrderJarIT() {
        super("create-order", CreateOrderFunction.class);
    }

    @Test
    void theShadedJarServesTheSampleEvent(TestTable table, LocalDynamoDb server) throws Exception {
        new Fixture(table).seedSampleProducts();
        try (ShadedJar jar = ShadedJar.of("create-order")) {
            Object handler = jar.handler(CreateOrderFunction.class.getName(), Api.environment(table.tableName(), server.endpoint()));

            List<Map<String, Object>> metrics = EmfOutput.written(() -> {
                assertEquals(201, jar.invoke(handler, "create-order/create-order").get("statusCode"));
                assertEquals(201, jar.invoke(handler, "create-order/create-order").get("statusCode"));
            });

            // One order created (the replay creates none), two requests answered: the jar writes its metrics.
            assertEquals(1, metrics.stream().filter(document -> document.containsKey("OrdersCreated")).count());
            assertEquals(List.of("2xx", "2xx"), metrics.stream().filter(document -> document.containsKey("Requests"))
                    .map(document -> document.get("StatusClass")).toList());
        }
    }
}
