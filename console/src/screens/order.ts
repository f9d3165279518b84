// One order: its status, lines, money and history, and the moves the API says it allows (never a copy of the
// lifecycle here: the order's `next` and each line's `next`, from GET /orders/{orderId}).
import { answer } from "../api";
import { fill, h, hidden } from "../dom";
import { describeEvent, humanize } from "../labels";
import { formatMoney } from "../money";
import { staleRefusal } from "../refusal";
import type { AdminOrder, AdminOrderItem, ItemStatus, OrderEvent } from "../schemas";
import { formatInstant } from "../time";
import { button, facts, field, instant, readInto, submitter, table, type Ui } from "../ui";

const HISTORY_PAGE = 50;

export async function orderScreen(orderId: string, ui: Ui): Promise<void> {
    const content = h("div", {}, h("p", {}, "Loading the order…"));
    ui.show(`Order ${orderId}`, content);

    /** The order with the first page of its history, read at once; the history's refusal, if any, beside the order. */
    const load = () => readInto(ui, content, async () => {
        const [order, history] = await Promise.all([
            answer(ui.api.GET("/orders/{orderId}", { params: { path: { orderId } } })),
            answer(ui.api.GET("/orders/{orderId}/history", { params: { path: { orderId }, query: { limit: HISTORY_PAGE } } })),
        ]);
        return order.ok ? { ...order, data: { order: order.data, history } } : order;
    }, ({ order, history }, etag) => {
        // The ETag is the order's version, quoted (docs/openapi.yaml).
        const version = etag ?? `"${order.version}"`;
        fill(content,
            summary(order),
            money(order),
            statusActions(order, version),
            lines(order, version),
            paymentIssues(order),
            timeline(order.currency, history.ok ? history.data : undefined));
        if (!history.ok) {
            ui.refuse(history.refusal);
        }
    });

    /** Sends a change on the version read; reloads after it, or shows its refusal. */
    async function change(call: Promise<{ data?: unknown; error?: unknown; response: Response }>, done: string, form?: HTMLFormElement): Promise<void> {
        ui.clearMessages();
        form?.querySelectorAll("button").forEach((each) => each.setAttribute("disabled", ""));
        const got = await answer(call);
        form?.querySelectorAll("button").forEach((each) => each.removeAttribute("disabled"));
        if (!ui.live()) {
            return;
        }
        if (got.ok) {
            ui.announce(done);
            await load();
            ui.focusHeading();
            return;
        }
        if (got.refusal.status === 412) {
            ui.refuse(staleRefusal(got.refusal), button("Reload", () => void load().then(() => ui.clearMessages())));
            return;
        }
        ui.refuse(got.refusal);
        const reason = form?.querySelector("textarea");
        if (reason && got.refusal.errors.some((error) => error.field === "reason")) {
            reason.setAttribute("aria-invalid", "true");
            reason.focus();
        }
    }

    function statusActions(order: AdminOrder, etag: string): HTMLElement {
        const section = h("section", { "aria-labelledby": "status-actions-heading" }, h("h2", { id: "status-actions-heading" }, "Change the status"));
        const next = order.next;
        if (next.length === 0) {
            section.append(h("p", {}, `No status change is open to you from ${humanize(order.status)}.`));
            return section;
        }
        const reason = h("textarea", { id: "status-reason", name: "reason", maxlength: 500, rows: 2 });
        const needReason = next.filter((move) => move.reasonRequired).map((move) => humanize(move.status).toLowerCase());
        const form: HTMLFormElement = h("form", {
            onsubmit: (event: Event) => {
                event.preventDefault();
                const move = next.find((allowed) => allowed.status === submitter(event as SubmitEvent));
                if (move === undefined) {
                    return;
                }
                const text = reason.value.trim();
                if (move.reasonRequired && text === "") {
                    ui.refuse({ title: "A reason is required", detail: `Say why the order moves to ${humanize(move.status).toLowerCase()}.`, errors: [] });
                    reason.setAttribute("aria-invalid", "true");
                    reason.focus();
                    return;
                }
                void change(ui.api.POST("/orders/{orderId}/status", {
                    params: { path: { orderId }, header: { "If-Match": etag } },
                    body: { status: move.status, ...(text === "" ? {} : { reason: text }) },
                }), `Order ${orderId} is now ${humanize(move.status).toLowerCase()}.`, form);
            },
        },
        field("Reason", reason, needReason.length === 0
            ? "Recorded in the order's history."
            : `Recorded in the order's history; required to move to ${needReason.join(", ")}.`),
        h("div", { class: "actions" }, next.map(({ status }) =>
            h("button", { type: "submit", name: "status", value: status, class: status === "CANCELLED" ? "danger" : null },
                status === "CANCELLED" ? "Cancel order" : `Move to ${humanize(status).toLowerCase()}`))));
        section.append(form);
        return section;
    }

    function lines(order: AdminOrder, etag: string): HTMLElement {
        return h("section", { "aria-labelledby": "lines-heading" },
            h("h2", { id: "lines-heading" }, "Lines"),
            order.items.length === 0
                ? h("p", {}, "The order has no lines.")
                : table("Lines of the order", ["Product", "Quantity", "Unit price", "Line total", "Status", "Actions"],
                    order.items.map((line, index) => [
                        line.name === undefined ? line.sku : `${line.sku}: ${line.name}`,
                        String(line.quantity),
                        formatMoney(line.unitPrice, order.currency),
                        formatMoney(line.lineTotal, order.currency),
                        humanize(line.itemStatus),
                        lineActions(line, index, etag),
                    ])));
    }

    function lineActions(line: AdminOrderItem, index: number, etag: string): HTMLElement {
        const moves = line.next;
        return h("div", { class: "actions" }, moves.length === 0 ? "None" : moves.map((status) =>
            button([LINE_MOVES[status], hidden(` line ${index + 1}, ${line.sku}`)], () => void change(
                ui.api.PUT("/orders/{orderId}/items/{itemId}/status", {
                    params: { path: { orderId, itemId: line.itemId }, header: { "If-Match": etag } },
                    body: { status },
                }),
                `Line ${index + 1} (${line.sku}) is now ${humanize(status).toLowerCase()}.`))));
    }

    /** The history, newest first, a page at a time: "Older events" adds the next. */
    function timeline(currency: string, page: HistoryPage | undefined): HTMLElement {
        const section = h("section", { "aria-labelledby": "history-heading" }, h("h2", { id: "history-heading" }, "History"));
        if (page === undefined) {
            section.append(h("p", {}, "The history could not be read."));
            return section;
        }
        const events = h("ol", { class: "timeline" });
        const more = h("div");
        const show = (shown: HistoryPage): void => {
            events.append(...shown.events.map((event) => timelineEntry(event, currency)));
            const cursor = shown.nextCursor;
            more.replaceChildren(cursor === undefined ? "" : button("Older events", () => void older(cursor)));
        };
        const older = async (cursor: string): Promise<void> => {
            ui.clearMessages();
            const got = await answer(ui.api.GET("/orders/{orderId}/history", { params: { path: { orderId }, query: { limit: HISTORY_PAGE, cursor } } }));
            if (!ui.live()) {
                return;
            }
            if (!got.ok) {
                ui.refuse(got.refusal);
                return;
            }
            const first = events.children.length;
            show(got.data);
            // The first event added takes the focus, where the button was.
            events.children[first]?.querySelector<HTMLElement>(".what")?.focus();
        };
        section.append(h("p", {}, "Newest first."), events, more);
        show(page);
        return section;
    }

    await load();
}

