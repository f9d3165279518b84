package dev.orders.core.order;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one version of an order changed: the type and data of one event. The type names and the data
 * fields are the public contract (docs/EVENTS.md), stored and served in exactly this shape: the data
 * holds strings, whole numbers, lists and maps only, absent optional fields are left out.
 */
public sealed interface OrderChange {
    /** The event type: the record's name, which the contract test fixes. */
    default String type() {
        return getClass().getSimpleName();
    }

    /** The event's data as stored and published. */
    Map<String, Object> data();

    /** Version 1: the order with its lines, priced from the catalogue. */
    record OrderCreated(OrderStatus status, long total, String currency, List<LineDetails> lines) implements OrderChange {
        public OrderCreated {
            lines = List.copyOf(lines);
        }

        /** The first event of {@code order} as placed. */
        public static OrderCreated of(OrderAggregate order) {
            Order root = order.order();
            return new OrderCreated(root.status(), root.total(), root.currency(),
                    order.items().stream().map(LineDetails::of).toList());
        }

        @Override
        public Map<String, Object> data() {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("status", status.name());
            data.put("total", total);
            data.put("currency", currency);
            data.put("lines", lines.stream().map(OrderChange::line).toList());
            return data;
        }
    }

    /** A line added while the order was CREATED; {@code total} and {@code itemCount} are the order's after it. */
    record OrderLineAdded(LineDetails line, long total, int itemCount) implements OrderChange {
        @Override
        public Map<String, Object> data() {
            return lineChange(line, total, itemCount);
        }
    }

    /** A line removed while the order was CREATED; {@code total} and {@code itemCount} are the order's after it. */
    record OrderLineRemoved(LineDetails line, long total, int itemCount) implements OrderChange {
        @Override
        public Map<String, Object> data() {
            return lineChange(line, total, itemCount);
        }
    }

    /**
     * A move of the order's status; a payment provider's move names its event. A cancellation gives back what its
     * lines reserved: {@code released}, one per sku (empty for every other move).
     */
    record OrderStatusChanged(OrderStatus from, OrderStatus to, Optional<String> reason,
                              Optional<String> paymentEventId, List<RowChange.StockReleased> released)
            implements OrderChange {
        public OrderStatusChanged {
            released = List.copyOf(released);
        }

        /** A move that gives no stock back. */
        public OrderStatusChanged(OrderStatus from, OrderStatus to, Optional<String> reason,
                                  Optional<String> paymentEventId) {
            this(from, to, reason, paymentEventId, List.of());
        }

        @Override
        public Map<String, Object> data() {
            return withReleased(withCause(statusMove(from, to), paymentEventId, Optional.empty(), reason), released);
        }
    }

    /**
     * A move of one line's status during fulfillment; {@code stockMoved}: the units it had reserved, sold when it ships
     * and released when it is cancelled (0 for any other move, or a line of a product not tracked).
     */
    record OrderLineStatusChanged(String itemId, String sku, LineStatus from, LineStatus to, long stockMoved)
            implements OrderChange {
        @Override
        public Map<String, Object> data() {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("itemId", itemId);
            data.put("sku", sku);
            data.put("from", from.name());
            data.put("to", to.name());
            if (stockMoved > 0) {
                data.put(to == LineStatus.SHIPPED ? "sold" : "released", stockMoved);
            }
            return data;
        }
    }

    /**
     * The order's total captured, moving it to PAID: by the payment provider (its event's id and its
     * payment's), or by an administrator who records a payment taken elsewhere (with a reason).
     */
    record PaymentCaptured(OrderStatus from, OrderStatus to, long amount, String currency,
                           Optional<String> paymentEventId, Optional<String> paymentId, Optional<String> reason)
            implements OrderChange {
        @Override
        public Map<String, Object> data() {
            return withCause(moneyMove(from, to, amount, currency), paymentEventId, paymentId, reason);
        }
    }

    /**
     * A refund of {@code amount}, making {@code refundedAmount} refunded in all; the order moves to
     * REFUNDED ({@code to}) once everything captured is refunded, and stays where it was before that. The refund that
     * moves it gives back what its lines not yet shipped reserve: {@code released}, one per sku (empty otherwise).
     */
    record RefundRecorded(OrderStatus from, OrderStatus to, long amount, String currency, long refundedAmount,
                          Optional<String> paymentEventId, Optional<String> paymentId, Optional<String> reason,
                          List<RowChange.StockReleased> released)
            implements OrderChange {
        public RefundRecorded {
            released = List.copyOf(released);
        }

        /** A refund that gives no stock back. */
        public RefundRecorded(OrderStatus from, OrderStatus to, long amount, String currency, long refundedAmount,
                              Optional<String> paymentEventId, Optional<String> paymentId, Optional<String> reason) {
            this(from, to, amount, currency, refundedAmount, paymentEventId, paymentId, reason, List.of());
        }

        @Override
        public Map<String, Object> data() {
            Map<String, Object> data = moneyMove(from, to, amount, currency);
            data.put("refundedAmount", refundedAmount);
            return withReleased(withCause(data, paymentEventId, paymentId, reason), released);
        }
    }

