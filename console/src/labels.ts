import { formatMoney } from "./money";
import type { OrderEvent } from "./schemas";

/** An API constant as words: AWAITING_PAYMENT is "Awaiting payment", OrderStatusChanged "Order status changed". */
export function humanize(constant: string): string {
    const words = constant.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replaceAll("_", " ").toLowerCase();
    return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One event of an order's history as its timeline shows it: what happened, what it changed, and the staff's words. */
export type TimelineEntry = { what: string; details: string[]; note?: string };

/** `event` for the timeline; amounts of lines, which their events give without one, in the order's `currency`. */
export function describeEvent(event: OrderEvent, currency: string, locale?: string): TimelineEntry {
    const money = (amount: number, of: string = currency) => formatMoney(amount, of, locale);
    const move = (from: string, to: string) => `${humanize(from)} → ${humanize(to)}`;
    const what = humanize(event.type);
    switch (event.type) {
        case "OrderCreated":
            return { what, details: [`${count(event.data.lines.length, "line")}, total ${money(event.data.total, event.data.currency)}`] };
        case "OrderLineAdded":
        case "OrderLineRemoved": {
            const line = event.data.line;
            return { what, details: [`${line.quantity} × ${line.sku} (${money(line.lineTotal)})`, `Order total ${money(event.data.total)}`] };
        }
        case "OrderStatusChanged":
            return withNote({ what, details: [move(event.data.from, event.data.to)] }, event.data.reason);
        case "OrderLineStatusChanged":
            return { what, details: [`${event.data.sku} (line ${event.data.itemId}): ${move(event.data.from, event.data.to)}`] };
        case "PaymentCaptured":
            return withNote({ what, details: [`${money(event.data.amount, event.data.currency)} captured`, move(event.data.from, event.data.to)] }, event.data.reason);
        case "RefundRecorded":
            return withNote({
                what,
                details: [`${money(event.data.amount, event.data.currency)} refunded, ${money(event.data.refundedAmount, event.data.currency)} in all`, move(event.data.from, event.data.to)],
            }, event.data.reason);
        case "RefundIdentified":
        case "PaymentIssueRefunded":
            return { what, details: [`${money(event.data.amount, event.data.currency)} refunded, ${money(event.data.refundedAmount, event.data.currency)} in all`] };
        case "PaymentIssueRecorded":
            return { what, details: [`${humanize(event.data.kind)}: ${money(event.data.amount, event.data.currency)}`] };
        case "PaymentIssueResolved":
            return withNote({ what, details: [humanize(event.data.kind)] }, event.data.note);
    }
}

function withNote(entry: TimelineEntry, note: string | undefined): TimelineEntry {
    return note === undefined || note === "" ? entry : { ...entry, note };
}

function count(n: number, noun: string): string {
    return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
