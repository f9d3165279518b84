package dev.orders.functions.productcatalog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.http.support.Api;
import dev.orders.http.support.JarSamples;
import dev.orders.http.support.SampleScene;
import dev.orders.http.support.ShadedJar;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.jar.JarClosure;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The deployable jar (minimised by the shade plugin) serves every route; it lacks no class it refers to. */
@ExtendWith(DynamoDbExtension.class)
class ProductCatalogJarIT {
    @AutoClose
    private static JarSamples samples;

    @Test
    void everyClassTheJarRefersToIsInIt() {
        assertEquals(List.of(), JarClosure.of(ShadedJar.path("product-catalog")).missing());
    }

    @BeforeAll
    static void openTheJar() {
        samples = JarSamples.of("product-catalog", ProductCatalogFunction.class);
    }

    static List<SampleScene> everySampleOfItsFolder() {
        return SampleScene.ofModule("product-catalog");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everySampleOfItsFolder")
    void theShadedJarAnswersEverySampleEventOfItsFolderItsStatus(SampleScene scene, TestTable table, LocalDynamoDb server)
            throws Exception {
        samples.assertAnswered(scene, table, server);
    }
}
