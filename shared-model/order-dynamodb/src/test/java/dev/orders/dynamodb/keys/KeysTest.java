package dev.orders.dynamodb.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class KeysTest {

    @Test
    void eventSortKeysSortNumericallyAsText() {
        List<String> keys = new ArrayList<>(List.of(Keys.eventSk(10), Keys.eventSk(9), Keys.eventSk(100),
                Keys.eventSk(1)));
        Collections.sort(keys);
        assertEquals(List.of(Keys.eventSk(1), Keys.eventSk(9), Keys.eventSk(10), Keys.eventSk(100)), keys);
        assertEquals("EVENT#0000000042", Keys.eventSk(42));
    }

    @Test
    void aggregateRangeHoldsItemsAndRootButNoEvents() {
        String first = Keys.ITEM_PREFIX;
        String last = Keys.ROOT_SK;
        assertTrue(inRange(Keys.itemSk("01JAAAAAAAAAAAAAAAAAAAAAAA"), first, last));
        assertTrue(inRange(Keys.itemSk("zzzzzzzz"), first, last));
        assertTrue(inRange(Keys.ROOT_SK, first, last));
        assertFalse(inRange(Keys.eventSk(1), first, last));
        assertFalse(inRange(Keys.eventSk(9_999_999_999L), first, last));
    }

    @Test
    void feedSortKeysOrderByTimeThenIdEvenWithoutFractionOfSecond() {
        String whole = Keys.feedSk(Instant.parse("2026-01-01T10:00:00Z"), "B");
        String later = Keys.feedSk(Instant.parse("2026-01-01T10:00:00.001Z"), "A");
        assertEquals("2026-01-01T10:00:00.000Z#B", whole);
        assertTrue(whole.compareTo(later) < 0);
        assertTrue(Keys.feedSk(Instant.parse("2026-01-01T10:00:00Z"), "A").compareTo(whole) < 0);
    }

    @Test
    void timeBoundSortsBeforeEveryKeyOfItsMillisecond() {
        Instant t = Instant.parse("2026-03-01T00:00:00Z");
        assertTrue(Keys.feedBound(t).compareTo(Keys.feedSk(t, "0")) < 0);
        assertTrue(Keys.feedBound(t).compareTo(Keys.feedSk(t.minusMillis(1), "zzzz")) > 0);
    }

    @Test
    void orderIdIsRecoveredFromFeedSortKey() {
        assertEquals("o-10", Keys.orderIdOfFeedSk(Keys.feedSk(Instant.EPOCH, "o-10")));
        assertThrows(IllegalArgumentException.class, () -> Keys.orderIdOfFeedSk("no-delimiter"));
    }

    @Test
    void statusShardsSpreadOrdersAndStayStable() {
        long used = IntStream.range(0, 1000).map(i -> Keys.statusShard("order-" + i, 8)).distinct().count();
        assertEquals(8, used);
        assertEquals(Keys.statusShard("o-1", 8), Keys.statusShard("o-1", 8));
        assertEquals(0, Keys.statusShard("anything", 1));
        assertEquals("STATUS#PAID#3", Keys.statusFeedPk("PAID", 3));
    }

    @Test
    void partitionKeysOfDifferentOrdersNeverShareAPrefixRelation() {
        // ORDER#o-1 and ORDER#o-10 are different partitions: equality, not prefix, selects rows.
        assertTrue(Keys.orderPk("o-10").startsWith(Keys.orderPk("o-1")));
        assertFalse(Keys.orderPk("o-10").equals(Keys.orderPk("o-1")));
    }

    @Test
    void customerKeysOfIdentityProviderSubjectsSplitBackIntoTheirParts() {
        for (String customerId : List.of("auth0|5f7c8ec7c33c6c004bbafe82", "google-oauth2|1234",
                "3f0b1a6e-5b0c-4d7e-9a55-0c2f8e2b7d11", "jane+orders@example.com", "urn:x:STATUS:PAID")) {
            assertEquals(List.of("CUSTOMER", customerId), List.of(Keys.customerPk(customerId).split("#")));
            assertEquals(List.of("CUSTOMER", customerId, "STATUS", "PAID"),
                    List.of(Keys.customerStatusFeedPk(customerId, "PAID").split("#")), customerId);
        }
    }

    private static boolean inRange(String key, String first, String last) {
        return key.compareTo(first) >= 0 && key.compareTo(last) <= 0;
    }
}
