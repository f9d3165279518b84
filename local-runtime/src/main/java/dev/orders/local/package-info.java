/**
 * The SAM CLI's local workflow, without Docker. Each sub-package is one responsibility; this package holds
 * what they all use: usage errors and HTTP servers. The template reader, Dynoxide, the repository root, log
 * lines and child processes are local-aws's ({@code dev.orders.localaws}).
 */
package dev.orders.local;
