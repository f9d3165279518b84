package dev.orders.functions.createorder;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api;
import dev.orders.http.support.JarClosure;
import dev.orders.http.support.ShadedJar;
import dev.orders.local.dynamodb.LocalDynamoDb;
import dev.orders.testsupport.DynamoDbLocalExtension;
import dev.orders.testsupport.TestTable;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The deployable jar (minimised by the shade plugin) serves its route, replays included; it lacks no class it refers to. */
@ExtendWith(DynamoDbLocalExtension.class)
class CreateOrderJarIT {

    @Test
    void everyClassTheJarRefersToIsInIt() {
        assertEquals(List.of(), JarClosure.of("create-order").missing());
    }

    @Test
    void theShadedJarServesTheSampleEvent(TestTable table, LocalDynamoDb server) throws Exception {
        new Fixture(table).seedSampleProducts();
        try (ShadedJar jar = ShadedJar.of("create-order")) {
            Object handler = jar.handler(CreateOrderFunction.class.getName(), Api.environment(table.tableName(), server.endpoint()));

            assertEquals(201, jar.invoke(handler, "create-order/create-order").get("statusCode"));
            assertEquals(201, jar.invoke(handler, "create-order/create-order").get("statusCode"));
        }
    }
}