    /**
     * A refund the provider told of by itself ({@code paymentEventId}) that the payment's refunds in all, as the
     * provider's running total told them, had already counted: now known refund by refund, it moves no money
     * ({@code refundedAmount} stays what it was). The payment is the order's or one an issue holds.
     */
    record RefundIdentified(String paymentEventId, String paymentId, long amount, String currency,
                            long refundedAmount) implements OrderChange {
        @Override
        public Map<String, Object> data() {
            return refundOfPayment(paymentEventId, Optional.empty(), paymentId, amount, currency, refundedAmount);
        }
    }

    /**
     * A provider's event the order could not take, recorded for an administrator to resolve; the payment it
     * names is absent only from events recorded before payments were named.
     */
    record PaymentIssueRecorded(String paymentEventId, PaymentIssueKind kind, Optional<String> paymentId, long amount,
                                String currency) implements OrderChange {
        @Override
        public Map<String, Object> data() {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("paymentEventId", paymentEventId);
            data.put("kind", kind.name());
            paymentId.ifPresent(id -> data.put("paymentId", id));
            data.put("amount", amount);
            data.put("currency", currency);
            return data;
        }
    }

    /**
     * A refund of the payment an issue holds (the issue recorded for the provider's event {@code issueEventId}),
     * making {@code refundedAmount} of it refunded in all; the order's own amounts and status do not move. The
     * issue is settled once {@code refundedAmount} reaches the amount its {@link PaymentIssueRecorded} moved.
     */
    record PaymentIssueRefunded(String paymentEventId, String issueEventId, String paymentId, long amount,
                                String currency, long refundedAmount) implements OrderChange {
        @Override
        public Map<String, Object> data() {
            return refundOfPayment(paymentEventId, Optional.of(issueEventId), paymentId, amount, currency,
                    refundedAmount);
        }
    }

    /** An administrator's resolution of the issue recorded for the provider's event {@code paymentEventId}. */
    record PaymentIssueResolved(String paymentEventId, PaymentIssueKind kind, String note) implements OrderChange {
        @Override
        public Map<String, Object> data() {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("paymentEventId", paymentEventId);
            data.put("kind", kind.name());
            data.put("note", note);
            return data;
        }
    }

    /** The change of an event of {@code type} with {@code data}, as {@link #data()} wrote it. */
    static OrderChange of(String type, Map<String, Object> data) {
        return OrderChangeReader.read(type, data);
    }

    /** A refund of the provider's payment {@code paymentId}, of the issue {@code issueEventId} where one holds it. */
    private static Map<String, Object> refundOfPayment(String paymentEventId, Optional<String> issueEventId,
                                                       String paymentId, long amount, String currency,
                                                       long refundedAmount) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("paymentEventId", paymentEventId);
        issueEventId.ifPresent(issue -> data.put("issueEventId", issue));
        data.put("paymentId", paymentId);
        data.put("amount", amount);
        data.put("currency", currency);
        data.put("refundedAmount", refundedAmount);
        return data;
    }

    private static Map<String, Object> statusMove(OrderStatus from, OrderStatus to) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("from", from.name());
        data.put("to", to.name());
        return data;
    }

    private static Map<String, Object> moneyMove(OrderStatus from, OrderStatus to, long amount, String currency) {
        Map<String, Object> data = statusMove(from, to);
        data.put("amount", amount);
        data.put("currency", currency);
        return data;
    }

    private static Map<String, Object> withCause(Map<String, Object> data, Optional<String> paymentEventId,
                                                 Optional<String> paymentId, Optional<String> reason) {
        paymentEventId.ifPresent(id -> data.put("paymentEventId", id));
        paymentId.ifPresent(id -> data.put("paymentId", id));
        reason.ifPresent(text -> data.put("reason", text));
        return data;
    }

    private static Map<String, Object> withReleased(Map<String, Object> data, List<RowChange.StockReleased> released) {
        if (!released.isEmpty()) {
            data.put("released", released.stream().map(release -> stock(release.sku(), release.quantity())).toList());
        }
        return data;
    }

    private static Map<String, Object> lineChange(LineDetails line, long total, int itemCount) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("line", line(line));
        data.put("total", total);
        data.put("itemCount", (long) itemCount);
        return data;
    }

    private static Map<String, Object> line(LineDetails line) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("itemId", line.itemId());
        data.put("sku", line.sku());
        line.name().ifPresent(name -> data.put("name", name));
        data.put("quantity", line.quantity());
        data.put("unitPrice", line.unitPrice());
        data.put("lineTotal", line.lineTotal());
        if (line.reserved() > 0) {
            data.put("reserved", line.reserved());
        }
        return data;
    }

    private static Map<String, Object> stock(String sku, long quantity) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("sku", sku);
        data.put("quantity", quantity);
        return data;
    }
}
