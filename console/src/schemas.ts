// The API's types, as openapi-typescript generates them from docs/openapi.yaml at build time (target/generated).
import type { components } from "../target/generated/openapi";

type Schemas = components["schemas"];
export type OrderStatus = Schemas["OrderStatus"];
export type ItemStatus = Schemas["ItemStatus"];
export type OrderEvent = Schemas["OrderEvent"];
export type OrderItem = Schemas["OrderItem"];
export type OrderSummary = Schemas["OrderSummary"];
export type OpenPaymentIssue = Schemas["OpenPaymentIssue"];
export type PaymentIssue = Schemas["PaymentIssue"];
export type Stock = Schemas["Stock"];
export type Problem = Schemas["Problem"];

/** A status the order may be moved to now, and whether that move needs a reason (400 without one). */
export type NextStatus = { status: OrderStatus; reasonRequired: boolean };

/**
 * The order as GET /orders/{orderId} answers it, with what the caller may ask of it next: the statuses the order may
 * be moved to and, on each line, the line's (issue #44's `next`, added to the API beside this console: the shape of
 * its branch's NextStatus and OrderAggregateItem). TO REPLACE with Schemas["OrderAggregate"] once docs/openapi.yaml
 * declares them and they are generated: this local declaration is the only one.
 */
export type AdminOrder = Schemas["OrderAggregate"] & {
    next?: NextStatus[];
    items: (OrderItem & { next?: ItemStatus[] })[];
};

/** Every order status, the status feed's choices: a record, so that a status the API adds fails the compile here. */
const ORDER_STATUS_CHOICES: Record<OrderStatus, true> = {
    CREATED: true, AWAITING_PAYMENT: true, PAID: true, IN_FULFILLMENT: true, PARTIALLY_FULFILLED: true,
    FULFILLED: true, CANCELLED: true, EXPIRED: true, REFUNDED: true, ON_HOLD: true,
};
export const ORDER_STATUSES = Object.keys(ORDER_STATUS_CHOICES) as OrderStatus[];
