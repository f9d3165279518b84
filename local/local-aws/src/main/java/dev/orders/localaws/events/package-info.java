/** The local stand-in of the order event bus: EventBridge's PutEvents, for the functions that publish. */
package dev.orders.localaws.events;