type HistoryPage = { events: OrderEvent[]; nextCursor?: string };

/** A line's move as its button says it. */
const LINE_MOVES: Record<ItemStatus, string> = { PENDING: "Back to pending", PICKED: "Pick", SHIPPED: "Ship", CANCELLED: "Cancel line" };

function summary(order: AdminOrder): HTMLElement {
    return h("section", { "aria-labelledby": "summary-heading" },
        h("h2", { id: "summary-heading" }, "Summary"),
        facts([
            ["Status", humanize(order.status) + (order.heldFrom === undefined ? "" : ` (held from ${humanize(order.heldFrom).toLowerCase()})`)],
            ["Customer", order.customerId],
            ["Created", instant(order.createdAt)],
            ["Updated", instant(order.updatedAt)],
            ["Version", String(order.version)],
        ]));
}

function money(order: AdminOrder): HTMLElement {
    return h("section", { "aria-labelledby": "money-heading" },
        h("h2", { id: "money-heading" }, "Money"),
        facts([
            ["Total", formatMoney(order.total, order.currency)],
            ["Captured", formatMoney(order.capturedAmount, order.currency)],
            ["Refunded", formatMoney(order.refundedAmount, order.currency)],
            ["Balance (captured less refunded)", formatMoney(order.capturedAmount - order.refundedAmount, order.currency)],
        ]));
}

function paymentIssues(order: AdminOrder): HTMLElement | null {
    if (order.paymentIssues.length === 0) {
        return null;
    }
    return h("section", { "aria-labelledby": "issues-heading" },
        h("h2", { id: "issues-heading" }, "Payment issues"),
        table("Payment issues of the order", ["Kind", "Amount", "State", "Recorded", "Resolution"], order.paymentIssues.map((issue) => [
            humanize(issue.kind),
            formatMoney(issue.amount, issue.currency),
            humanize(issue.state),
            instant(issue.at),
            issue.resolution === undefined ? "" : `${issue.resolution.by}, ${formatInstant(issue.resolution.at)}${issue.resolution.note === undefined ? "" : `: ${issue.resolution.note}`}`,
        ])));
}

function timelineEntry(event: OrderEvent, currency: string): HTMLLIElement {
    const entry = describeEvent(event, currency);
    return h("li", {},
        h("p", { class: "what", tabindex: "-1" }, h("strong", {}, entry.what), ` (version ${event.version})`),
        h("p", { class: "when" }, instant(event.at), ` by ${event.by}`),
        entry.details.map((detail) => h("p", {}, detail)),
        entry.note === undefined ? null : h("blockquote", {}, entry.note));
}
