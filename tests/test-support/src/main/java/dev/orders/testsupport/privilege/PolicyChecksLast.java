package dev.orders.testsupport.privilege;

import java.util.Comparator;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs every {@link FunctionPolicyTest} after the other test classes of the run, which keep their order:
 * the check compares what they recorded. The default class orderer of the function modules' tests
 * (functions/pom.xml); as an extension of the check, it refuses to run the check where it is not.
 */
public final class PolicyChecksLast implements ClassOrderer, BeforeAllCallback {
    /** JUnit's configuration parameter naming the default class orderer. */
    public static final String PARAMETER = "junit.jupiter.testclass.order.default";

    @Override
    public void orderClasses(ClassOrdererContext context) {
        // A stable sort: only the checks move.
        context.getClassDescriptors().sort(Comparator.comparingInt(
                descriptor -> FunctionPolicyTest.class.isAssignableFrom(descriptor.getTestClass()) ? 1 : 0));
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        String orderer = context.getConfigurationParameter(PARAMETER).orElse("(none)");
        if (!PolicyChecksLast.class.getName().equals(orderer)) {
            throw new ExtensionConfigurationException(context.getRequiredTestClass().getSimpleName()
                    + " compares the calls the module's other tests recorded, so it must run after them: set the"
                    + " JUnit configuration parameter " + PARAMETER + "=" + PolicyChecksLast.class.getName()
                    + " (functions/pom.xml does for surefire), not " + orderer);
        }
    }
}
