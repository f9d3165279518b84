/**
 * The AWS side of local work, shared by the tests (test-support) and ./sam-local (local-runtime): reading
 * template.yaml ({@code template}), running Dynoxide with its tables ({@code dynamodb}), Lambda's stream
 * filters ({@code streams}) and a local EventBridge bus ({@code events}). This package holds what they use:
 * the repository root, log lines, child processes and HTTP servers.
 */
package dev.orders.localaws;
