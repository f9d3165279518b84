/** Running Dynoxide (a child process, a container, or a given endpoint) and creating tables in it. */
package dev.orders.localaws.dynamodb;
