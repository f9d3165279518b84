/**
 * {@code ./sam-local}: one command per verb, the launcher, the functions' JVM it starts, and Stripe's deliveries made
 * of the samples ({@link dev.orders.local.cli.StripeSample}, which the benchmarks send too).
 */
package dev.orders.local.cli;
