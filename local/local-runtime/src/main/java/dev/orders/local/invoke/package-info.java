/** The Lambda Invoke API on a local port, as Lambda serves it: every function of the template, by name or ARN. */
package dev.orders.local.invoke;
