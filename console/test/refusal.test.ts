import assert from "node:assert/strict";
import { test } from "node:test";
import { failureOf, refusalOf } from "../src/refusal";

test("a problem is shown by its title, detail and field errors", () => {
    const problem = {
        type: "urn:order-service:problem:validation", title: "Invalid request", status: 400, detail: "The request has invalid fields",
        errors: [{ field: "reason", message: "required for this move" }, { nonsense: true }],
    };
    assert.deepEqual(refusalOf(400, "Bad Request", "application/problem+json", problem), {
        title: "Invalid request", detail: "The request has invalid fields", errors: [{ field: "reason", message: "required for this move" }], status: 400,
    });
});

test("API Gateway's own answer is shown by its message", () => {
    assert.deepEqual(refusalOf(403, "Forbidden", "application/json", { message: "Forbidden" }), {
        title: "Forbidden", detail: "The API gateway answered 403 before the service ran.", errors: [], status: 403,
    });
});

test("any other answer is shown by its status and text", () => {
    assert.deepEqual(refusalOf(502, "Bad Gateway", "text/html", "<p>upstream</p>"),
        { title: "The API answered 502 Bad Gateway", detail: "<p>upstream</p>", errors: [], status: 502 });
    assert.deepEqual(refusalOf(500, "", null, undefined), { title: "The API answered 500", errors: [], status: 500 });
});

test("a request that never reached the API says so", () => {
    assert.deepEqual(failureOf(new TypeError("Failed to fetch")),
        { title: "The request did not reach the API", detail: "Failed to fetch. Check the connection, then try again.", errors: [] });
    assert.deepEqual(failureOf(new Error("boom")), { title: "The console failed", detail: "boom", errors: [] });
});
