package dev.orders.functions.queryorders;

import dev.orders.http.support.ApiFunctionPolicyTest;

/** QueryOrdersFunction's Policies in template.yaml grant exactly what this module's tests called (run after them). */
class LeastPrivilegeTest extends ApiFunctionPolicyTest {
    LeastPrivilegeTest() {
        super(QueryOrdersFunction.class);
    }
}
