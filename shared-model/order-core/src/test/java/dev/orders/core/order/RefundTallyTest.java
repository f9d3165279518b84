package dev.orders.core.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RefundTallyTest {
    @Test
    void refundsToldOneByOneAddUp() {
        assertEquals(new RefundTally(1500, 1500), RefundTally.NONE.plusRefund(1000).plusRefund(500));
    }

    @Test
    void aRunningTotalCountsOnlyWhatTheRefundsCountedDoNot() {
        RefundTally totalFirst = RefundTally.NONE.withTotal(1000);
        assertEquals(new RefundTally(1000, 0), totalFirst);
        assertEquals(new RefundTally(1000, 1000), totalFirst.plusRefund(1000), "the refund the total counted");
        assertEquals(new RefundTally(1500, 1500), totalFirst.plusRefund(1000).plusRefund(500));
        assertEquals(new RefundTally(1500, 1500), RefundTally.NONE.plusRefund(1000).plusRefund(500).withTotal(1000),
                "a late total of fewer refunds");
    }

    @Test
    void theSameRefundsCountTheSameInWhateverOrderTheirEventsArrive() {
        RefundTally refundsFirst = RefundTally.NONE.plusRefund(700).plusRefund(300).withTotal(700).withTotal(1000);
        RefundTally totalsFirst = RefundTally.NONE.withTotal(1000).withTotal(700).plusRefund(300).plusRefund(700);
        RefundTally interleaved = RefundTally.NONE.plusRefund(300).withTotal(700).plusRefund(700).withTotal(1000);
        assertEquals(1000, refundsFirst.refunded());
        assertEquals(1000, totalsFirst.refunded());
        assertEquals(1000, interleaved.refunded());
    }

    @Test
    void theRestRefundedByAPersonCountsAsOneMoreRefundToldByItself() {
        RefundTally rest = RefundTally.NONE.withTotal(1000).plusRefundOfRest(3399);
        assertEquals(new RefundTally(3399, 2399), rest);
        assertEquals(3399, rest.plusRefund(1000).refunded(), "the refund the total counted, told later: no more");
        assertEquals(3400, rest.plusRefund(1001).refunded(), "one more than was captured: an over-refund");
    }

    @Test
    void moreToldRefundByRefundThanCountedIsNoTally() {
        assertThrows(IllegalArgumentException.class, () -> new RefundTally(100, 101));
    }
}
