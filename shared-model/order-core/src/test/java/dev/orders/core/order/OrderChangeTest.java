package dev.orders.core.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The event types and their data are the service's public contract: these tests fix both. */
class OrderChangeTest {
    private static final LineDetails MUG = new LineDetails("i-1", "MUG", Optional.of("Blue mug"), 2, 1250, 0);
    private static final LineDetails TEA = new LineDetails("i-2", "TEA", Optional.empty(), 1, 899, 0);
    private static final Map<String, Object> MUG_DATA = Map.of("itemId", "i-1", "sku", "MUG", "name", "Blue mug",
            "quantity", 2L, "unitPrice", 1250L, "lineTotal", 2500L);
    private static final Map<String, Object> TEA_DATA = Map.of("itemId", "i-2", "sku", "TEA", "quantity", 1L,
            "unitPrice", 899L, "lineTotal", 899L);
    /** A line of a stocked product: what it reserved rides with it. */
    private static final LineDetails PEN = new LineDetails("i-3", "PEN", Optional.of("Pen"), 3, 199, 3);
    private static final Map<String, Object> PEN_DATA = Map.of("itemId", "i-3", "sku", "PEN", "name", "Pen",
            "quantity", 3L, "unitPrice", 199L, "lineTotal", 597L, "reserved", 3L);

    /** One change of every type, with its data exactly as stored and published. */
    static Stream<Object[]> everyType() {
        return Stream.of(
                new Object[] {new OrderChange.OrderCreated(OrderStatus.CREATED, 3399, "EUR", List.of(MUG, TEA)),
                    Map.of("status", "CREATED", "total", 3399L, "currency", "EUR",
                            "lines", List.of(MUG_DATA, TEA_DATA))},
                new Object[] {new OrderChange.OrderLineAdded(TEA, 3399, 2),
                    Map.of("line", TEA_DATA, "total", 3399L, "itemCount", 2L)},
                new Object[] {new OrderChange.OrderCreated(OrderStatus.CREATED, 1496, "EUR", List.of(PEN, TEA)),
                    Map.of("status", "CREATED", "total", 1496L, "currency", "EUR",
                            "lines", List.of(PEN_DATA, TEA_DATA))},
                new Object[] {new OrderChange.OrderLineAdded(PEN, 1496, 2),
                    Map.of("line", PEN_DATA, "total", 1496L, "itemCount", 2L)},
                new Object[] {new OrderChange.OrderLineRemoved(PEN, 899, 1),
                    Map.of("line", PEN_DATA, "total", 899L, "itemCount", 1L)},
                new Object[] {new OrderChange.OrderLineRemoved(MUG, 899, 1),
                    Map.of("line", MUG_DATA, "total", 899L, "itemCount", 1L)},
                new Object[] {new OrderChange.OrderStatusChanged(OrderStatus.AWAITING_PAYMENT, OrderStatus.PAID,
                        Optional.of("payment.succeeded"), Optional.of("evt_1")),
                    Map.of("from", "AWAITING_PAYMENT", "to", "PAID", "reason", "payment.succeeded",
                            "paymentEventId", "evt_1")},
                new Object[] {new OrderChange.OrderStatusChanged(OrderStatus.CREATED, OrderStatus.CANCELLED,
                        Optional.empty(), Optional.empty()),
                    Map.of("from", "CREATED", "to", "CANCELLED")},
                new Object[] {
                    new OrderChange.OrderLineStatusChanged("i-1", "MUG", LineStatus.PENDING, LineStatus.PICKED, 0),
                    Map.of("itemId", "i-1", "sku", "MUG", "from", "PENDING", "to", "PICKED")},
                new Object[] {new OrderChange.OrderStatusChanged(OrderStatus.AWAITING_PAYMENT, OrderStatus.CANCELLED,
                        Optional.empty(), Optional.empty(), List.of(new RowChange.StockReleased("MUG", 3),
                                new RowChange.StockReleased("PEN", 1))),
                    Map.of("from", "AWAITING_PAYMENT", "to", "CANCELLED", "released", List.of(
                            Map.of("sku", "MUG", "quantity", 3L), Map.of("sku", "PEN", "quantity", 1L)))},
                new Object[] {
                    new OrderChange.OrderLineStatusChanged("i-3", "PEN", LineStatus.PICKED, LineStatus.SHIPPED, 3),
                    Map.of("itemId", "i-3", "sku", "PEN", "from", "PICKED", "to", "SHIPPED", "sold", 3L)},
                new Object[] {
                    new OrderChange.OrderLineStatusChanged("i-3", "PEN", LineStatus.PENDING, LineStatus.CANCELLED, 3),
                    Map.of("itemId", "i-3", "sku", "PEN", "from", "PENDING", "to", "CANCELLED", "released", 3L)},
                new Object[] {new OrderChange.PaymentCaptured(OrderStatus.AWAITING_PAYMENT, OrderStatus.PAID, 3399, "EUR",
                        Optional.of("evt_1"), Optional.of("pay_1"), Optional.empty()),
                    Map.of("from", "AWAITING_PAYMENT", "to", "PAID", "amount", 3399L, "currency", "EUR",
                            "paymentEventId", "evt_1", "paymentId", "pay_1")},
                new Object[] {new OrderChange.PaymentCaptured(OrderStatus.CREATED, OrderStatus.PAID, 3399, "EUR",
                        Optional.empty(), Optional.empty(), Optional.of("paid by bank transfer, ref 8841")),
                    Map.of("from", "CREATED", "to", "PAID", "amount", 3399L, "currency", "EUR",
                            "reason", "paid by bank transfer, ref 8841")},
                new Object[] {new OrderChange.RefundRecorded(OrderStatus.FULFILLED, OrderStatus.FULFILLED, 1000, "EUR",
                        1000, Optional.of("evt_2"), Optional.of("pay_1"), Optional.empty()),
                    Map.of("from", "FULFILLED", "to", "FULFILLED", "amount", 1000L, "currency", "EUR",
                            "refundedAmount", 1000L, "paymentEventId", "evt_2", "paymentId", "pay_1")},
                new Object[] {new OrderChange.RefundIdentified("re_1", "pay_1", 1000, "EUR", 1500),
                    Map.of("paymentEventId", "re_1", "paymentId", "pay_1", "amount", 1000L, "currency", "EUR",
                            "refundedAmount", 1500L)},
                new Object[] {new OrderChange.PaymentIssueRecorded("evt_3", PaymentIssueKind.OVER_REFUND,
                        Optional.of("pay_1"), 5000, "EUR"),
                    Map.of("paymentEventId", "evt_3", "kind", "OVER_REFUND", "paymentId", "pay_1", "amount", 5000L,
                            "currency", "EUR")},
                new Object[] {new OrderChange.PaymentIssueRecorded("evt_0", PaymentIssueKind.DUPLICATE_CAPTURE,
                        Optional.empty(), 5000, "EUR"),
                    Map.of("paymentEventId", "evt_0", "kind", "DUPLICATE_CAPTURE", "amount", 5000L, "currency", "EUR")},
                new Object[] {new OrderChange.PaymentIssueRefunded("evt_4", "evt_3", "pay_2", 1000, "EUR", 1500),
                    Map.of("paymentEventId", "evt_4", "issueEventId", "evt_3", "paymentId", "pay_2", "amount", 1000L,
                            "currency", "EUR", "refundedAmount", 1500L)},
                new Object[] {new OrderChange.PaymentIssueResolved("evt_3", PaymentIssueKind.OVER_REFUND,
                        "refunded twice by the provider; reversed"),
                    Map.of("paymentEventId", "evt_3", "kind", "OVER_REFUND",
                            "note", "refunded twice by the provider; reversed")});
    }

