package dev.orders.dynamodb.keys;

import dev.orders.core.order.Order;
import dev.orders.core.order.OrderStatus;
import dev.orders.core.order.PaymentIssue;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every GSI attribute an item carries, derived from the entity's state: the only code that writes or
 * removes them. Only order roots (all three feeds), open payment issues (the open-issues partition of
 * StatusFeed) and the payment-window rows of orders awaiting payment (its payment-window partitions) have any,
 * so every index stays sparse. Formats are {@link Keys}'s.
 */
public final class IndexAttributes {
    private IndexAttributes() {
    }

    /** A root's entries in CustomerTimeline, StatusFeed and CustomerStatusFeed. */
    public static Map<String, AttributeValue> ofOrder(Order order, int statusShards) {
        String feedSk = Keys.feedSk(order.createdAt(), order.orderId());
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put(Keys.GSI1PK, s(Keys.customerTimelinePk(order.customerId())));
        attributes.put(Keys.GSI1SK, s(feedSk));
        attributes.putAll(statusFeedPartitions(order.orderId(), order.customerId(), order.status(), statusShards));
        attributes.put(Keys.GSI2SK, s(feedSk));
        attributes.put(Keys.GSI3SK, s(feedSk));
        return Collections.unmodifiableMap(attributes);
    }

    /**
     * What a root's change to status {@code to} sets: its partitions in the two status feeds. The sort keys
     * (creation time and id) and the timeline entry never move.
     */
    public static Map<String, AttributeValue> ofStatusChange(Order read, OrderStatus to, int statusShards) {
        return statusFeedPartitions(read.orderId(), read.customerId(), to, statusShards);
    }

    /** A new, open issue's entry in the open-issues partition of StatusFeed. */
    public static Map<String, AttributeValue> ofOpenIssue(PaymentIssue issue) {
        return Map.of(Keys.GSI2PK, s(Keys.OPEN_PAYMENT_ISSUES_PK),
                Keys.GSI2SK, s(Keys.openIssueSk(issue.at(), issue.orderId(), issue.eventId())));
    }

    /**
     * The entry of an order awaiting payment since {@code since} in its shard of the payment-window partitions of
     * StatusFeed: what the payment window's sweep queries, oldest first.
     */
    public static Map<String, AttributeValue> ofPaymentWindow(String orderId, Instant since, int statusShards) {
        return Map.of(Keys.GSI2PK, s(Keys.paymentWindowPk(Keys.statusShard(orderId, statusShards))),
                Keys.GSI2SK, s(Keys.paymentWindowSk(since, orderId)));
    }

    /** What a resolution, or the refund that settles it, removes of an issue: its entry in the open-issues partition. */
    public static Removal ofClosedIssue() {
        return new Removal(List.of(Keys.GSI2PK, Keys.GSI2SK));
    }

    /** Attributes an update removes; each is named {@code #<attribute>} (plain words, like no other placeholder). */
    public record Removal(List<String> attributes) {
        /** Nothing to remove. */
        public static final Removal NONE = new Removal(List.of());

        public Removal {
            attributes = List.copyOf(attributes);
        }

        /** These attributes and {@code attribute} too. */
        public Removal and(String attribute) {
            return new Removal(Stream.concat(attributes.stream(), Stream.of(attribute)).toList());
        }

        /** The REMOVE clause of an update expression; empty when there is nothing to remove. */
        public String clause() {
            return attributes.isEmpty() ? ""
                    : attributes.stream().map(a -> "#" + a).collect(Collectors.joining(", ", "REMOVE ", ""));
        }

        /** The expression attribute names {@link #clause()} uses. */
        public Map<String, String> names() {
            return attributes.stream().collect(Collectors.toUnmodifiableMap(a -> "#" + a, a -> a));
        }
    }

    private static Map<String, AttributeValue> statusFeedPartitions(String orderId, String customerId,
                                                                    OrderStatus status, int statusShards) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put(Keys.GSI2PK, s(Keys.statusFeedPk(status.name(), Keys.statusShard(orderId, statusShards))));
        attributes.put(Keys.GSI3PK, s(Keys.customerStatusFeedPk(customerId, status.name())));
        return Collections.unmodifiableMap(attributes);
    }

    /** Not {@code Attrs.s}: the table package depends on this one, not the other way round. */
    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
