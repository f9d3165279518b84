/**
 * The AWS side of local work, shared by the tests (test-support) and ./sam-local (local-runtime): reading
 * template.yaml ({@code template}) and running Dynoxide with its tables ({@code dynamodb}). This package holds
 * what both use: the repository root, log lines and child processes.
 */
package dev.orders.localaws;
