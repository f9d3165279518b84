// The home screen: the open payment issues of every order, each resolved with a required note.
import { answer } from "../api";
import { h, hidden } from "../dom";
import { humanize } from "../labels";
import { formatMoney } from "../money";
import type { OpenPaymentIssue } from "../schemas";
import { formatAge } from "../time";
import { button, field, instant, link, pager, readInto, table, type Ui } from "../ui";

const PAGE = 20;

/** Issues resolved from this tab: the queue's index may list one for a moment after its resolution. */
const resolvedHere = new Set<string>();

export async function queueScreen(cursor: string | undefined, ui: Ui): Promise<void> {
    const listing = h("div", {}, h("p", {}, "Loading the open issues…"));
    /** The row under an issue that holds its resolution's form, while one is open. */
    let resolution: HTMLTableRowElement | undefined;
    ui.show("Payment issues",
        h("p", {}, "Money the payment provider moved that an order could not take, open until an administrator resolves it. Oldest first."),
        listing);

    const load = () => readInto(ui, listing,
        () => answer(ui.api.GET("/payment-issues", { params: { query: { sort: "oldest", limit: PAGE, ...(cursor === undefined ? {} : { cursor }) } } })),
        (page) => {
            const issues = page.issues.filter((issue) => !resolvedHere.has(key(issue)));
            const now = new Date();
            listing.replaceChildren(
                issues.length === 0
                    ? h("p", {}, cursor === undefined ? "No open payment issues." : "No more open payment issues.")
                    : table("Open payment issues", ["Kind", "Order", "Amount", "Recorded", "Age", "Action"], issues.map((issue) => [
                        humanize(issue.kind),
                        // No customer: the id names no order (an unknown order's issue), so there is none to open.
                        issue.customerId === undefined ? issue.orderId : link({ screen: "order", orderId: issue.orderId }, issue.orderId),
                        formatMoney(issue.amount, issue.currency),
                        instant(issue.at),
                        formatAge(issue.at, now),
                        resolveButton(issue),
                    ])),
                pager("Pages of payment issues",
                    cursor === undefined ? undefined : { screen: "queue" },
                    page.nextCursor === undefined ? undefined : { screen: "queue", cursor: page.nextCursor }));
        });

    function resolveButton(issue: OpenPaymentIssue): HTMLButtonElement {
        const opener: HTMLButtonElement = button(["Resolve", hidden(` the ${about(issue)}`)], () => openResolution(issue, opener));
        return opener;
    }

    /** The issue's resolution form, in a row right under it; the note takes the focus. */
    function openResolution(issue: OpenPaymentIssue, opener: HTMLButtonElement): void {
        resolution?.remove();
        const note = h("textarea", { id: "resolution-note", name: "note", required: true, maxlength: 500, rows: 3 });
        const form = h("form", {
            "aria-label": `Resolve the ${about(issue)}`,
            onsubmit: (event: Event) => {
                event.preventDefault();
                void resolve(issue, note.value.trim(), form);
            },
        },
        field("Note", note, "What was done about it (required, at most 500 characters): administrators read it in the order's history."),
        h("div", { class: "actions" },
            h("button", { type: "submit" }, "Resolve issue"),
            button("Cancel", () => {
                resolution?.remove();
                resolution = undefined;
                opener.focus();
            })));
        const row = h("tr", { class: "resolution" }, h("td", { colspan: 6 }, form));
        opener.closest("tr")?.after(row);
        resolution = row;
        note.focus();
    }

    async function resolve(issue: OpenPaymentIssue, note: string, form: HTMLFormElement): Promise<void> {
        ui.clearMessages();
        if (note === "") {
            ui.refuse({ title: "A note is required", detail: "Say what was done about the issue before resolving it.", errors: [] });
            form.querySelector("textarea")?.focus();
            return;
        }
        const submit = form.querySelector<HTMLButtonElement>("button[type=submit]");
        submit?.setAttribute("disabled", "");
        const got = await answer(ui.api.POST("/orders/{orderId}/payment-issues/{eventId}/resolution", {
            params: { path: { orderId: issue.orderId, eventId: issue.eventId } },
            body: { note },
        }));
        submit?.removeAttribute("disabled");
        if (!ui.live()) {
            return;
        }
        if (!got.ok) {
            ui.refuse(got.refusal);
            return;
        }
        resolvedHere.add(key(issue));
        resolution = undefined;
        ui.announce(`Resolved the ${about(issue)}.`);
        ui.focusHeading();
        await load();
    }

    await load();
}

/** "duplicate capture of order o-1": which issue a button or a message is about. */
function about(issue: OpenPaymentIssue): string {
    return `${humanize(issue.kind).toLowerCase()} of order ${issue.orderId}`;
}

function key(issue: OpenPaymentIssue): string {
    return `${issue.orderId}/${issue.eventId}`;
}
