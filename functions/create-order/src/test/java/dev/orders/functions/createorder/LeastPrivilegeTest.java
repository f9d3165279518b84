package dev.orders.functions.createorder;

import dev.orders.http.support.ApiFunctionPolicyTest;

/** CreateOrderFunction's Policies in template.yaml grant exactly what this module's tests called (run after them). */
class LeastPrivilegeTest extends ApiFunctionPolicyTest {
    LeastPrivilegeTest() {
        super(CreateOrderFunction.class);
    }
}
