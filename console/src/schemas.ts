// The API's types, as openapi-typescript generates them from docs/openapi.yaml at build time (target/generated).
import type { components } from "../target/generated/openapi";

type Schemas = components["schemas"];
export type OrderStatus = Schemas["OrderStatus"];
export type ItemStatus = Schemas["ItemStatus"];
export type OrderEvent = Schemas["OrderEvent"];
export type OpenPaymentIssue = Schemas["OpenPaymentIssue"];
export type Stock = Schemas["Stock"];

/** The order as GET /orders/{orderId} answers it, with what the caller may ask of it next (`next`, on it and each line). */
export type AdminOrder = Schemas["OrderAggregate"];
/** A line as the order lists it, with the line statuses the caller may ask for now. */
export type AdminOrderItem = Schemas["OrderAggregateItem"];

/** Every order status, the status feed's choices: a record, so that a status the API adds fails the compile here. */
const ORDER_STATUS_CHOICES: Record<OrderStatus, true> = {
    CREATED: true, AWAITING_PAYMENT: true, PAID: true, IN_FULFILLMENT: true, PARTIALLY_FULFILLED: true,
    FULFILLED: true, CANCELLED: true, EXPIRED: true, REFUNDED: true, ON_HOLD: true,
};
export const ORDER_STATUSES = Object.keys(ORDER_STATUS_CHOICES) as OrderStatus[];
