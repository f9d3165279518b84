import assert from "node:assert/strict";
import { test } from "node:test";
import { FEED_PAGE, feedQuery } from "../src/feed";

test("the date range covers whole UTC days, the last one included", () => {
    assert.deepEqual(feedQuery({ status: "PAID", from: "2025-01-30", to: "2025-01-31" }), {
        status: "PAID", from: "2025-01-30T00:00:00.000Z", to: "2025-02-01T00:00:00.000Z", limit: FEED_PAGE,
    });
});

test("the last day of a year runs into the next", () => {
    assert.equal(feedQuery({ to: "2024-12-31" }).to, "2025-01-01T00:00:00.000Z");
});

test("no range asks for the most recent orders in any status, a page at a time", () => {
    assert.deepEqual(feedQuery({}), { limit: FEED_PAGE });
    assert.deepEqual(feedQuery({ cursor: "next" }), { cursor: "next", limit: FEED_PAGE });
});

test("what is not a date is left for the API to refuse", () => {
    assert.equal(feedQuery({ from: "yesterday" }).from, "yesterday");
    assert.equal(feedQuery({ from: "2025-02-30" }).from, "2025-02-30");
});
