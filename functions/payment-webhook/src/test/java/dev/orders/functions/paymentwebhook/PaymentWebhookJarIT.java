package dev.orders.functions.paymentwebhook;

import static org.junit.jupiter.api.Assertions.assertEquals;

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

/**
 * The deployable jar (minimised by the shade plugin) answers every sample of events/payment-webhook/, signed at the
 * time of sending, on the table it names; it lacks no class it refers to.
 */
@ExtendWith(DynamoDbExtension.class)
class PaymentWebhookJarIT {
    @AutoClose
    private static JarSamples samples;

    @Test
    void everyClassTheJarRefersToIsInIt() {
        assertEquals(List.of(), JarClosure.of(ShadedJar.path("payment-webhook")).missing());
    }

    @BeforeAll
    static void openTheJar() {
        samples = JarSamples.of("payment-webhook", PaymentWebhookFunction.class);
    }

    static List<SampleScene> everySampleOfItsFolder() {
        return SampleScene.ofModule("payment-webhook");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everySampleOfItsFolder")
    void theShadedJarAnswersEverySampleEventOfItsFolderItsStatus(SampleScene scene, TestTable table, LocalDynamoDb server)
            throws Exception {
        samples.assertAnswered(scene, table, server);
    }
}
