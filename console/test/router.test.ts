import assert from "node:assert/strict";
import { test } from "node:test";
import { parseRoute, type Route, routeHash } from "../src/router";

test("no hash is the payment-issue queue, the home screen", () => {
    assert.deepEqual(parseRoute(""), { screen: "queue" });
    assert.deepEqual(parseRoute("#/"), { screen: "queue" });
    assert.deepEqual(parseRoute("#/payment-issues"), { screen: "queue" });
});

test("each screen's hash names it", () => {
    assert.deepEqual(parseRoute("#/payment-issues?cursor=abc"), { screen: "queue", cursor: "abc" });
    assert.deepEqual(parseRoute("#/orders/01HXYZ"), { screen: "order", orderId: "01HXYZ" });
    assert.deepEqual(parseRoute("#/orders?status=PAID&from=2025-01-01&to=2025-01-31"),
        { screen: "orders", feed: { status: "PAID", from: "2025-01-01", to: "2025-01-31" } });
    assert.deepEqual(parseRoute("#/stock"), { screen: "stock" });
    assert.deepEqual(parseRoute("#/stock/MUG-BLUE"), { screen: "stock", sku: "MUG-BLUE" });
});

test("empty parameters are as good as absent", () => {
    assert.deepEqual(parseRoute("#/orders?status=&from=&to=2025-02-01"), { screen: "orders", feed: { to: "2025-02-01" } });
});

test("every route comes back from its hash as it was", () => {
    const routes: Route[] = [
        { screen: "queue" },
        { screen: "queue", cursor: "a+b/c=?&" },
        { screen: "orders", feed: {} },
        { screen: "orders", feed: { status: "ON_HOLD", from: "2025-03-01", to: "2025-03-02", cursor: "x y" } },
        { screen: "order", orderId: "an id/with?odd#characters" },
        { screen: "stock" },
        { screen: "stock", sku: "TEA-EARL-100G" },
    ];
    for (const route of routes) {
        assert.deepEqual(parseRoute(routeHash(route)), route, routeHash(route));
    }
});

test("a hash that names no screen is unknown, with what it said", () => {
    assert.deepEqual(parseRoute("#/nowhere"), { screen: "unknown", hash: "/nowhere" });
    assert.deepEqual(parseRoute("#/orders/a/b"), { screen: "unknown", hash: "/orders/a/b" });
    assert.deepEqual(parseRoute("#/orders/%E0%A4%A"), { screen: "unknown", hash: "/orders/%E0%A4%A" });
});
