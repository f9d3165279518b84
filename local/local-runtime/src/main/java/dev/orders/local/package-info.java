/**
 * The SAM CLI's local workflow, without Docker. Each sub-package is one responsibility; this package holds
 * their usage errors. The template reader, Dynoxide, the event bus, the repository root, log lines, child
 * processes and HTTP servers are local-aws's ({@code dev.orders.localaws}).
 */
package dev.orders.local;
