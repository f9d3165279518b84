// README.md's "Walkthrough: an order's life" through the client openapi-generator's typescript-fetch generator
// made from docs/openapi.yaml, one call per step and in its order, against the start-api at $API.
import {
    type ApiResponse, CatalogueApi, Configuration, CustomersApi, ItemStatus, OrderLinesApi, OrdersApi, OrderStatus,
    PaymentIssueKind, type PaymentEvent, PaymentEventToJSON, PaymentsApi, type ProductDetails,
} from "../generated/typescript-fetch";
import { type Calls, eventually, expectAbsent, expectEqual, runWalkthrough, type Setting, webhookSignature } from "./walkthrough";

/** The body of a response answered `status`; the client itself throws a ResponseError on anything but 2xx. */
async function answered<T>(response: ApiResponse<T>, status: number, what: string): Promise<T> {
    expectEqual(response.raw.status, status, `${what}: status`);
    return response.value();
}

runWalkthrough(async (setting: Setting, calls: Calls) => {
    const as = (accessToken: string) => new Configuration({ basePath: setting.api, accessToken, fetchApi: calls.fetch });
    const ada = as(setting.adaToken);
    const admin = as(setting.adminToken);
    const customerId = "c-ada";
    let order = "";
    let item = "";
    let extra = "";

    const catalogue: [string, ProductDetails][] = [
        ["MUG-BLUE", { name: "Blue mug", unitPrice: 1250, currency: "EUR" }],
        ["TEA-EARL-100G", { name: "Earl Grey tea, 100 g", unitPrice: 899, currency: "EUR" }],
        ["BISCUITS-200G", { name: "Shortbread biscuits, 200 g", unitPrice: 349, currency: "EUR" }],
    ];
    for (const [sku, productDetails] of catalogue) {
        await calls.call(`an administrator puts ${sku} in the catalogue`, async () => {
            const product = await answered(await new CatalogueApi(admin).putProductRaw({ sku, productDetails }), 201, sku);
            expectEqual(product.sku, sku, "sku");
            expectEqual(product.unitPrice, productDetails.unitPrice, "unitPrice");
        });
    }

    await calls.call("the customer reads a product", async () => {
        const product = await answered(await new CatalogueApi(ada).getProductRaw({ sku: "MUG-BLUE" }), 200, "product");
        expectEqual(product.name, "Blue mug", "name");
        expectEqual(product.unitPrice, 1250, "unitPrice");
        expectEqual(product.currency, "EUR", "currency");
        expectEqual(product.active, true, "active");
    });

    await calls.call("the customer creates its profile", async () => {
        const customer = await answered(await new CustomersApi(ada).putCustomerRaw({
            customerId, customerDetails: { name: "Ada Lovelace", email: "ada@example.com" },
        }), 201, "profile");
        expectEqual(customer.customerId, customerId, "customerId");
    });

    await calls.call("the customer reads its profile", async () => {
        const customer = await answered(await new CustomersApi(ada).getCustomerRaw({ customerId }), 200, "profile");
        expectEqual(customer.name, "Ada Lovelace", "name");
        expectEqual(customer.email, "ada@example.com", "email");
    });

    await calls.call("the customer orders two mugs by their sku", async () => {
        const response = await new OrdersApi(ada).createOrderRaw({
            customerId, idempotencyKey: "3f0c9a6e-7f5b-4f3e-9a55-1d2b7c8e9f01", newOrder: { items: [{ sku: "MUG-BLUE", quantity: 2 }] },
        });
        const created = await answered(response, 201, "order");
        order = created.orderId;
        expectEqual(created.status, OrderStatus.Created, "status");
        expectEqual(created.total, 2500, "total");
        expectEqual(created.items.map((line) => [line.sku, line.unitPrice]), [["MUG-BLUE", 1250]], "lines priced from the catalogue");
        expectEqual(response.raw.headers.get("location") ?? "", `/customers/${customerId}/orders/${order}`, "Location");
    });

    for (const [sku, quantity, lineTotal] of [["TEA-EARL-100G", 1, 899], ["BISCUITS-200G", 3, 1047]] as const) {
        await calls.call(`the customer adds ${sku}`, async () => {
            const line = await answered(await new OrderLinesApi(ada).addOrderItemRaw({
                customerId, orderId: order, newLine: { sku, quantity },
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
        const response = await new OrderLinesApi(ada).deleteOrderItemRaw({ customerId, orderId: order, itemId: extra });
        expectEqual(response.raw.status, 204, "status");
    });

    await calls.call("the customer reads its order at version 4", async () => {
        const read = await answered(await new OrdersApi(ada).getOrderRaw({ customerId, orderId: order }), 200, "order");
        expectEqual(read.version, 4, "created, two lines added, one removed");
        expectEqual(read.total, 3399, "the amount the webhook's delivery names");
        expectEqual(read.items.map((line) => line.sku).sort(), ["MUG-BLUE", "TEA-EARL-100G"], "skus");
        expectEqual(read.next, [{ status: OrderStatus.AwaitingPayment, reasonRequired: false },
            { status: OrderStatus.Cancelled, reasonRequired: false }], "the customer may check out or cancel");
        expectEqual(read.items.map((line) => line.next), [[], []], "and move no item");
    });

    await calls.call("the customer reads one item", async () => {
        const line = await answered(await new OrderLinesApi(ada).getOrderItemRaw({ customerId, orderId: order, itemId: item }), 200, "item");
        expectEqual(line.sku, "TEA-EARL-100G", "sku");
        expectEqual(line.itemStatus, ItemStatus.Pending, "itemStatus");
    });

    await calls.call("an administrator marks the order paid", async () => {
        const paid = await answered(await new OrdersApi(admin).administerOrderStatusRaw({
            orderId: order, statusChangeRequest: { status: OrderStatus.Paid, expectedVersion: 4, reason: "card captured" },
        }), 200, "status change");
        expectEqual(paid.status, OrderStatus.Paid, "status");
        expectEqual(paid.version, 5, "version");
    });

    await calls.call("an administrator picks the tea", async () => {
        const picked = await answered(await new OrderLinesApi(admin).changeItemStatusRaw({
            orderId: order, itemId: item, changeItemStatusRequest: { status: ItemStatus.Picked },
        }), 200, "item status");
        expectEqual(picked.itemStatus, ItemStatus.Picked, "itemStatus");
    });

    await calls.call("the provider's capture of a paid order is recorded as a duplicate capture", async () => {
        const now = Math.floor(Date.now() / 1000);
        const paymentEvent: PaymentEvent = {
            id: "evt_1", type: "payment.succeeded", created: now,
            data: { orderId: order, paymentId: "pay_1", amount: 3399, currency: "EUR" },
        };
        // The client sends JSON.stringify of the event's ToJSON: that is what the provider signs.
        const signature = webhookSignature(setting.webhookSecret, now, JSON.stringify(PaymentEventToJSON(paymentEvent)));
        const ack = await answered(await new PaymentsApi(new Configuration({ basePath: setting.api, fetchApi: calls.fetch }))
            .receivePaymentEventRaw({ webhookSignature: signature, paymentEvent }), 200, "delivery");
        expectEqual(ack.outcome, "payment-issue", "outcome");
        expectEqual(ack.issue ?? "none", PaymentIssueKind.DuplicateCapture, "issue");
    });

    await calls.call("an administrator lists the open payment issues", async () => {
        const page = await eventually(
            async () => answered(await new PaymentsApi(admin).listPaymentIssuesRaw({ limit: 20 }), 200, "issues"),
            (issues) => issues.issues.some((issue) => issue.orderId === order));
        const issue = page.issues.find((open) => open.orderId === order);
        if (issue === undefined) {
            throw new Error(`no open issue of order ${order}`);
        }
        expectEqual(issue.eventId, "evt_1", "eventId");
        expectEqual(issue.kind, PaymentIssueKind.DuplicateCapture, "kind");
        expectEqual(issue.amount, 3399, "amount");
    });

    const note = "second capture refunded in the provider dashboard";
    await calls.call("an administrator resolves the issue", async () => {
        const resolved = await answered(await new PaymentsApi(admin).resolvePaymentIssueRaw({
            orderId: order, eventId: "evt_1", resolvePaymentIssueRequest: { note },
        }), 200, "resolution");
        expectEqual(resolved.state, "RESOLVED", "state");
        expectEqual(resolved.resolution?.note ?? "none", note, "note");
    });

    await calls.call("the customer reads the order's history, newest first", async () => {
        const history = await answered(await new OrdersApi(ada).getOrderHistoryRaw({ customerId, orderId: order, limit: 10 }), 200, "history");
        expectEqual(history.events.map((event) => event.type), ["PaymentIssueResolved", "PaymentIssueRecorded", "OrderStatusChanged",
            "OrderLineStatusChanged", "PaymentCaptured", "OrderLineRemoved", "OrderLineAdded", "OrderLineAdded", "OrderCreated"], "types");
        for (const event of history.events) {
            // Narrowed on its type, each event's data is that type's: no cast, no `?`.
            switch (event.type) {
                case "PaymentIssueResolved":
                    expectEqual(event.data.kind, PaymentIssueKind.DuplicateCapture, "resolved kind");
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
        const page = await eventually(async () => answered(await new OrdersApi(ada).listCustomerOrdersRaw({
            customerId, status: OrderStatus.InFulfillment, limit: 20,
        }), 200, "orders"), (orders) => orders.orders.some((summary) => summary.orderId === order));
        expectEqual(page.orders.map((summary) => summary.orderId), [order], "picking a line started the fulfillment");
    });

    await calls.call("an administrator finds the order in the feed since January", async () => {
        const page = await eventually(async () => answered(await new OrdersApi(admin).listOrdersRaw({
            status: OrderStatus.InFulfillment, from: new Date("2026-01-01T00:00:00Z"), limit: 50,
        }), 200, "feed"), (orders) => orders.orders.some((summary) => summary.orderId === order));
        expectEqual(page.orders.some((summary) => summary.orderId === order), true, "in the feed");
    });

    await calls.call("an administrator reads the order by its id alone", async () => {
        const read = await answered(await new OrdersApi(admin).getOrderByIdRaw({ orderId: order }), 200, "order");
        expectEqual(read.status, OrderStatus.InFulfillment, "status");
        expectEqual(read.capturedAmount, 3399, "capturedAmount");
        expectEqual(read.paymentIssues.map((issue) => issue.state), ["RESOLVED"], "the issue is resolved");
        expectEqual(read.next, [{ status: OrderStatus.Refunded, reasonRequired: true }], "an administrator may refund it, saying why");
        expectEqual(Object.fromEntries(read.items.map((line) => [line.sku, line.next])), {
            "MUG-BLUE": [ItemStatus.Picked, ItemStatus.Cancelled], "TEA-EARL-100G": [ItemStatus.Shipped, ItemStatus.Cancelled],
        }, "and move each item on");
    });

    await calls.call("an administrator reads the history with who did what and the notes", async () => {
        const history = await answered(await new OrdersApi(admin).getOrderHistoryByIdRaw({ orderId: order, limit: 10 }), 200, "history");
        const newest = history.events[0];
        if (newest.type !== "PaymentIssueResolved") {
            throw new Error(`the newest event is ${newest.type}, not PaymentIssueResolved`);
        }
        expectEqual(newest.by, "user:ops-admin", "by");
        expectEqual(newest.data.note ?? "none", note, "note");
    });
});
