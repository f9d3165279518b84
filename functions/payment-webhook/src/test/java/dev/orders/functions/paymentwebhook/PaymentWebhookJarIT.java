package dev.orders.functions.paymentwebhook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.http.support.ShadedJar;
import dev.orders.testsupport.jar.JarClosure;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The deployable jar (minimised by the shade plugin) lacks no class it refers to. */
class PaymentWebhookJarIT {

    @Test
    void everyClassTheJarRefersToIsInIt() {
        assertEquals(List.of(), JarClosure.of(ShadedJar.path("payment-webhook")).missing());
    }
}
