package dev.orders.core.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LineStatusesTest {
    @Test
    void newLinesArePendingAndEveryChangeMovesOneLine() {
        LineStatuses lines = LineStatuses.pending(2).added().moved(ItemStatus.PENDING, ItemStatus.PICKED)
                .moved(ItemStatus.PICKED, ItemStatus.SHIPPED).removed(ItemStatus.PENDING);

        assertEquals(Map.of(ItemStatus.PENDING, 1, ItemStatus.PICKED, 0, ItemStatus.SHIPPED, 1,
                ItemStatus.CANCELLED, 0), lines.counts());
        assertEquals(2, lines.total());
    }

    @Test
    void aCountNeverGoesBelowZero() {
        assertThrows(IllegalArgumentException.class,
                () -> LineStatuses.pending(1).moved(ItemStatus.PICKED, ItemStatus.SHIPPED));
    }
}
