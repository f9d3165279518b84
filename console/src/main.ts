// The console's start: its config, the issuer's redirect back or a new sign-in, then the screens. The access token
// lives in this module's memory only; a 401, or a token about to expire, goes back through the issuer.
import { createApi } from "./api";
import {
    consoleUrl, isRedirectBack, markSignedOut, parseConfig, rememberSignIn, returnRoute, takeSignedOut, takeSignIn,
} from "./auth-state";
import { byId, fill, h } from "./dom";
import { authorization, discover, endSession, type Issuer, redeem, signInFailure } from "./oidc";
import { failureOf, type Refusal } from "./refusal";
import { parseRoute, type Route, routeHash } from "./router";
import { orderScreen } from "./screens/order";
import { ordersScreen } from "./screens/orders";
import { queueScreen } from "./screens/queue";
import { stockScreen } from "./screens/stock";
import { hasExpired, readClaims, type TokenClaims } from "./token";
import { button, type Ui } from "./ui";

type Session = {
    accessToken: string;
    claims: TokenClaims;
    idToken: string | undefined;
    /** Whether the API took the token once: a 401 before that would only send the user round the issuer again. */
    accepted: boolean;
};

const APP = "Order service console";
const redirectUri = consoleUrl(location);
const alertRegion = byId<HTMLDivElement>("alert");
const statusRegion = byId<HTMLDivElement>("status");
const screen = byId<HTMLDivElement>("screen");
let issuer: Issuer | undefined;
let session: Session | undefined;
/** Counts the screens shown: a screen's late answers land only while it is the last one. */
let shown = 0;

const api = createApi(location.origin, send);

/** Every API request: with the token, or first back through the issuer when there is none fit to send. */
async function send(request: Request): Promise<Response> {
    const sending = session;
    if (sending === undefined || hasExpired(sending.claims, Date.now() / 1000)) {
        return signInAgain();
    }
    request.headers.set("Authorization", `Bearer ${sending.accessToken}`);
    const response = await fetch(request);
    if (response.status === 401 && sending.accepted) {
        return signInAgain();
    }
    sending.accepted ||= response.status !== 401;
    return response;
}

/** The session ended: to the issuer, back to this screen after. The request waits for the page to go. */
async function signInAgain(): Promise<never> {
    session = undefined;
    statusRegion.textContent = "Your session ended: signing in again…";
    await signIn();
    return new Promise<never>(() => undefined);
}

/** To the issuer's sign-in, coming back to this screen; without an issuer (config.json or discovery failed), a fresh start. */
async function signIn(): Promise<void> {
    if (issuer === undefined) {
        location.reload();
        return;
    }
    const { pending, url } = await authorization(issuer, redirectUri, returnRoute(location.hash));
    rememberSignIn(sessionStorage, pending);
    location.assign(url);
}

async function signOut(): Promise<void> {
    const idToken = session?.idToken;
    session = undefined;
    byId("user").hidden = true;
    byId("nav").hidden = true;
    const end = issuer === undefined ? undefined : endSession(issuer, redirectUri, idToken);
    if (end === undefined) {
        gate(undefined, "You signed out.");
        return;
    }
    markSignedOut(sessionStorage);
    location.assign(end);
}

/** The sign-in page: why the console is not signed in, and the button that signs in. */
function gate(refusal: Refusal | undefined, said?: string): void {
    shown++;
    clearMessages();
    const heading = h("h1", { tabindex: "-1" }, "Sign in");
    screen.replaceChildren(heading,
        h("p", {}, "The console acts for an administrator of the order service: sign in with the identity provider the API trusts."),
        button("Sign in", () => void signIn().catch((error: unknown) => refuse(failureOf(error)))));
    document.title = `Sign in · ${APP}`;
    if (refusal !== undefined) {
        refuse(refusal);
    }
    if (said !== undefined) {
        statusRegion.textContent = said;
    }
    heading.focus();
}

function refuse(refusal: Refusal, ...actions: HTMLElement[]): void {
    fill(alertRegion,
        h("p", { class: "alert-title" }, refusal.title),
        refusal.detail === undefined ? null : h("p", {}, refusal.detail),
        refusal.errors.length === 0 ? null : h("ul", {}, refusal.errors.map((error) => h("li", {}, `${error.field}: ${error.message}`))),
        refusal.status === 401 ? button("Sign in again", () => void signInAgain()) : null,
        actions.length === 0 ? null : h("div", { class: "actions" }, actions));
}

