/**
 * Least privilege proven by tests: a function's tests record, through the function's own SDK clients
 * ({@link dev.orders.testsupport.privilege.PrivilegeRecorder}), the IAM action and resource of every call it
 * makes; after the module's tests, {@link dev.orders.testsupport.privilege.FunctionPolicyTest} compares them
 * with the function's {@code Policies} in template.yaml, both ways.
 */
package dev.orders.testsupport.privilege;
