package dev.orders.functions.changeorder;

import dev.orders.http.support.ApiFunctionPolicyTest;

/** ChangeOrderFunction's Policies in template.yaml grant exactly what this module's tests called (run after them). */
class LeastPrivilegeTest extends ApiFunctionPolicyTest {
    LeastPrivilegeTest() {
        super(ChangeOrderFunction.class);
    }
}
