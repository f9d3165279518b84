/** Lambda's DynamoDB event source mapping, locally: the table's stream read and fed to a function. */
package dev.orders.local.streams;