    @Test
    void theEventTypesAreExactlyThePublicOnes() {
        Set<String> types = Set.of("OrderCreated", "OrderLineAdded", "OrderLineRemoved", "OrderStatusChanged",
                "OrderLineStatusChanged", "PaymentCaptured", "RefundRecorded", "RefundIdentified",
                "PaymentIssueRecorded", "PaymentIssueRefunded", "PaymentIssueResolved");

        assertEquals(types, Arrays.stream(OrderChange.class.getPermittedSubclasses()).map(Class::getSimpleName)
                .collect(Collectors.toSet()));
        assertEquals(types, everyType().map(sample -> ((OrderChange) sample[0]).type()).collect(Collectors.toSet()),
                "every type has a sample below");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyType")
    void dataIsThePublicShapeAndParsesBackToTheSameChange(OrderChange change, Map<String, Object> data) {
        assertEquals(data, change.data());
        assertEquals(change, OrderChange.of(change.type(), change.data()));
    }

    @Test
    void anEventIsOfTheTypeOfItsChange() {
        OrderChange change = new OrderChange.OrderLineAdded(TEA, 3399, 2);
        assertEquals("OrderLineAdded", new OrderEvent("o-1", "c-1", 2, Instant.EPOCH, "c-1", change).type());
    }

    @Test
    void dataWithAMissingOrMistypedFieldOrAnUnknownTypeIsRefusedNamingIt() {
        Map<String, Object> data = new LinkedHashMap<>(new OrderChange.OrderLineAdded(TEA, 3399, 2).data());
        data.remove("total");
        assertMessage("OrderLineAdded.total is missing", () -> OrderChange.of("OrderLineAdded", data));

        data.put("total", "3399");
        assertMessage("OrderLineAdded.total is not a Long", () -> OrderChange.of("OrderLineAdded", data));

        assertMessage("unknown order event type OrderShipped",
                () -> OrderChange.of("OrderShipped", Map.of("from", "PAID", "to", "FULFILLED")));
    }

    private static void assertMessage(String message, Runnable parse) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, parse::run).getMessage());
    }
}
