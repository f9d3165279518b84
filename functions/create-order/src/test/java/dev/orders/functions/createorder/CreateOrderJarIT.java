package dev.orders.functions.createorder;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api;
import dev.orders.http.support.JarSamples;
import dev.orders.http.support.SampleScene;
import dev.orders.http.support.ShadedJar;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.jar.JarClosure;
import dev.orders.testsupport.lambda.EmfOutput;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The deployable jar (minimised by the shade plugin) serves its route, replays included; it lacks no class it refers to. */
@ExtendWith(DynamoDbExtension.class)
class CreateOrderJarIT {
    @AutoClose
    private static JarSamples samples;

    @Test
    void everyClassTheJarRefersToIsInIt() {
        assertEquals(List.of(), JarClosure.of(ShadedJar.path("create-order")).missing());
    }

    @BeforeAll
    static void openTheJar() {
        samples = JarSamples.of("create-order", CreateOrderFunction.class);
    }

    static List<SampleScene> everySampleOfItsFolder() {
        return SampleScene.ofModule("create-order");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everySampleOfItsFolder")
    void theShadedJarAnswersEverySampleEventOfItsFolderItsStatus(SampleScene scene, TestTable table, LocalDynamoDb server)
            throws Exception {
        samples.assertAnswered(scene, table, server);
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
