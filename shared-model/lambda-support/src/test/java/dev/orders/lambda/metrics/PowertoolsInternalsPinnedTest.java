package dev.orders.lambda.metrics;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Pins the members of Powertools' internal packages that {@link EmfLines} calls, which Powertools may change
 * in any release: {@code common.internal.LambdaHandlerProcessor.isColdStart()} and
 * {@code metrics.internal.Validator.validateNamespace(String)} / {@code validateTimestamp(Instant)}, with the
 * behaviour EmfLines relies on (a missing namespace and a timestamp two weeks old refused with
 * IllegalArgumentException). Looked up by name, so an upgrade that moves one fails here naming it, not
 * as a compile error in EmfLines or a silently different EMF document.
 *
 * <p>To drop it: when EmfLines no longer imports a {@code software.amazon.lambda.powertools..internal}
 * package (Powertools' own provider used again, or the checks written in EmfLines), delete this test.
 */
class PowertoolsInternalsPinnedTest {
    private static final String HANDLER_PROCESSOR = "software.amazon.lambda.powertools.common.internal.LambdaHandlerProcessor";
    private static final String VALIDATOR = "software.amazon.lambda.powertools.metrics.internal.Validator";

    @Test
    void coldStartIsStillAStaticBooleanOfLambdaHandlerProcessor() {
        MethodHandle isColdStart = staticMethod(HANDLER_PROCESSOR, "isColdStart", boolean.class);
        assertDoesNotThrow(() -> (boolean) isColdStart.invoke(), HANDLER_PROCESSOR + ".isColdStart() throws");
    }

    @Test
    void validatorStillRefusesAMissingNamespaceAndAcceptsOurs() throws Throwable {
        MethodHandle validateNamespace = staticMethod(VALIDATOR, "validateNamespace", void.class, String.class);
        validateNamespace.invoke("OrderService");
        assertRefused("validateNamespace", () -> validateNamespace.invoke((String) null));
    }

    @Test
    void validatorStillRefusesATimestampTooOldAndAcceptsNow() throws Throwable {
        MethodHandle validateTimestamp = staticMethod(VALIDATOR, "validateTimestamp", void.class, Instant.class);
        validateTimestamp.invoke(Instant.now());
        assertRefused("validateTimestamp", () -> validateTimestamp.invoke(Instant.now().minus(Duration.ofDays(15))));
    }

    /**
     * The static member {@code name(parameters)} returning {@code returns}, or a failure naming it. A method
     * handle, not reflection: reflection resolves every method of the class, and some of
     * LambdaHandlerProcessor's name AspectJ, which the functions do not ship.
     */
    private static MethodHandle staticMethod(String className, String name, Class<?> returns, Class<?>... parameters) {
        Class<?> type;
        try {
            type = Class.forName(className);
        } catch (ClassNotFoundException e) {
            return fail("Powertools internal " + className + " is gone: EmfLines imports it");
        }
        try {
            return MethodHandles.publicLookup().findStatic(type, name, MethodType.methodType(returns, parameters));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return fail("Powertools internal " + className + "." + name + " is gone or no longer public static "
                    + MethodType.methodType(returns, parameters) + ": EmfLines calls it", e);
        }
    }

    private static void assertRefused(String check, Executable call) {
        Throwable refused = assertThrows(Throwable.class, call,
                "Powertools internal " + VALIDATOR + "." + check + " accepts what it refused: EmfLines relies on the refusal");
        assertEquals(IllegalArgumentException.class, refused.getClass(),
                "Powertools internal " + VALIDATOR + "." + check + " refuses with another exception");
    }
}
