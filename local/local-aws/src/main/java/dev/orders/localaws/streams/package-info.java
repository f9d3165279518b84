/** A DynamoDB stream's records as Lambda sees them: its filter criteria ({@code StreamFilter}) and images as JSON. */
package dev.orders.localaws.streams;
