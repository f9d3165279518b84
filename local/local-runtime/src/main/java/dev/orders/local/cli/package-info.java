/** {@code ./sam-local}: one command per verb, the launcher, and the functions' JVM it starts. */
package dev.orders.local.cli;
