package dev.orders.dynamodb.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.core.order.LineStatuses;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.order.PaymentIssueKind;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class IndexAttributesTest {
    private static final Instant CREATED = Instant.parse("2026-01-01T10:00:00Z");
    private static final int SHARDS = 4;

    /** An order of two lines moved to {@code status} (from CREATED: a status that holds it records that). */
    private static Order order(OrderStatus status) {
        Order created = new Order("o-1", "c-1", OrderStatus.CREATED, 2, 350, "EUR", 0, 0, LineStatuses.pending(2),
                CREATED, CREATED);
        return created.next(status, 0, 0, CREATED.plusSeconds(60));
    }

    @Test
    void anOrderIsInAllThreeFeedsSortedByCreation() {
        String feedSk = Keys.feedSk(CREATED, "o-1");
        assertEquals(Map.of(
                Keys.GSI1PK, AttributeValue.fromS("CUSTOMER#c-1"), Keys.GSI1SK, AttributeValue.fromS(feedSk),
                Keys.GSI2PK, AttributeValue.fromS(Keys.statusFeedPk("PAID", Keys.statusShard("o-1", SHARDS))),
                Keys.GSI2SK, AttributeValue.fromS(feedSk),
                Keys.GSI3PK, AttributeValue.fromS("CUSTOMER#c-1#STATUS#PAID"), Keys.GSI3SK, AttributeValue.fromS(feedSk)),
                IndexAttributes.ofOrder(order(OrderStatus.PAID), SHARDS));
    }

    /** An update of the status leaves the root's index attributes exactly as a put of the new status would. */
    @ParameterizedTest
    @EnumSource(OrderStatus.class)
    void aStatusChangeSetsWhatAPutOfTheNewStatusWouldChange(OrderStatus to) {
        Order read = order(OrderStatus.CREATED);
        Map<String, AttributeValue> updated = new HashMap<>(IndexAttributes.ofOrder(read, SHARDS));
        Map<String, AttributeValue> change = IndexAttributes.ofStatusChange(read, to, SHARDS);
        updated.putAll(change);
        assertEquals(IndexAttributes.ofOrder(order(to), SHARDS), updated);
        assertEquals(Set.of(Keys.GSI2PK, Keys.GSI3PK), change.keySet(), "the sort keys and the timeline never move");
    }

    @Test
    void anOpenIssueIsInTheOpenIssuesPartitionAndItsResolutionRemovesItFromThere() {
        PaymentIssue issue = PaymentIssue.open("o-1", Optional.of("c-1"), "evt_1", PaymentIssueKind.AMOUNT_MISMATCH,
                PaymentIssue.Direction.CAPTURE, "pay_1", 100, "EUR", CREATED);
        Map<String, AttributeValue> open = IndexAttributes.ofOpenIssue(issue);
        assertEquals(Map.of(Keys.GSI2PK, AttributeValue.fromS(Keys.OPEN_PAYMENT_ISSUES_PK),
                Keys.GSI2SK, AttributeValue.fromS(Keys.openIssueSk(CREATED, "o-1", "evt_1"))), open);

        IndexAttributes.Removal resolved = IndexAttributes.ofClosedIssue();
        assertEquals(open.keySet(), Set.copyOf(resolved.attributes()));
        assertEquals("REMOVE #GSI2PK, #GSI2SK", resolved.clause());
        assertEquals(Map.of("#GSI2PK", Keys.GSI2PK, "#GSI2SK", Keys.GSI2SK), resolved.names());
    }
}
