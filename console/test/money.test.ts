import assert from "node:assert/strict";
import { test } from "node:test";
import { formatMoney } from "../src/money";

test("cents of a two-digit currency are its hundredths", () => {
    assert.equal(formatMoney(1250, "EUR", "en-GB"), "€12.50");
    assert.equal(formatMoney(5, "USD", "en-US"), "$0.05");
    assert.equal(formatMoney(0, "GBP", "en-GB"), "£0.00");
});

test("a currency without minor units shows whole amounts", () => {
    assert.equal(formatMoney(1250, "JPY", "en-US"), "¥1,250");
});

test("a three-digit currency shows thousandths", () => {
    assert.equal(formatMoney(1250, "BHD", "en-US"), "BHD\u00a01.250");
});

test("the service's minor units, not Intl's, say what an amount is worth", () => {
    // Intl (CLDR) writes Iraqi dinars and rupiahs without decimals; the service counts them in thousandths and hundredths.
    assert.equal(formatMoney(1250, "IQD", "en-US"), "IQD\u00a01.250");
    assert.equal(formatMoney(1250, "IDR", "en-US"), "IDR\u00a012.50");
});

test("the largest amount the API gives is shown exactly", () => {
    assert.equal(formatMoney(9007199254740991, "EUR", "en-GB"), "€90,071,992,547,409.91");
});

test("the reader's locale writes the amount (Intl's spaces are no-break spaces)", () => {
    assert.equal(formatMoney(123456, "EUR", "de-DE"), "1.234,56\u00a0€");
});

test("a negative amount keeps its sign", () => {
    assert.equal(formatMoney(-250, "EUR", "en-GB"), "-€2.50");
});

test("a currency the service does not have is an error, not a guess", () => {
    assert.throws(() => formatMoney(100, "XTS", "en-GB"), /XTS is not a currency of the service/);
});