function clearMessages(): void {
    alertRegion.replaceChildren();
    statusRegion.replaceChildren();
}

/** The screen the hash names, in place of the last one, its heading focused. */
function render(): void {
    if (session === undefined) {
        return;
    }
    const route = parseRoute(location.hash);
    const generation = ++shown;
    clearMessages();
    let heading: HTMLElement | undefined;
    const ui: Ui = {
        api,
        show(title, ...content) {
            heading = h("h1", { tabindex: "-1" }, title);
            screen.replaceChildren(heading, ...content);
            document.title = `${title} · ${APP}`;
            heading.focus();
        },
        live: () => generation === shown,
        refuse: (refusal, ...actions) => generation === shown && refuse(refusal, ...actions),
        announce: (text) => {
            if (generation === shown) {
                statusRegion.textContent = text;
            }
        },
        clearMessages,
        focusHeading: () => heading?.focus(),
        go,
    };
    for (const item of byId("nav").querySelectorAll("a")) {
        if (item.dataset.screens?.split(" ").includes(route.screen)) {
            item.setAttribute("aria-current", "page");
        } else {
            item.removeAttribute("aria-current");
        }
    }
    showRoute(route, ui).catch((error: unknown) => ui.refuse(failureOf(error)));
}

function showRoute(route: Route, ui: Ui): Promise<void> {
    switch (route.screen) {
        case "queue":
            return queueScreen(route.cursor, ui);
        case "orders":
            return ordersScreen(route.feed, ui);
        case "order":
            return orderScreen(route.orderId, ui);
        case "stock":
            return stockScreen(route.sku, ui);
        case "unknown":
            ui.show("Not found", h("p", {}, `The console has no screen at #${route.hash}. `, h("a", { href: "#/" }, "Go to the payment issues.")));
            return Promise.resolve();
    }
}

function go(route: Route): void {
    const hash = routeHash(route);
    if (hash === location.hash) {
        render();
    } else {
        location.hash = hash;
    }
}

/** Signed in: the header says as whom, and the screens start. */
function start(tokens: { accessToken: string; idToken?: string }): void {
    const claims = readClaims(tokens.accessToken);
    if (claims === undefined) {
        gate({ title: "The issuer's access token cannot be used", detail: "It is not a JWT with a subject and an expiry, which the API requires.", errors: [] });
        return;
    }
    session = { accessToken: tokens.accessToken, claims, idToken: tokens.idToken, accepted: false };
    byId("user-sub").textContent = claims.sub;
    byId("user").hidden = false;
    byId("nav").hidden = false;
    render();
}

async function boot(): Promise<void> {
    byId("skip-link").addEventListener("click", (event) => {
        event.preventDefault();
        byId("main").focus();
    });
    byId("sign-out").addEventListener("click", () => void signOut());
    window.addEventListener("hashchange", render);
    try {
        const config = await fetch("config.json", { cache: "no-store" });
        if (!config.ok) {
            throw new Error(`GET config.json answered ${config.status}`);
        }
        issuer = await discover(parseConfig(await config.json()));
    } catch (error) {
        gate({ title: "The console cannot find its identity provider", detail: signInFailure(error), errors: [] });
        return;
    }
    if (isRedirectBack(location.search)) {
        const current = new URL(location.href);
        const pending = takeSignIn(sessionStorage);
        // The code and state leave the address bar (and the history) at once: they are single-use.
        history.replaceState(null, "", redirectUri + (pending?.returnTo ?? "#/"));
        if (pending === undefined) {
            gate({ title: "Sign-in was not started here", detail: "The identity provider sent back a sign-in this tab did not begin (or already finished). Sign in again.", errors: [] });
            return;
        }
        try {
            start(await redeem(issuer, current, redirectUri, pending));
        } catch (error) {
            gate({ title: "Sign-in failed", detail: signInFailure(error), errors: [] });
        }
        return;
    }
    if (takeSignedOut(sessionStorage)) {
        gate(undefined, "You signed out.");
        return;
    }
    await signIn();
}

void boot().catch((error: unknown) => gate(failureOf(error)));
