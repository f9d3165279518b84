package dev.orders.testsupport.privilege;

import dev.orders.localaws.template.SamTemplate;
import java.util.Map;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;

/**
 * Records the IAM permissions of every request of the client it is added to, under one function of
 * template.yaml. Add it only to the clients the function under test is built with, never to the test's
 * own client: the test's seeding and assertions are not the function's calls.
 *
 * <p>Recorded before the first attempt: a call needs its permission whether it then succeeds or fails.
 */
public final class PrivilegeRecorder implements ExecutionInterceptor {
    private final NamedResources names;

    private PrivilegeRecorder(NamedResources names) {
        this.names = names;
    }

    /**
     * For the function whose handler is {@code handler}, given {@code environment}: the variables the test
     * gave it (as the template gives them in AWS), by which calls are traced to the template's resources.
     */
    public static PrivilegeRecorder forHandler(Class<?> handler, Map<String, String> environment) {
        SamTemplate template = Templates.repository();
        return new PrivilegeRecorder(new NamedResources(template, Templates.functionOf(template, handler), environment));
    }

    static PrivilegeRecorder forFunction(SamTemplate template, String function, Map<String, String> environment) {
        return new PrivilegeRecorder(new NamedResources(template, function, environment));
    }

    /** The function's logical id in template.yaml. */
    public String function() {
        return names.function();
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        String service = attributes.getAttribute(SdkExecutionAttribute.SERVICE_NAME);
        for (Permission permission : RequestPermissions.of(context.request(), service, operation, names)) {
            RecordedCalls.record(names.function(), permission, operation);
        }
    }
}
