/**
 * For other modules' tests: a real DynamoDB and a fresh table from template.yaml per test ({@code DynamoDbExtension}),
 * and the fixtures that need no class of the service ({@code Race}, {@code TickingClock} and
 * the sub-packages). Fixtures that do need one stay in the test jars of order-dynamodb and order-http.
 */
package dev.orders.testsupport;
