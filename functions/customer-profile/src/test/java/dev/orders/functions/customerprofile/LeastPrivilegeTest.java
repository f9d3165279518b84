package dev.orders.functions.customerprofile;

import dev.orders.http.support.ApiFunctionPolicyTest;

/** CustomerProfileFunction's Policies in template.yaml grant exactly what this module's tests called (run after them). */
class LeastPrivilegeTest extends ApiFunctionPolicyTest {
    LeastPrivilegeTest() {
        super(CustomerProfileFunction.class);
    }
}
