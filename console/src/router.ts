// The console's screens as hash routes (#/orders/abc): links, the back button and a reload all keep the screen,
// and the path /console/ stays the OIDC redirect URI whatever the screen.

/** The status feed as asked: dates as the form's date fields give them (YYYY-MM-DD), the page's cursor. */
export type Feed = { status?: string; from?: string; to?: string; cursor?: string };

export type Route =
    | { screen: "queue"; cursor?: string }
    | { screen: "orders"; feed: Feed }
    | { screen: "order"; orderId: string }
    | { screen: "stock"; sku?: string }
    | { screen: "unknown"; hash: string };

/** The route `hash` names (`location.hash`, with or without its `#`); the queue, the home screen, for none. */
export function parseRoute(hash: string): Route {
    const text = hash.replace(/^#/, "");
    const at = text.indexOf("?");
    const path = at < 0 ? text : text.slice(0, at);
    const params = new URLSearchParams(at < 0 ? "" : text.slice(at + 1));
    const segments = path.split("/").filter((segment) => segment !== "");
    let decoded: string[];
    try {
        decoded = segments.map(decodeURIComponent);
    } catch {
        return { screen: "unknown", hash: text };
    }
    const [first, second, ...rest] = decoded;
    if (rest.length > 0) {
        return { screen: "unknown", hash: text };
    }
    if (first === undefined || (first === "payment-issues" && second === undefined)) {
        return { screen: "queue", ...present(params, ["cursor"]) };
    }
    if (first === "orders") {
        return second === undefined
            ? { screen: "orders", feed: present(params, ["status", "from", "to", "cursor"]) }
            : { screen: "order", orderId: second };
    }
    if (first === "stock") {
        return second === undefined ? { screen: "stock" } : { screen: "stock", sku: second };
    }
    return { screen: "unknown", hash: text };
}

/** The hash that names `route`: parseRoute(routeHash(route)) is `route`. */
export function routeHash(route: Route): string {
    switch (route.screen) {
        case "queue":
            return `#/payment-issues${query({ cursor: route.cursor })}`;
        case "orders":
            return `#/orders${query(route.feed)}`;
        case "order":
            return `#/orders/${encodeURIComponent(route.orderId)}`;
        case "stock":
            return route.sku === undefined ? "#/stock" : `#/stock/${encodeURIComponent(route.sku)}`;
        case "unknown":
            return `#${route.hash}`;
    }
}

function query(params: Record<string, string | undefined>): string {
    const present = Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== "");
    return present.length === 0 ? "" : `?${new URLSearchParams(present)}`;
}

/** The parameters among `names` that are there and not empty. */
function present<K extends string>(params: URLSearchParams, names: readonly K[]): Partial<Record<K, string>> {
    const values: Partial<Record<K, string>> = {};
    for (const name of names) {
        const value = params.get(name);
        if (value !== null && value !== "") {
            values[name] = value;
        }
    }
    return values;
}
