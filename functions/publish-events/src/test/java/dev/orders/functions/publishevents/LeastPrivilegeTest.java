package dev.orders.functions.publishevents;

import dev.orders.testsupport.privilege.FunctionPolicyTest;

/** PublishEventsFunction's Policies in template.yaml grant exactly what this module's tests called (run after them). */
class LeastPrivilegeTest extends FunctionPolicyTest {
    LeastPrivilegeTest() {
        super(PublishEventsFunction.class);
    }
}
