import assert from "node:assert/strict";
import { test } from "node:test";
import { describeEvent, humanize } from "../src/labels";
import type { OrderEvent } from "../src/schemas";

const envelope = { orderId: "o-1", customerId: "c-ada", version: 4, at: "2025-05-01T10:00:00.000Z", by: "user:ops-ada" };

test("the API's constants read as words", () => {
    assert.equal(humanize("AWAITING_PAYMENT"), "Awaiting payment");
    assert.equal(humanize("PAID"), "Paid");
    assert.equal(humanize("OrderLineStatusChanged"), "Order line status changed");
});

test("an administrator's move shows where the order went and the reason given", () => {
    const event: OrderEvent = { ...envelope, type: "OrderStatusChanged", data: { from: "PAID", to: "ON_HOLD", reason: "address check" } };
    assert.deepEqual(describeEvent(event, "EUR", "en-GB"), { what: "Order status changed", details: ["Paid → On hold"], note: "address check" });
});

test("a resolution shows the staff's note", () => {
    const event: OrderEvent = { ...envelope, type: "PaymentIssueResolved", data: { paymentEventId: "evt_1", kind: "DUPLICATE_CAPTURE", note: "refunded by hand" } };
    assert.deepEqual(describeEvent(event, "EUR", "en-GB"), { what: "Payment issue resolved", details: ["Duplicate capture"], note: "refunded by hand" });
});

test("a line's event shows its amount in the order's currency", () => {
    const event: OrderEvent = {
        ...envelope, type: "OrderLineAdded",
        data: { line: { itemId: "i-2", sku: "TEA-EARL-100G", quantity: 2, unitPrice: 899, lineTotal: 1798 }, total: 4298, itemCount: 2 },
    };
    assert.deepEqual(describeEvent(event, "EUR", "en-GB"), { what: "Order line added", details: ["2 × TEA-EARL-100G (€17.98)", "Order total €42.98"] });
});

test("a refund shows what it added and the total refunded", () => {
    const event: OrderEvent = {
        ...envelope, type: "RefundRecorded",
        data: { from: "PAID", to: "REFUNDED", amount: 2500, currency: "EUR", refundedAmount: 2500, reason: "customer asked" },
    };
    assert.deepEqual(describeEvent(event, "EUR", "en-GB"),
        { what: "Refund recorded", details: ["€25.00 refunded, €25.00 in all", "Paid → Refunded"], note: "customer asked" });
});
