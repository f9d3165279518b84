// A product's stock: on hand, reserved, available; a recount sent on the version read (If-Match), and a 412 shown as
// changed since it was loaded, with a reload.
import { answer } from "../api";
import { h } from "../dom";
import { staleRefusal } from "../refusal";
import type { Stock } from "../schemas";
import { button, facts, field, findForm, readInto, type Ui } from "../ui";

export async function stockScreen(sku: string | undefined, ui: Ui): Promise<void> {
    const find = findForm(ui, "Find a product's stock", "SKU", "Find stock", (found) => ({ screen: "stock", sku: found }), sku);
    if (sku === undefined) {
        ui.show("Stock", find);
        return;
    }
    await productStock(sku, find, ui);
}

async function productStock(sku: string, find: HTMLFormElement, ui: Ui): Promise<void> {
    const content = h("div", {}, h("p", {}, "Loading the stock…"));
    ui.show(`Stock of ${sku}`, find, content);
    const onHand = h("input", { id: "recount-on-hand", name: "onHand", type: "number", required: true, min: 0, max: 1_000_000_000, step: 1 });
    let etag = "";

    const load = () => readInto(ui, content, () => answer(ui.api.GET("/products/{sku}/stock", { params: { path: { sku } } })), show);

    function show(stock: Stock, version: string | null): void {
        // The API always sends the stock's ETag (docs/openapi.yaml); without one, a recount applies to the stock as it is.
        etag = version ?? "*";
        if (onHand.value === "") {
            onHand.value = String(stock.onHand);
        }
        const form = h("form", {
            onsubmit: (event: Event) => {
                event.preventDefault();
                void recount(form);
            },
        },
        field("Units on hand", onHand, `Counted on the shelf: at least the ${stock.reserved} that open orders reserve.`),
        h("button", { type: "submit" }, "Save recount"));
        content.replaceChildren(
            facts([["On hand", String(stock.onHand)], ["Reserved", String(stock.reserved)], ["Available", String(stock.available)]]),
            h("section", { "aria-labelledby": "recount-heading" }, h("h2", { id: "recount-heading" }, "Recount"), form));
    }

    async function recount(form: HTMLFormElement): Promise<void> {
        ui.clearMessages();
        const submit = form.querySelector("button");
        submit?.setAttribute("disabled", "");
        const got = await answer(ui.api.PUT("/products/{sku}/stock", {
            params: { path: { sku }, header: { "If-Match": etag } },
            body: { onHand: Number(onHand.value) },
        }));
        submit?.removeAttribute("disabled");
        if (!ui.live()) {
            return;
        }
        if (got.ok) {
            show(got.data, got.etag);
            ui.announce(`Recounted ${sku}: ${got.data.onHand} on hand.`);
            return;
        }
        if (got.refusal.status === 412) {
            // The count typed stays: it is what is on the shelf; the reload shows what moved meanwhile.
            ui.refuse(staleRefusal(got.refusal), button("Reload", () => void load().then(() => {
                ui.clearMessages();
                onHand.focus();
            })));
            return;
        }
        ui.refuse(got.refusal);
        onHand.focus();
    }

    await load();
}
