/** Faults DynamoDB's engine never produces, injected at the SDK's HTTP client or as a wrapped client. */
package dev.orders.testsupport.faults;
