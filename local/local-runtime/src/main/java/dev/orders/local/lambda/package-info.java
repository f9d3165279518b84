/** The functions as the Lambda Java runtime runs them: each jar in its own class loader, with the template's environment. */
package dev.orders.local.lambda;
