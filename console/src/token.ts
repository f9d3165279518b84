/** What the console reads of its access token: who it acts for (shown in the header) and until when (seconds since the epoch). */
export type TokenClaims = { sub: string; exp: number };

/**
 * The claims of a JWT access token, its signature unchecked: the API checks it; the console only shows the
 * subject and goes back through the issuer before the token expires. Undefined for a token that is not such a JWT.
 */
export function readClaims(token: string): TokenClaims | undefined {
    const payload = token.split(".")[1];
    if (payload === undefined) {
        return undefined;
    }
    try {
        const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
        const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
        const claims: unknown = JSON.parse(json);
        const { sub, exp } = (typeof claims === "object" && claims !== null ? claims : {}) as Record<string, unknown>;
        return typeof sub === "string" && typeof exp === "number" ? { sub, exp } : undefined;
    } catch {
        return undefined;
    }
}

/** Whether a token of these claims is expired at `now` (epoch seconds), or will be within `margin` seconds: too late to send. */
export function hasExpired(claims: TokenClaims, now: number, margin = 30): boolean {
    return now + margin >= claims.exp;
}
