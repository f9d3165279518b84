// What sign-in keeps across the issuer's redirect, and where it comes back to: the pure half of OIDC sign-in
// (oidc.ts talks to the issuer). Only the PKCE verifier, the state and the screen to return to survive the redirect,
// in sessionStorage, removed once used; tokens are never stored.

/** /console/config.json, as start-api or the hosting serves it beside the console: the issuer to sign in with. */
export type ConsoleConfig = { issuer: string; clientId: string; scope: string };

/** A sign-in begun: what the issuer's redirect back must match (state) and prove (the PKCE verifier), and where to go then. */
export type PendingSignIn = { state: string; codeVerifier: string; returnTo: string };

/** The part of sessionStorage sign-in uses. */
export type KeyStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const PENDING = "order-console.sign-in";
const SIGNED_OUT = "order-console.signed-out";

/** config.json's content, or an error naming the member that is missing. */
export function parseConfig(json: unknown): ConsoleConfig {
    const members = (typeof json === "object" && json !== null ? json : {}) as Record<string, unknown>;
    const read = (name: keyof ConsoleConfig): string => {
        const value = members[name];
        if (typeof value !== "string" || value === "") {
            throw new Error(`config.json has no "${name}"`);
        }
        return value;
    };
    return { issuer: read("issuer"), clientId: read("clientId"), scope: read("scope") };
}

export function rememberSignIn(store: KeyStore, pending: PendingSignIn): void {
    store.setItem(PENDING, JSON.stringify(pending));
}

/** The sign-in begun in this tab, removed: a redirect back is taken once. Undefined when none was begun. */
export function takeSignIn(store: KeyStore): PendingSignIn | undefined {
    const text = store.getItem(PENDING);
    store.removeItem(PENDING);
    try {
        const { state, codeVerifier, returnTo } = JSON.parse(text ?? "null") ?? {};
        return typeof state === "string" && typeof codeVerifier === "string" && typeof returnTo === "string"
            ? { state, codeVerifier, returnTo: returnRoute(returnTo) }
            : undefined;
    } catch {
        return undefined;
    }
}

/** The screen to come back to after sign-in: a console route (#/...), else the home screen. */
export function returnRoute(hash: string): string {
    return hash.startsWith("#/") ? hash : "#/";
}

/** The console's own URL, its OIDC redirect URI: `<origin>/console/` however index.html was asked for. */
export function consoleUrl(location: { origin: string; pathname: string }): string {
    return location.origin + location.pathname.replace(/index\.html$/, "");
}

/** Whether the page was loaded as the issuer's redirect back (RFC 6749 4.1.2: code, or error, and state). */
export function isRedirectBack(search: string): boolean {
    const params = new URLSearchParams(search);
    return params.has("state") && (params.has("code") || params.has("error"));
}

/** Whether the issuer may be spoken to over plain HTTP: only on this machine (./sam-local's issuer). */
export function allowsPlainHttp(issuer: URL): boolean {
    return issuer.protocol === "http:" && (/^127(\.\d{1,3}){3}$/.test(issuer.hostname) || ["localhost", "[::1]"].includes(issuer.hostname));
}

/** Sign-out: the console comes back from the issuer to its sign-in page rather than straight into signing in again. */
export function markSignedOut(store: KeyStore): void {
    store.setItem(SIGNED_OUT, "true");
}

/** Whether the user signed out (and it is taken: the next load signs in again). */
export function takeSignedOut(store: KeyStore): boolean {
    const signedOut = store.getItem(SIGNED_OUT) !== null;
    store.removeItem(SIGNED_OUT);
    return signedOut;
}
