package dev.orders.dynamodb.keys;

import dev.orders.core.time.Timestamps;
import java.time.Instant;

/**
 * Every key format of the orders table, in one place. The key table of docs/DATA-MODEL.md documents these.
 *
 * <p>An order owns its own partition, {@code ORDER#<orderId>}, so it can be found by its id alone and
 * no other order's rows can ever be read with it: there is no shared sort-key prefix to collide on.
 * Within it, sort keys order as EVENT# &lt; ISSUE# &lt; ITEM# &lt; ROOT, so the aggregate (payment issues,
 * items and root) is one contiguous range that never touches the event rows.
 */
public final class Keys {
    public static final String PK = "PK";
    public static final String SK = "SK";
    public static final String GSI1PK = "GSI1PK";
    public static final String GSI1SK = "GSI1SK";
    public static final String GSI2PK = "GSI2PK";
    public static final String GSI2SK = "GSI2SK";
    public static final String GSI3PK = "GSI3PK";
    public static final String GSI3SK = "GSI3SK";

    /** Index names as declared in template.yaml. */
    public static final String CUSTOMER_TIMELINE_INDEX = "CustomerTimeline";
    public static final String STATUS_FEED_INDEX = "StatusFeed";
    public static final String CUSTOMER_STATUS_FEED_INDEX = "CustomerStatusFeed";

    public static final String CUSTOMER_PREFIX = "CUSTOMER#";
    public static final String ORDER_PREFIX = "ORDER#";
    public static final String PROFILE_SK = "PROFILE";
    public static final String ROOT_SK = "ROOT";
    public static final String ITEM_PREFIX = "ITEM#";
    public static final String EVENT_PREFIX = "EVENT#";
    public static final String ISSUE_PREFIX = "ISSUE#";
    /** The one StatusFeed (GSI2) partition of open payment issues; an issue leaves it when resolved. */
    public static final String OPEN_PAYMENT_ISSUES_PK = "PAYMENT_ISSUES#OPEN";
    public static final String STATUS_PREFIX = "STATUS#";
    /**
     * The sort key of an order's payment-window row while it awaits payment: before EVENT#, so neither the
     * aggregate's range (ISSUE# .. ROOT) nor the history (EVENT#) reads it.
     */
    public static final String PAYMENT_WINDOW_SK = "AWAITING_PAYMENT";
    /** The StatusFeed (GSI2) partitions of orders awaiting payment, sharded as the status feed, oldest first. */
    public static final String PAYMENT_WINDOW_PREFIX = "PAYMENT_WINDOW#";
    public static final String IDEMPOTENCY_PREFIX = "IDEMPOTENCY#";
    public static final String WEBHOOK_PREFIX = "WEBHOOK#";
    public static final String WEBHOOK_EVENT_SK = "EVENT";
    public static final String PRODUCT_PREFIX = "PRODUCT#";
    public static final String PRODUCT_SK = "PRODUCT";

    /** Ten digits: versions sort numerically as text up to 9,999,999,999 changes. */
    private static final int VERSION_DIGITS = 10;

    private Keys() {
    }

    public static String customerPk(String customerId) {
        return CUSTOMER_PREFIX + customerId;
    }

    public static String orderPk(String orderId) {
        return ORDER_PREFIX + orderId;
    }

    /** An idempotency key of order creation, in the customer's partition: keys are per customer. */
    public static String idempotencySk(String idempotencyKey) {
        return IDEMPOTENCY_PREFIX + idempotencyKey;
    }

    /** A processed payment event, in its own partition: event ids are global, not per order. */
    public static String webhookEventPk(String eventId) {
        return WEBHOOK_PREFIX + eventId;
    }

    /** A product of the catalogue, in its own partition: orders read products by sku alone. */
    public static String productPk(String sku) {
        return PRODUCT_PREFIX + sku;
    }

    public static String itemSk(String itemId) {
        return ITEM_PREFIX + itemId;
    }

    /** A payment issue of an order, by the provider's event id (unique per order: one issue per event). */
    public static String issueSk(String eventId) {
        return ISSUE_PREFIX + eventId;
    }

    /** Sort key of an open issue in {@link #OPEN_PAYMENT_ISSUES_PK}: when recorded, then its order and event. */
    public static String openIssueSk(Instant at, String orderId, String eventId) {
        return Timestamps.format(at) + "#" + orderId + "#" + eventId;
    }

    /** The order id and event id at the end of an open issue's sort key (ids never contain '#'). */
    public static IssueRef issueOfOpenIssueSk(String openIssueSk) {
        String[] parts = openIssueSk.split("#", -1);
        if (parts.length != 3 || parts[1].isEmpty() || parts[2].isEmpty()) {
            throw new IllegalArgumentException("not an open issue's sort key");
        }
        return new IssueRef(parts[1], parts[2]);
    }

    /** A payment issue's place: its order, and the provider's event it was recorded for. */
    public record IssueRef(String orderId, String eventId) {
    }

    public static String eventSk(long version) {
        String digits = Long.toString(version);
        return EVENT_PREFIX + "0".repeat(Math.max(0, VERSION_DIGITS - digits.length())) + digits;
    }

    /** Customer timeline partition (GSI1PK). */
    public static String customerTimelinePk(String customerId) {
        return customerPk(customerId);
    }

    /** Global status feed partition (GSI2PK): sharded so one busy status does not make one hot partition. */
    public static String statusFeedPk(String status, int shard) {
        return STATUS_PREFIX + status + "#" + shard;
    }

    /** A shard of the orders awaiting payment (GSI2PK), the order's status shard. */
    public static String paymentWindowPk(int shard) {
        return PAYMENT_WINDOW_PREFIX + shard;
    }

    /**
     * Sort key of an order awaiting payment in its {@link #paymentWindowPk}: since when, then its id. A time
     * bound formatted alone ({@link #feedBound}) sorts before every key of that millisecond.
     */
    public static String paymentWindowSk(Instant since, String orderId) {
        return Timestamps.format(since) + "#" + orderId;
    }

    /** Customer + status feed partition (GSI3PK). */
    public static String customerStatusFeedPk(String customerId, String status) {
        return customerPk(customerId) + "#" + STATUS_PREFIX + status;
    }

    /** The shard of an order in the status feed: stable for an order, spread evenly over the shards. */
    public static int statusShard(String orderId, int shards) {
        return Math.floorMod(orderId.hashCode(), shards);
    }

    /**
     * Sort key of all three feeds (GSI1SK, GSI2SK, GSI3SK): creation time, then order id to break ties.
     * A time bound formatted alone sorts before every key of that millisecond, which makes "to" exclusive.
     */
    public static String feedSk(Instant createdAt, String orderId) {
        return Timestamps.format(createdAt) + "#" + orderId;
    }

    public static String feedBound(Instant bound) {
        return Timestamps.format(bound);
    }

    /** The order id at the end of a feed sort key (ids never contain '#'). */
    public static String orderIdOfFeedSk(String feedSk) {
        int hash = feedSk.lastIndexOf('#');
        if (hash < 0 || hash == feedSk.length() - 1) {
            throw new IllegalArgumentException("not a feed sort key");
        }
        return feedSk.substring(hash + 1);
    }
}
