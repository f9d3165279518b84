package dev.orders.functions.productcatalog;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
class ProductCatalogJarIT {

    @Test
    void everyClassTheJarRefersToIsInIt() {
        assertEquals(List.of(), JarClosure.of(ShadedJar.path("product-catalog")).missing());
    }

    @Test
    void theShadedJarServesEverySampleEvent(TestTable table, LocalDynamoDb server) throws Exception {
        try (ShadedJar jar = ShadedJar.of("product-catalog")) {
            Object handler = jar.handler(ProductCatalogFunction.class.getName(), Api.environment(table.tableName(), server.endpoint()));

            assertEquals(404, jar.invoke(handler, "product-catalog/get-product").get("statusCode"));
            assertEquals(201, jar.invoke(handler, "product-catalog/put-product").get("statusCode"));
            assertEquals(200, jar.invoke(handler, "product-catalog/put-product").get("statusCode"));
            assertEquals(200, jar.invoke(handler, "product-catalog/get-product").get("statusCode"));
        }
    }
}
