import assert from "node:assert/strict";
import { test } from "node:test";
import { formatAge, formatInstant } from "../src/time";

const now = new Date("2025-05-10T12:00:00.000Z");

test("an issue's age is its largest whole unit", () => {
    assert.equal(formatAge("2025-05-07T11:00:00.000Z", now, "en"), "3 days");
    assert.equal(formatAge("2025-05-10T06:59:00.000Z", now, "en"), "5 hours");
    assert.equal(formatAge("2025-05-10T11:59:00.000Z", now, "en"), "1 minute");
    assert.equal(formatAge("2025-05-10T11:59:30.000Z", now, "en"), "0 minutes");
});

test("an instant in the future, by a clock ahead of the reader's, is no age yet", () => {
    assert.equal(formatAge("2025-05-10T12:00:05.000Z", now, "en"), "0 minutes");
});

test("an instant is written with its time zone", () => {
    assert.equal(formatInstant("2025-05-10T12:34:56.789Z", "en-GB", "UTC"), "10 May 2025, 12:34 UTC");
});
