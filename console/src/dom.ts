// The console's one DOM helper: elements built from a tag, attributes and children, so that each screen reads as
// the HTML it makes. Text is always a text node (never innerHTML): nothing the API answers is parsed as markup.

type Child = Node | string | number | null | undefined | false | readonly Child[];
type Attribute = string | number | boolean | null | undefined | ((event: Event) => void);

/** `<tag attributes...>children</tag>`: `on<type>` attributes listen, `true` sets an empty attribute, absent ones are left out. */
export function h<K extends keyof HTMLElementTagNameMap>(
    tag: K, attributes: Record<string, Attribute> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
        if (typeof value === "function") {
            element.addEventListener(name.slice(2), value);
        } else if (value === true) {
            element.setAttribute(name, "");
        } else if (value !== false && value !== null && value !== undefined) {
            element.setAttribute(name, String(value));
        }
    }
    append(element, children);
    return element;
}

/** `parent` with `children` in place of what it held. */
export function fill(parent: Element, ...children: Child[]): void {
    parent.replaceChildren();
    append(parent, children);
}

function append(parent: Node, children: readonly Child[]): void {
    for (const child of children) {
        if (Array.isArray(child)) {
            append(parent, child);
        } else if (child instanceof Node) {
            parent.appendChild(child);
        } else if (child !== null && child !== undefined && child !== false) {
            parent.appendChild(document.createTextNode(String(child)));
        }
    }
}

/** Text for screen readers only: what a repeated visible label ("Resolve") is about. */
export function hidden(text: string): HTMLSpanElement {
    return h("span", { class: "visually-hidden" }, text);
}

/** The element with this id in index.html. */
export function byId<T extends HTMLElement>(id: string): T {
    const element = document.getElementById(id);
    if (element === null) {
        throw new Error(`index.html has no #${id}`);
    }
    return element as T;
}
