// README.md's "Walkthrough: an order's life" through openapi-fetch over the types openapi-typescript made from
// docs/openapi.yaml, one call per step and in its order, against the start-api at $API.
import createClient from "openapi-fetch";
import type { components, paths } from "../generated/openapi-typescript";
import { type Calls, eventually, expectAbsent, expectEqual, runWalkthrough, type Setting, webhookSignature } from "./walkthrough";

type Schemas = components["schemas"];

/** The body of a response answered `status`; openapi-fetch leaves `data` undefined on any other. */
function answered<T>(result: { data?: T; error?: unknown; response: Response }, status: number, what: string): T {
    expectEqual(result.response.status, status, `${what}: status`);
    if (result.data === undefined) {
        throw new Error(`${what}: no body (${JSON.stringify(result.error)})`);
    }
    return result.data;
}

runWalkthrough(async (setting: Setting, calls: Calls) => {
    const api = createClient<paths>({ baseUrl: setting.api, fetch: calls.fetch });
    const ada = { Authorization: `Bearer ${setting.adaToken}` };
    const admin = { Authorization: `Bearer ${setting.adminToken}` };
    const customerId = "c-ada";
    let order = "";
    let item = "";
    let extra = "";

    const catalogue: [string, Schemas["ProductDetails"]][] = [
        ["MUG-BLUE", { name: "Blue mug", unitPrice: 1250, currency: "EUR" }],
        ["TEA-EARL-100G", { name: "Earl Grey tea, 100 g", unitPrice: 899, currency: "EUR" }],
        ["BISCUITS-200G", { name: "Shortbread biscuits, 200 g", unitPrice: 349, currency: "EUR" }],
    ];
    for (const [sku, details] of catalogue) {
        await calls.call(`an administrator puts ${sku} in the catalogue`, async () => {
            const product = answered(await api.PUT("/products/{sku}", { params: { path: { sku } }, body: details, headers: admin }), 201, sku);
            expectEqual(product.sku, sku, "sku");
            expectEqual(product.unitPrice, details.unitPrice, "unitPrice");
        });
    }

    await calls.call("the customer reads a product", async () => {
        const product = answered(await api.GET("/products/{sku}", { params: { path: { sku: "MUG-BLUE" } }, headers: ada }), 200, "product");
        expectEqual(product.name, "Blue mug", "name");
        expectEqual(product.unitPrice, 1250, "unitPrice");
        expectEqual(product.currency, "EUR", "currency");
        expectEqual(product.active, true, "active");
    });

    await calls.call("the customer creates its profile", async () => {
        const customer = answered(await api.PUT("/customers/{customerId}", {
            params: { path: { customerId } }, body: { name: "Ada Lovelace", email: "ada@example.com" }, headers: ada,
        }), 201, "profile");
        expectEqual(customer.customerId, customerId, "customerId");
    });

    await calls.call("the customer reads its profile", async () => {
        const customer = answered(await api.GET("/customers/{customerId}", { params: { path: { customerId } }, headers: ada }), 200, "profile");
        expectEqual(customer.name, "Ada Lovelace", "name");
        expectEqual(customer.email, "ada@example.com", "email");
    });

    await calls.call("the customer orders two mugs by their sku", async () => {
        const result = await api.POST("/customers/{customerId}/orders", {
            params: { path: { customerId }, header: { "Idempotency-Key": "3f0c9a6e-7f5b-4f3e-9a55-1d2b7c8e9f01" } },
            body: { items: [{ sku: "MUG-BLUE", quantity: 2 }] }, headers: ada,
        });
        const created = answered(result, 201, "order");
        order = created.orderId;
        expectEqual(created.status, "CREATED", "status");
        expectEqual(created.total, 2500, "total");
        expectEqual(created.items.map((line) => [line.sku, line.unitPrice]), [["MUG-BLUE", 1250]], "lines priced from the catalogue");
        expectEqual(result.response.headers.get("location") ?? "", `/customers/${customerId}/orders/${order}`, "Location");
    });

    for (const [sku, quantity, lineTotal] of [["TEA-EARL-100G", 1, 899], ["BISCUITS-200G", 3, 1047]] as const) {
        await calls.call(`the customer adds ${sku}`, async () => {
            const line = answered(await api.POST("/customers/{customerId}/orders/{orderId}/items", {
                params: { path: { customerId, orderId: order } }, body: { sku, quantity }, headers: ada,
            }), 201, sku);
            expectEqual(line.lineTotal, lineTotal, "lineTotal");
            if (sku === "TEA-EARL-100G") {
                item = line.itemId;
            } else {
                extra = line.itemId;
            }
        });
    }

    await calls.call("the customer removes the biscuits", async () => {
        const { response } = await api.DELETE("/customers/{customerId}/orders/{orderId}/items/{itemId}", {
            params: { path: { customerId, orderId: order, itemId: extra } }, headers: ada,
        });
        expectEqual(response.status, 204, "status");
    });

    await calls.call("the customer reads its order at version 4", async () => {
        const read = answered(await api.GET("/customers/{customerId}/orders/{orderId}", {
            params: { path: { customerId, orderId: order } }, headers: ada,
        }), 200, "order");
        expectEqual(read.version, 4, "created, two lines added, one removed");
        expectEqual(read.total, 3399, "the amount the webhook's delivery names");
        expectEqual(read.items.map((line) => line.sku).sort(), ["MUG-BLUE", "TEA-EARL-100G"], "skus");
        expectEqual(read.next, [{ status: "AWAITING_PAYMENT", reasonRequired: false }, { status: "CANCELLED", reasonRequired: false }],
            "the customer may check out or cancel");
        expectEqual(read.items.map((line) => line.next), [[], []], "and move no item");
    });

    await calls.call("the customer reads one item", async () => {
        const line = answered(await api.GET("/customers/{customerId}/orders/{orderId}/items/{itemId}", {
            params: { path: { customerId, orderId: order, itemId: item } }, headers: ada,
        }), 200, "item");
        expectEqual(line.sku, "TEA-EARL-100G", "sku");
        expectEqual(line.itemStatus, "PENDING", "itemStatus");
    });

    await calls.call("an administrator marks the order paid", async () => {
        const paid = answered(await api.POST("/orders/{orderId}/status", {
            params: { path: { orderId: order } }, body: { status: "PAID", expectedVersion: 4, reason: "card captured" }, headers: admin,
        }), 200, "status change");
        expectEqual(paid.status, "PAID", "status");
        expectEqual(paid.version, 5, "version");
    });

    await calls.call("an administrator picks the tea", async () => {
        const picked = answered(await api.PUT("/orders/{orderId}/items/{itemId}/status", {
            params: { path: { orderId: order, itemId: item } }, body: { status: "PICKED" }, headers: admin,
        }), 200, "item status");
        expectEqual(picked.itemStatus, "PICKED", "itemStatus");
    });

    await calls.call("the provider's capture of a paid order is recorded as a duplicate capture", async () => {
        const now = Math.floor(Date.now() / 1000);
        const delivery: Schemas["PaymentEvent"] = {
            id: "evt_1", type: "payment.succeeded", created: now,
            data: { orderId: order, paymentId: "pay_1", amount: 3399, currency: "EUR" },
        };
        // openapi-fetch sends the body as JSON.stringify writes it: that is what the provider signs.
        const signature = webhookSignature(setting.webhookSecret, now, JSON.stringify(delivery));
        const ack = answered(await api.POST("/webhooks/payments", {
            params: { header: { "Webhook-Signature": signature } }, body: delivery,
        }), 200, "delivery");
        expectEqual(ack.outcome, "payment-issue", "outcome");
        expectEqual(ack.issue ?? "none", "DUPLICATE_CAPTURE", "issue");
    });

    await calls.call("an administrator lists the open payment issues", async () => {
        const page = await eventually(
            async () => answered(await api.GET("/payment-issues", { params: { query: { limit: 20 } }, headers: admin }), 200, "issues"),
            (issues) => issues.issues.some((issue) => issue.orderId === order));
        const issue = page.issues.find((open) => open.orderId === order);
        if (issue === undefined) {
            throw new Error(`no open issue of order ${order}`);
        }
        expectEqual(issue.eventId, "evt_1", "eventId");
        expectEqual(issue.kind, "DUPLICATE_CAPTURE", "kind");
        expectEqual(issue.amount, 3399, "amount");
    });

    const note = "second capture refunded in the provider dashboard";
    await calls.call("an administrator resolves the issue", async () => {
        const resolved = answered(await api.POST("/orders/{orderId}/payment-issues/{eventId}/resolution", {
            params: { path: { orderId: order, eventId: "evt_1" } }, body: { note }, headers: admin,
        }), 200, "resolution");
        expectEqual(resolved.state, "RESOLVED", "state");
        expectEqual(resolved.resolution?.note ?? "none", note, "note");
    });

    await calls.call("the customer reads the order's history, newest first", async () => {
        const history = answered(await api.GET("/customers/{customerId}/orders/{orderId}/history", {
            params: { path: { customerId, orderId: order }, query: { limit: 10 } }, headers: ada,
        }), 200, "history");
        expectEqual(history.events.map((event) => event.type), ["PaymentIssueResolved", "PaymentIssueRecorded", "OrderStatusChanged",
            "OrderLineStatusChanged", "PaymentCaptured", "OrderLineRemoved", "OrderLineAdded", "OrderLineAdded", "OrderCreated"], "types");
        for (const event of history.events) {
            // Narrowed on its type, each event's data is that type's: no cast, no `?`.
            switch (event.type) {
                case "PaymentIssueResolved":
                    expectEqual(event.data.kind, "DUPLICATE_CAPTURE", "resolved kind");
                    expectAbsent(event.data.note, "the staff's note is not the customer's");
                    break;
                case "OrderLineRemoved":
                    expectEqual(event.data.line.sku, "BISCUITS-200G", "removed line");
                    break;
                case "OrderCreated":
                    expectEqual(event.data.lines.map((line) => line.sku), ["MUG-BLUE"], "created lines");
                    break;
                case "PaymentCaptured":
                    expectEqual(event.data.amount, 3399, "captured amount");
                    break;
            }
        }
    });

    await calls.call("the customer finds its order in fulfillment", async () => {
        const page = await eventually(async () => answered(await api.GET("/customers/{customerId}/orders", {
            params: { path: { customerId }, query: { status: "IN_FULFILLMENT", limit: 20 } }, headers: ada,
        }), 200, "orders"), (orders) => orders.orders.some((summary) => summary.orderId === order));
        expectEqual(page.orders.map((summary) => summary.orderId), [order], "picking a line started the fulfillment");
    });

    await calls.call("an administrator finds the order in the feed since January", async () => {
        const page = await eventually(async () => answered(await api.GET("/orders", {
            params: { query: { status: "IN_FULFILLMENT", from: "2026-01-01T00:00:00Z", limit: 50 } }, headers: admin,
        }), 200, "feed"), (orders) => orders.orders.some((summary) => summary.orderId === order));
        expectEqual(page.orders.some((summary) => summary.orderId === order), true, "in the feed");
    });

    await calls.call("an administrator reads the order by its id alone", async () => {
        const read = answered(await api.GET("/orders/{orderId}", { params: { path: { orderId: order } }, headers: admin }), 200, "order");
        expectEqual(read.status, "IN_FULFILLMENT", "status");
        expectEqual(read.capturedAmount, 3399, "capturedAmount");
        expectEqual(read.paymentIssues.map((issue) => issue.state), ["RESOLVED"], "the issue is resolved");
        expectEqual(read.next, [{ status: "REFUNDED", reasonRequired: true }], "an administrator may refund it, saying why");
        expectEqual(Object.fromEntries(read.items.map((line) => [line.sku, line.next])),
            { "MUG-BLUE": ["PICKED", "CANCELLED"], "TEA-EARL-100G": ["SHIPPED", "CANCELLED"] }, "and move each item on");
    });

    await calls.call("an administrator reads the history with who did what and the notes", async () => {
        const history = answered(await api.GET("/orders/{orderId}/history", {
            params: { path: { orderId: order }, query: { limit: 10 } }, headers: admin,
        }), 200, "history");
        const newest = history.events[0];
        if (newest.type !== "PaymentIssueResolved") {
            throw new Error(`the newest event is ${newest.type}, not PaymentIssueResolved`);
        }
        expectEqual(newest.by, "user:ops-admin", "by");
        expectEqual(newest.data.note ?? "none", note, "note");
    });
});
