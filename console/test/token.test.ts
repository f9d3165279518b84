import assert from "node:assert/strict";
import { test } from "node:test";
import { hasExpired, readClaims } from "../src/token";

function jwt(claims: object): string {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    return `${part({ alg: "RS256", typ: "JWT" })}.${part(claims)}.signature`;
}

test("the header shows the token's subject", () => {
    assert.deepEqual(readClaims(jwt({ sub: "ops-ada", exp: 1_900_000_000, scope: "orders:admin" })), { sub: "ops-ada", exp: 1_900_000_000 });
});

test("a subject outside ASCII reads as written", () => {
    assert.equal(readClaims(jwt({ sub: "zoë|ünïcode", exp: 1 }))?.sub, "zoë|ünïcode");
});

test("what is not a JWT with a subject and an expiry has no claims", () => {
    assert.equal(readClaims("opaque-token"), undefined);
    assert.equal(readClaims("a.!!!.c"), undefined);
    assert.equal(readClaims(jwt({ sub: "x" })), undefined);
    assert.equal(readClaims(jwt({ exp: 1 })), undefined);
});

test("a token is too late to send from half a minute before its expiry", () => {
    const claims = { sub: "ops-ada", exp: 1000 };
    assert.equal(hasExpired(claims, 900), false);
    assert.equal(hasExpired(claims, 970), true);
    assert.equal(hasExpired(claims, 1000), true);
});
