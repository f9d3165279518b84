// What every screen is made of: its heading (focused on arrival), the alert region for refusals, the status region
// for what was done, and the few widgets the screens share.
import type { Answer, Api } from "./api";
import { h } from "./dom";
import type { Refusal } from "./refusal";
import { type Route, routeHash } from "./router";
import { formatInstant } from "./time";

/** One screen's hold on the page: the API, its place on the page, and how it speaks to the user. */
export type Ui = {
    api: Api;
    /** Puts the screen's heading and content in place, focuses the heading and names the tab after it. */
    show(title: string, ...content: HTMLElement[]): void;
    /** Whether the user is still on this screen: an answer that comes after they left is dropped. */
    live(): boolean;
    /** A refusal in the alert region, with what the user may do about it. */
    refuse(refusal: Refusal, ...actions: HTMLElement[]): void;
    /** What was done, in the status region (read out politely). */
    announce(text: string): void;
    /** Empties both regions: a new action's outcome replaces the last one's. */
    clearMessages(): void;
    /** Focuses the screen's heading, as after arriving. */
    focusHeading(): void;
    /** Shows `route`: a new entry of the tab's history, or this screen again when it is the one shown. */
    go(route: Route): void;
};

/**
 * What a screen shows, read into `place` (busy meanwhile): `show` with the answer and its ETag, or the refusal with
 * "Try again". An answer that comes after the user left the screen is dropped.
 */
export async function readInto<T>(ui: Ui, place: HTMLElement, read: () => Promise<Answer<T>>, show: (data: T, etag: string | null) => void): Promise<void> {
    place.setAttribute("aria-busy", "true");
    const got = await read();
    if (!ui.live()) {
        return;
    }
    place.removeAttribute("aria-busy");
    if (!got.ok) {
        place.replaceChildren();
        ui.refuse(got.refusal, button("Try again", () => void readInto(ui, place, read, show)));
        return;
    }
    show(got.data, got.etag);
}

/** A link to a route. */
export function link(route: Route, ...text: (string | HTMLElement)[]): HTMLAnchorElement {
    return h("a", { href: routeHash(route) }, ...text);
}

/** A button that runs `action`. */
export function button(text: string | (string | HTMLElement)[], action: () => void): HTMLButtonElement {
    return h("button", { type: "button", onclick: action }, ...(Array.isArray(text) ? text : [text]));
}

/** A description list of label and value pairs. */
export function facts(pairs: [string, string | HTMLElement][]): HTMLDListElement {
    return h("dl", { class: "facts" }, pairs.map(([term, value]) => h("div", {}, h("dt", {}, term), h("dd", {}, value))));
}

/** A table with a caption and column headers; each row is its cells. */
export function table(caption: string, headers: string[], rows: (string | HTMLElement)[][]): HTMLTableElement {
    return h("table", {},
        h("caption", {}, caption),
        h("thead", {}, h("tr", {}, headers.map((header) => h("th", { scope: "col" }, header)))),
        h("tbody", {}, rows.map((cells) => h("tr", {}, cells.map((cell) => h("td", {}, cell))))));
}

/** "First page" and "Next page" links of a listing paged by the API's cursor. */
export function pager(label: string, first: Route | undefined, next: Route | undefined): HTMLElement {
    return h("nav", { class: "pager", "aria-label": label },
        first === undefined ? null : link(first, "First page"),
        next === undefined ? null : link(next, "Next page"));
}

/** A labelled field: its label, the control, and the hint that describes it. */
export function field(label: string, control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, hint?: string): HTMLElement {
    const hintElement = hint === undefined ? null : h("p", { class: "hint", id: `${control.id}-hint` }, hint);
    if (hintElement !== null) {
        control.setAttribute("aria-describedby", hintElement.id);
    }
    return h("div", { class: "field" }, h("label", { for: control.id }, label), hintElement, control);
}

/** A search form of one id (an order's, a product's SKU: the API's Id and Sku alike), which goes to `route` of it. */
export function findForm(ui: Ui, searchName: string, label: string, action: string, route: (id: string) => Route, value?: string): HTMLFormElement {
    const id = h("input", { id: `find-${label.toLowerCase().replaceAll(" ", "-")}`, required: true, pattern: "[A-Za-z0-9_\\-]{1,64}", autocomplete: "off", spellcheck: "false", value });
    return h("form", {
        role: "search",
        "aria-label": searchName,
        onsubmit: (event: Event) => {
            event.preventDefault();
            ui.go(route(id.value.trim()));
        },
    }, field(label, id), h("button", { type: "submit" }, action));
}

/** An instant of the API as a `<time>`, written in the reader's locale and time zone. */
export function instant(at: string): HTMLTimeElement {
    return h("time", { datetime: at }, formatInstant(at));
}

/** Which submit button sent a form (its value), so one form may offer several moves. */
export function submitter(event: SubmitEvent): string {
    return event.submitter instanceof HTMLButtonElement ? event.submitter.value : "";
}
