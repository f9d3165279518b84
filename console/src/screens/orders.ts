// Orders: one found by its id, and the status feed (every customer's orders in a status, newest first, by date).
import { answer } from "../api";
import { h } from "../dom";
import { feedQuery } from "../feed";
import { humanize } from "../labels";
import { formatMoney } from "../money";
import type { Feed } from "../router";
import { ORDER_STATUSES } from "../schemas";
import { field, findForm, instant, link, pager, readInto, table, type Ui } from "../ui";

export async function ordersScreen(feed: Feed, ui: Ui): Promise<void> {
    const listing = h("div", {}, h("p", {}, "Loading orders…"));
    ui.show("Orders", findForm(ui, "Find an order", "Order id", "Find order", (orderId) => ({ screen: "order", orderId })), h("section", { "aria-labelledby": "feed-heading" },
        h("h2", { id: "feed-heading" }, "Orders by status"),
        feedForm(feed, ui),
        listing));

    await readInto(ui, listing, () => answer(ui.api.GET("/orders", { params: { query: feedQuery(feed) } })), (page) => {
        const { cursor: _, ...query } = feed;
        listing.replaceChildren(
            page.orders.length === 0
                ? h("p", {}, "No orders match.")
                : table(`${feed.status === undefined ? "Orders in any status" : `${humanize(feed.status)} orders`}, newest first`,
                    ["Order", "Customer", "Status", "Total", "Lines", "Created"],
                    page.orders.map((order) => [
                        link({ screen: "order", orderId: order.orderId }, order.orderId),
                        order.customerId,
                        humanize(order.status),
                        formatMoney(order.total, order.currency),
                        String(order.itemCount),
                        instant(order.createdAt),
                    ])),
            pager("Pages of orders",
                feed.cursor === undefined ? undefined : { screen: "orders", feed: query },
                page.nextCursor === undefined ? undefined : { screen: "orders", feed: { ...query, cursor: page.nextCursor } }));
    });
}

/** Status and a range of creation dates (whole UTC days); Show lists the first page. */
function feedForm(feed: Feed, ui: Ui): HTMLFormElement {
    const status = h("select", { id: "feed-status", name: "status" },
        h("option", { value: "" }, "Any status"),
        ORDER_STATUSES.map((value) => h("option", { value, selected: value === feed.status }, humanize(value))));
    const from = h("input", { id: "feed-from", name: "from", type: "date", value: feed.from });
    const to = h("input", { id: "feed-to", name: "to", type: "date", value: feed.to });
    return h("form", {
        class: "inline",
        onsubmit: (event: Event) => {
            event.preventDefault();
            const next: Feed = {};
            for (const [name, control] of [["status", status], ["from", from], ["to", to]] as const) {
                if (control.value !== "") {
                    next[name] = control.value;
                }
            }
            ui.go({ screen: "orders", feed: next });
        },
    },
    field("Status", status),
    field("Created from", from, "A day in UTC, included."),
    field("Created to", to, "A day in UTC, included."),
    h("button", { type: "submit" }, "Show orders"));
}
