/** A function as Lambda runs it: a test {@code Context}, and what it prints (log lines, embedded metrics). */
package dev.orders.testsupport.lambda;
