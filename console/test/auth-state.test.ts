import assert from "node:assert/strict";
import { test } from "node:test";
import {
    allowsPlainHttp, consoleUrl, isRedirectBack, type KeyStore, markSignedOut, parseConfig, rememberSignIn, returnRoute,
    takeSignedOut, takeSignIn,
} from "../src/auth-state";

/** sessionStorage's part that sign-in uses, in memory. */
function memoryStore(): KeyStore & { keys(): string[] } {
    const items = new Map<string, string>();
    return {
        getItem: (key) => items.get(key) ?? null,
        setItem: (key, value) => void items.set(key, value),
        removeItem: (key) => void items.delete(key),
        keys: () => [...items.keys()],
    };
}

test("the PKCE verifier, the state and the screen survive the redirect, and are taken once", () => {
    const store = memoryStore();
    rememberSignIn(store, { state: "s-1", codeVerifier: "v-1", returnTo: "#/orders/o-1" });

    assert.deepEqual(takeSignIn(store), { state: "s-1", codeVerifier: "v-1", returnTo: "#/orders/o-1" });
    assert.equal(takeSignIn(store), undefined);
    assert.deepEqual(store.keys(), []);
});

test("a redirect back without a sign-in begun in this tab finds none", () => {
    const store = memoryStore();
    assert.equal(takeSignIn(store), undefined);
    store.setItem("order-console.sign-in", "{not json");
    assert.equal(takeSignIn(store), undefined);
    store.setItem("order-console.sign-in", JSON.stringify({ state: "s", returnTo: "#/" }));
    assert.equal(takeSignIn(store), undefined, "no verifier");
});

test("sign-in returns only to a screen of the console", () => {
    assert.equal(returnRoute("#/orders/o-1"), "#/orders/o-1");
    assert.equal(returnRoute(""), "#/");
    assert.equal(returnRoute("#main"), "#/");
    const store = memoryStore();
    rememberSignIn(store, { state: "s", codeVerifier: "v", returnTo: "javascript:alert(1)" });
    assert.equal(takeSignIn(store)?.returnTo, "#/");
});

test("the redirect URI is the console's own URL", () => {
    assert.equal(consoleUrl({ origin: "http://127.0.0.1:3000", pathname: "/console/" }), "http://127.0.0.1:3000/console/");
    assert.equal(consoleUrl({ origin: "https://shop.example", pathname: "/console/index.html" }), "https://shop.example/console/");
});

test("a load is the issuer's redirect back when it carries a state with a code or an error", () => {
    assert.equal(isRedirectBack("?code=c&state=s"), true);
    assert.equal(isRedirectBack("?error=access_denied&state=s"), true);
    assert.equal(isRedirectBack(""), false);
    assert.equal(isRedirectBack("?code=c"), false);
});

test("only an issuer on this machine is spoken to over plain HTTP", () => {
    assert.equal(allowsPlainHttp(new URL("http://127.0.0.1:3000")), true);
    assert.equal(allowsPlainHttp(new URL("http://localhost:3000")), true);
    assert.equal(allowsPlainHttp(new URL("http://[::1]:3000")), true);
    assert.equal(allowsPlainHttp(new URL("http://issuer.example")), false);
    assert.equal(allowsPlainHttp(new URL("https://cognito-idp.eu-west-1.amazonaws.com/pool")), false);
});

test("config.json names the issuer, the client and the scope", () => {
    const config = { issuer: "http://127.0.0.1:3000", clientId: "sam-local-console", scope: "openid orders:admin" };
    assert.deepEqual(parseConfig(config), config);
    assert.throws(() => parseConfig({ ...config, clientId: "" }), /config.json has no "clientId"/);
    assert.throws(() => parseConfig(null), /config.json has no "issuer"/);
});

test("after signing out the console waits on its sign-in page once", () => {
    const store = memoryStore();
    assert.equal(takeSignedOut(store), false);
    markSignedOut(store);
    assert.equal(takeSignedOut(store), true);
    assert.equal(takeSignedOut(store), false);
});
