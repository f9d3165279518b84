package dev.orders.core.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LineStatusesTest {
    @Test
    void newLinesArePendingAndEveryChangeMovesOneLine() {
        LineStatuses lines = LineStatuses.pending(2).added().moved(LineStatus.PENDING, LineStatus.PICKED)
                .moved(LineStatus.PICKED, LineStatus.SHIPPED).removed(LineStatus.PENDING);

        assertEquals(Map.of(LineStatus.PENDING, 1, LineStatus.PICKED, 0, LineStatus.SHIPPED, 1,
                LineStatus.CANCELLED, 0), lines.counts());
        assertEquals(2, lines.total());
    }

    @Test
    void aCountNeverGoesBelowZero() {
        assertThrows(IllegalArgumentException.class,
                () -> LineStatuses.pending(1).moved(LineStatus.PICKED, LineStatus.SHIPPED));
    }
}
