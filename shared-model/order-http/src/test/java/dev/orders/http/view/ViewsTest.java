package dev.orders.http.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.core.order.LineStatuses;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.OrderSummary;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ViewsTest {

    @Test
    void aSummaryIsTheOrderInTheSameFieldsAndOrderWithoutVersionUpdatedAtOrPayments() {
        Instant created = Instant.parse("2026-01-01T10:00:00Z");
        Order order = new Order("o-1", "c-ada", OrderStatus.PAID, 4, 3399, "EUR", 3399, 0, LineStatuses.pending(2), created, created.plusSeconds(90));
        OrderSummary summary = new OrderSummary("o-1", "c-ada", OrderStatus.PAID, 3399, "EUR", 2, created);

        Map<String, Object> expected = new LinkedHashMap<>(Views.order(order));
        expected.remove("version");
        expected.remove("updatedAt");
        expected.remove("capturedAmount");
        expected.remove("refundedAmount");
        assertEquals(List.copyOf(expected.entrySet()), List.copyOf(Views.summary(summary).entrySet()));
    }
}
