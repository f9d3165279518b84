package dev.orders.functions.publishevents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.orders.http.support.ShadedJar;
import dev.orders.testsupport.jar.JarClosure;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The deployable jar (minimised by the shade plugin) lacks no class it refers to, and carries no HTTP. */
class PublishEventsJarIT {

    @Test
    void everyClassTheJarRefersToIsInIt() {
        assertEquals(List.of(), JarClosure.of(ShadedJar.path("publish-events")).missing());
    }

    /** The publisher is no HTTP function: order-http (router, codec, views, wiring) stays out of its jar. */
    @Test
    void theJarCarriesNoClassOfTheHttpAdapterOnlyWhatEveryFunctionShares() {
        JarClosure jar = JarClosure.of(ShadedJar.path("publish-events"));
        assertEquals(List.of(), jar.classesUnder("dev/orders/http/"));
        assertFalse(jar.classesUnder("dev/orders/lambda/").isEmpty(), "lambda-support is in the jar");
    }
}
