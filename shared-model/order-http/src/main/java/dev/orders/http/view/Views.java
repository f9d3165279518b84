package dev.orders.http.view;

import dev.orders.core.customer.Customer;
import dev.orders.core.feed.Page;
import dev.orders.core.order.Disclosure;
import dev.orders.core.order.LineTransitions;
import dev.orders.core.order.NextStatus;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderAggregate;
import dev.orders.core.order.OrderChange;
import dev.orders.core.order.OrderEvent;
import dev.orders.core.order.OrderLine;
import dev.orders.core.order.OrderSummary;
import dev.orders.core.order.OpenPaymentIssue;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.order.PaymentIssueKind;
import dev.orders.core.order.Role;
import dev.orders.core.order.StatusChangeRequest;
import dev.orders.core.product.Product;
import dev.orders.core.product.Stock;
import dev.orders.core.time.Timestamps;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** The JSON shapes of the HTTP API. Money is integer minor units; times are ISO-8601 UTC. */
public final class Views {
    private Views() {
    }

    public static Map<String, Object> customer(Customer customer) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("customerId", customer.customerId());
        json.put("name", customer.name());
        json.put("email", customer.email());
        json.put("createdAt", Timestamps.format(customer.createdAt()));
        json.put("updatedAt", Timestamps.format(customer.updatedAt()));
        return json;
    }

    /**
     * A product, with the units {@code available} when its stock is tracked; what is on hand and reserved is the
     * administrators' ({@link #stock}).
     */
    public static Map<String, Object> product(Product product) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("sku", product.sku());
        json.put("name", product.name());
        json.put("unitPrice", product.unitPrice());
        json.put("currency", product.currency());
        json.put("active", product.active());
        product.stock().ifPresent(stock -> json.put("available", stock.available()));
        json.put("createdAt", Timestamps.format(product.createdAt()));
        json.put("updatedAt", Timestamps.format(product.updatedAt()));
        return json;
    }

    /** A product's stock, as administrators set and read it. */
    public static Map<String, Object> stock(String sku, Stock stock) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("sku", sku);
        json.put("onHand", stock.onHand());
        json.put("reserved", stock.reserved());
        json.put("available", stock.available());
        return json;
    }

    public static Map<String, Object> order(Order order) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("orderId", order.orderId());
        json.put("customerId", order.customerId());
        json.put("status", order.status().name());
        json.put("version", order.version());
        json.put("total", order.total());
        json.put("currency", order.currency());
        json.put("capturedAmount", order.capturedAmount());
        json.put("refundedAmount", order.refundedAmount());
        order.paymentId().ifPresent(paymentId -> json.put("paymentId", paymentId));
        order.heldFrom().ifPresent(status -> json.put("heldFrom", status.name()));
        json.put("itemCount", order.itemCount());
        json.put("createdAt", Timestamps.format(order.createdAt()));
        json.put("updatedAt", Timestamps.format(order.updatedAt()));
        return json;
    }

    /** A feed entry: the fields of {@link #order} but version and updatedAt, which the feeds' indexes leave out. */
    public static Map<String, Object> summary(OrderSummary summary) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("orderId", summary.orderId());
        json.put("customerId", summary.customerId());
        json.put("status", summary.status().name());
        json.put("total", summary.total());
        json.put("currency", summary.currency());
        json.put("itemCount", summary.itemCount());
        json.put("createdAt", Timestamps.format(summary.createdAt()));
        return json;
    }

    /**
     * The order with its lines and payment issues, as a reader in {@code role} sees them, and what that reader may
     * ask of the order and of each line next: what the core would grant their request now, never a copy of the
     * lifecycle for a client to keep.
     */
    public static Map<String, Object> aggregate(OrderAggregate aggregate, Role role) {
        Order order = aggregate.order();
        Disclosure disclosure = Disclosure.to(role);
        Map<String, Object> json = order(order);
        json.put("next", StatusChangeRequest.next(order, role).stream().map(Views::nextStatus).toList());
        json.put("items", aggregate.items().stream().map(line -> {
            Map<String, Object> item = line(line);
            item.put("next", LineTransitions.next(order, line, role).stream().map(Enum::name).toList());
            return item;
        }).toList());
        json.put("paymentIssues", aggregate.paymentIssues().stream()
                .map(issue -> paymentIssue(issue, disclosure)).toList());
        return json;
    }

    private static Map<String, Object> nextStatus(NextStatus next) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("status", next.status().name());
        json.put("reasonRequired", next.reasonRequired());
        return json;
    }

    /**
     * A payment issue as the order shows it: the provider's payment, what of it was refunded, its state, and
     * its resolution once it has one (its note to the staff only). An issue without a customer (its order id
     * names no order) is shown to the staff only.
     */
    public static Map<String, Object> paymentIssue(PaymentIssue issue, Disclosure disclosure) {
        Map<String, Object> json = issueEntry(issue.orderId(), issue.customerId(), issue.eventId(), issue.kind(),
                issue.amount(), issue.currency(), issue.at());
        issue.payment().ifPresent(payment -> {
            json.put("direction", payment.direction().name());
            json.put("paymentId", payment.paymentId());
        });
        json.put("refundedAmount", issue.refundedAmount());
        json.put("state", issue.resolution().isPresent() ? "RESOLVED" : issue.isSettled() ? "SETTLED" : "OPEN");
        issue.resolution().ifPresent(resolution -> {
            Map<String, Object> resolved = new LinkedHashMap<>();
            resolved.put("at", Timestamps.format(resolution.at()));
            resolved.put("by", issue.customerId().map(customerId -> disclosure.actor(resolution.by(), customerId))
                    .orElse(resolution.by()));
            if (disclosure.showsNotes()) {
                resolved.put("note", resolution.note());
            }
            json.put("resolution", resolved);
        });
        return json;
    }

    /** An entry of the open payment issues: what identifies it and the money the provider moved. */
    public static Map<String, Object> openPaymentIssue(OpenPaymentIssue issue) {
        return issueEntry(issue.orderId(), issue.customerId(), issue.eventId(), issue.kind(), issue.amount(),
                issue.currency(), issue.at());
    }

    private static Map<String, Object> issueEntry(String orderId, Optional<String> customerId, String eventId,
                                                  PaymentIssueKind kind, long amount, String currency, Instant at) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("orderId", orderId);
        customerId.ifPresent(customer -> json.put("customerId", customer));
        json.put("eventId", eventId);
        json.put("kind", kind.name());
        json.put("amount", amount);
        json.put("currency", currency);
        json.put("at", Timestamps.format(at));
        return json;
    }

    /** A line as the API calls it: an order item. */
    public static Map<String, Object> line(OrderLine line) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("itemId", line.itemId());
        json.put("sku", line.sku());
        line.name().ifPresent(name -> json.put("name", name));
        json.put("quantity", line.quantity());
        json.put("unitPrice", line.unitPrice());
        json.put("lineTotal", line.lineTotal());
        json.put("itemStatus", line.itemStatus().name());
        json.put("createdAt", Timestamps.format(line.createdAt()));
        json.put("updatedAt", Timestamps.format(line.updatedAt()));
        return json;
    }

    /**
     * An event of an order's log, as history serves it to {@code disclosure}'s reader; the service publishes
     * it whole (docs/EVENTS.md).
     */
    public static Map<String, Object> event(OrderEvent event, Disclosure disclosure) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("orderId", event.orderId());
        json.put("customerId", event.customerId());
        json.put("version", event.version());
        json.put("type", event.type());
        json.put("at", Timestamps.format(event.at()));
        json.put("by", disclosure.actor(event.by(), event.customerId()));
        Map<String, Object> data = event.change().data();
        if (event.change() instanceof OrderChange.PaymentIssueResolved && !disclosure.showsNotes()) {
            data.remove("note");
        }
        json.put("data", data);
        return json;
    }

    /** A page as {@code {<name>: [...], nextCursor?}}. */
    public static <T> Map<String, Object> page(String name, Page<T> page, Function<T, Map<String, Object>> view) {
        Map<String, Object> json = new LinkedHashMap<>();
        List<Map<String, Object>> items = page.items().stream().map(view).toList();
        json.put(name, items);
        page.nextCursor().ifPresent(cursor -> json.put("nextCursor", cursor));
        return json;
    }
}
