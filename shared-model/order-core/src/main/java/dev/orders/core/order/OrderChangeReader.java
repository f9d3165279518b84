package dev.orders.core.order;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reads an order event's data back into its change: the inverse of {@link OrderChange#data()}. */
final class OrderChangeReader {
    private OrderChangeReader() {
    }

    /** The change of an event of {@code type} with {@code data}, as {@link OrderChange#data()} wrote it. */
    static OrderChange read(String type, Map<String, Object> data) {
        EventData d = new EventData(type, data);
        return switch (type) {
            case "OrderCreated" -> new OrderChange.OrderCreated(d.enumValue("status", OrderStatus.class), d.number("total"),
                    d.string("currency"), d.maps("lines").stream().map(line -> line(new EventData(type, line))).toList());
            case "OrderLineAdded" -> new OrderChange.OrderLineAdded(line(d.map("line")), d.number("total"),
                    (int) d.number("itemCount"));
            case "OrderLineRemoved" -> new OrderChange.OrderLineRemoved(line(d.map("line")), d.number("total"),
                    (int) d.number("itemCount"));
            case "OrderStatusChanged" -> new OrderChange.OrderStatusChanged(d.enumValue("from", OrderStatus.class),
                    d.enumValue("to", OrderStatus.class), d.optionalString("reason"), d.optionalString("paymentEventId"),
                    released(d));
            case "OrderLineStatusChanged" -> new OrderChange.OrderLineStatusChanged(d.string("itemId"), d.string("sku"),
                    d.enumValue("from", LineStatus.class), d.enumValue("to", LineStatus.class),
                    d.optionalNumber("sold").or(() -> d.optionalNumber("released")).orElse(0L));
            case "PaymentCaptured" -> new OrderChange.PaymentCaptured(d.enumValue("from", OrderStatus.class),
                    d.enumValue("to", OrderStatus.class), d.number("amount"), d.string("currency"),
                    d.optionalString("paymentEventId"), d.optionalString("paymentId"), d.optionalString("reason"));
            case "RefundRecorded" -> new OrderChange.RefundRecorded(d.enumValue("from", OrderStatus.class),
                    d.enumValue("to", OrderStatus.class), d.number("amount"), d.string("currency"),
                    d.number("refundedAmount"), d.optionalString("paymentEventId"), d.optionalString("paymentId"),
                    d.optionalString("reason"), released(d));
            case "RefundIdentified" -> new OrderChange.RefundIdentified(d.string("paymentEventId"), d.string("paymentId"),
                    d.number("amount"), d.string("currency"), d.number("refundedAmount"));
            case "PaymentIssueRecorded" -> new OrderChange.PaymentIssueRecorded(d.string("paymentEventId"),
                    d.enumValue("kind", PaymentIssueKind.class), d.optionalString("paymentId"), d.number("amount"),
                    d.string("currency"));
            case "PaymentIssueRefunded" -> new OrderChange.PaymentIssueRefunded(d.string("paymentEventId"), d.string("issueEventId"),
                    d.string("paymentId"), d.number("amount"), d.string("currency"), d.number("refundedAmount"));
            case "PaymentIssueResolved" -> new OrderChange.PaymentIssueResolved(d.string("paymentEventId"),
                    d.enumValue("kind", PaymentIssueKind.class), d.string("note"));
            default -> throw new IllegalArgumentException("unknown order event type " + type);
        };
    }

    /** The stock a move gave back, one release per sku; none where the event has no {@code released}. */
    private static List<RowChange.StockReleased> released(EventData d) {
        return d.optionalMaps("released").stream().map(release -> new EventData(d.type(), release))
                .map(release -> new RowChange.StockReleased(release.string("sku"), release.number("quantity"))).toList();
    }

    private static LineDetails line(EventData d) {
        return new LineDetails(d.string("itemId"), d.string("sku"), d.optionalString("name"), d.number("quantity"),
                d.number("unitPrice"), d.optionalNumber("reserved").orElse(0L));
    }

    /** Typed reads of an event's data; a missing or mistyped field is an IllegalArgumentException naming it. */
    record EventData(String type, Map<String, Object> data) {
        String string(String field) {
            return optionalString(field).orElseThrow(() -> missing(field));
        }

        Optional<String> optionalString(String field) {
            return Optional.ofNullable(typed(field, String.class));
        }

        long number(String field) {
            return optionalNumber(field).orElseThrow(() -> missing(field));
        }

        Optional<Long> optionalNumber(String field) {
            return Optional.ofNullable(typed(field, Long.class));
        }

        <E extends Enum<E>> E enumValue(String field, Class<E> type) {
            return Enum.valueOf(type, string(field));
        }

        @SuppressWarnings("unchecked")
        EventData map(String field) {
            Map<String, Object> value = typed(field, Map.class);
            if (value == null) {
                throw missing(field);
            }
            return new EventData(type, value);
        }

        List<Map<String, Object>> maps(String field) {
            if (data.get(field) == null) {
                throw missing(field);
            }
            return optionalMaps(field);
        }

        /** The objects of the list {@code field}; none where it is absent. */
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> optionalMaps(String field) {
            List<Object> value = typed(field, List.class);
            if (value == null) {
                return List.of();
            }
            List<Map<String, Object>> maps = new ArrayList<>();
            for (Object element : value) {
                if (!(element instanceof Map)) {
                    throw new IllegalArgumentException(type + "." + field + " holds something other than objects");
                }
                maps.add((Map<String, Object>) element);
            }
            return maps;
        }

        private <T> T typed(String field, Class<T> expected) {
            Object value = data.get(field);
            if (value != null && !expected.isInstance(value)) {
                throw new IllegalArgumentException(type + "." + field + " is not a " + expected.getSimpleName());
            }
            return expected.cast(value);
        }

        private IllegalArgumentException missing(String field) {
            return new IllegalArgumentException(type + "." + field + " is missing");
        }
    }
}
