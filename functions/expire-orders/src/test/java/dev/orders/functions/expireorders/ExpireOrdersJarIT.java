package dev.orders.functions.expireorders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.orders.core.order.Ids;
import dev.orders.core.order.OrderStatus;
import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api;
import dev.orders.http.support.ShadedJar;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.jar.JarClosure;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The deployable jar (minimised by the shade plugin) lacks no class it refers to, carries no HTTP, and sweeps. */
@ExtendWith(DynamoDbExtension.class)
class ExpireOrdersJarIT {

    @Test
    void everyClassTheJarRefersToIsInIt() {
        assertEquals(List.of(), JarClosure.of(ShadedJar.path("expire-orders")).missing());
    }

    /** The sweep answers a schedule, not a request: order-http (router, codec, views) stays out of its jar. */
    @Test
    void theJarCarriesNoClassOfTheHttpAdapterOnlyWhatEveryFunctionShares() {
        JarClosure jar = JarClosure.of(ShadedJar.path("expire-orders"));
        assertEquals(List.of(), jar.classesUnder("dev/orders/http/"));
        assertFalse(jar.classesUnder("dev/orders/lambda/").isEmpty(), "lambda-support is in the jar");
    }

    @Test
    void theShadedJarRunsOneSweepForEachSampleEvent(TestTable table, LocalDynamoDb server) throws Exception {
        Map<String, String> env = new HashMap<>(Api.environment(table.tableName(), server.endpoint()));
        env.put(ExpireOrdersFunction.PAYMENT_WINDOW_MINUTES, "30");
        try (ShadedJar jar = ShadedJar.of("expire-orders")) {
            Object handler = jar.handler(ExpireOrdersFunction.class.getName(), env);
            Fixture fx = new Fixture(table);
            for (String sample : List.of("expire-orders/scheduled-event", "expire-orders/with-input")) {
                // Checked out by the fixture's clock, in January 2026: long past its window at the jar's now.
                String orderId = Ids.newOrderId();
                fx.createOrder("c-1", orderId, 1250);
                fx.advance("c-1", orderId, OrderStatus.AWAITING_PAYMENT);

                assertEquals(Map.of("expired", 1, "skipped", 0, "failed", 0), jar.invoke(handler, sample), sample);
                assertEquals(OrderStatus.EXPIRED, fx.store.findRoot(orderId).orElseThrow().status(), sample);
            }
        }
    }
}
