package dev.orders.testsupport.privilege;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A function's Policies in template.yaml grant exactly what it uses: every call its tests made through its
 * recorded clients ({@link PrivilegeRecorder}), and what AWS does on its behalf ({@link OnBehalf}). Each
 * function module extends it once; {@link PolicyChecksLast} runs it after the module's other tests.
 */
@ExtendWith(PolicyChecksLast.class)
public abstract class FunctionPolicyTest {
    private final Class<?> handler;

    protected FunctionPolicyTest(Class<?> handler) {
        this.handler = handler;
    }

    private PolicyComparison comparison() {
        PolicyComparison comparison = PolicyComparison.ofHandler(handler);
        assertFalse(comparison.calls().isEmpty(), () -> "no test recorded a call of " + comparison.function()
                + ": its tests build it with clients that have no PrivilegeRecorder, or ran after this check");
        return comparison;
    }

    @Test
    public void everyCallTheFunctionsTestsMadeIsGrantedByItsPolicies() {
        assertNone(comparison().callsNotGranted(), "calls the template does not grant");
    }

    @Test
    public void everyPermissionItsPoliciesGrantIsNeededByACallOfItsTestsOrByAwsOnItsBehalf() {
        assertNone(comparison().grantsNotNeeded(), "grants no test needed");
    }

    @Test
    public void whatAwsUsesOnItsBehalfIsGrantedOnceWhereItsReasonSays() {
        assertNone(PolicyComparison.ofHandler(handler).onBehalfMisplaced(), "permissions used on its behalf");
    }

    private static void assertNone(List<String> problems, String what) {
        if (!problems.isEmpty()) {
            fail(problems.size() + " " + what + ":\n  " + String.join("\n  ", problems));
        }
    }
}
