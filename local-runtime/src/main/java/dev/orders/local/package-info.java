/**
 * The SAM CLI's local workflow and a DynamoDB for tests, without Docker. Each sub-package is one
 * responsibility; this package holds what they all use: the repository root, log lines, usage errors
 * and child processes.
 */
package dev.orders.local;
