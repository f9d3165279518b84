/** For other modules' tests: a real DynamoDB and a fresh table from template.yaml per test ({@code DynamoDbExtension}). */
package dev.orders.testsupport;
