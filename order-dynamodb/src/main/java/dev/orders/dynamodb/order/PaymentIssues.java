package dev.orders.dynamodb.order;

import static dev.orders.dynamodb.table.Attrs.s;
import static dev.orders.dynamodb.table.Attrs.time;

import dev.orders.core.feed.CursorCodec;
import dev.orders.core.feed.Page;
import dev.orders.core.order.Order;
import dev.orders.core.order.OrderStep;
import dev.orders.core.order.PaymentIssue;
import dev.orders.core.order.PaymentIssueResolution;
import dev.orders.core.order.PaymentIssueResolutionOutcome;
import dev.orders.core.time.Timestamps;
import dev.orders.dynamodb.keys.IndexAttributes;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.processed.ProcessedRecord;
import dev.orders.dynamodb.processed.ProcessedRecords;
import dev.orders.dynamodb.table.Cancellation;
import dev.orders.dynamodb.table.CorruptItemException;
import dev.orders.dynamodb.table.KeysetPager;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.dynamodb.table.Rounds;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Payment issues: recorded on their order by the payment webhook, listed for administrators while open
 * (one Query of the open-issues partition of the StatusFeed index, newest first), resolved by an
 * administrator. Recording and resolving are each one version of the order, with its event.
 */
public record PaymentIssues(OrdersTable table, OrderWrites writes, ProcessedRecords records, CursorCodec cursors,
                            Clock clock) {
    private static final String ISSUE = "issue";

    /** What became of recording an issue: recorded, or this provider event's issue was recorded before. */
    public enum Recording { RECORDED, DUPLICATE }

    /**
     * Records {@code issue} on {@code read} by {@code step} (its PaymentIssueRecorded event), with
     * {@code record}, the provider's event processed. Empty when the order changed since it was read.
     */
    public Optional<Recording> recordOnce(Order read, PaymentIssue issue, OrderStep step, String actor,
                                          ProcessedRecord record) {
        Optional<Cancellation> cancelled = writes.commit(read, step, actor, transaction -> {
            transaction.putNew(ISSUE, PaymentIssueCodec.encodeOpen(issue));
            records.addTo(transaction, record);
        });
        if (cancelled.isEmpty()) {
            return Optional.of(Recording.RECORDED);
        }
        // The issue row outlives the processed record (TTL): either one says this event was recorded.
        if (cancelled.get().failed(ProcessedRecords.ACTION) || cancelled.get().failed(ISSUE)) {
            return Optional.of(Recording.DUPLICATE);
        }
        RootChange.requireLostRace(cancelled.get(), read);
        return Optional.empty();
    }

    /** Open issues of every order, newest first; the index is eventually consistent, like the feeds. */
    public Page<PaymentIssue> open(int limit, Optional<String> cursor) {
        KeysetPager.Listing listing = new KeysetPager.Listing(CursorCodec.scope(List.of("payment-issues")),
                row -> row.get(Keys.GSI2SK).s());
        KeysetPager.Partition openIssues = new KeysetPager.Partition(query -> query.indexName(Keys.STATUS_FEED_INDEX)
                .keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", Keys.GSI2PK))
                .expressionAttributeValues(Map.of(":pk", s(Keys.OPEN_PAYMENT_ISSUES_PK))),
                PaymentIssues::startAfter);
        Page<Map<String, AttributeValue>> page = new KeysetPager(table, cursors)
                .page(listing, openIssues, limit, cursor);
        return new Page<>(page.items().stream().map(PaymentIssueCodec::decode).toList(), page.nextCursor());
    }

    /**
     * Resolves an open issue: reads the order's root and the issue (one BatchGetItem), then writes the
     * resolution and its event on the condition that both are still as read; a race is decided again.
     */
    public PaymentIssueResolutionOutcome resolve(PaymentIssueResolution request) {
        Optional<PaymentIssueResolutionOutcome> refused = request.refusalBeforeRead();
        if (refused.isPresent()) {
            return refused.get();
        }
        Map<String, AttributeValue> issueKey = PaymentIssueCodec.key(request.orderId(), request.eventId());
        return Rounds.untilDecided("resolution of payment issue " + request.eventId(), () -> {
            Optional<Order> root = Optional.empty();
            Optional<PaymentIssue> issue = Optional.empty();
            for (Map<String, AttributeValue> item : table.batchGetItems(List.of(OrderCodec.rootKey(request.orderId()),
                    issueKey))) {
                if (Keys.ROOT_SK.equals(item.get(Keys.SK).s())) {
                    root = Optional.of(OrderCodec.decodeRoot(item));
                } else {
                    issue = Optional.of(PaymentIssueCodec.decode(item));
                }
            }
            if (root.isEmpty() || issue.isEmpty()) {
                return Optional.of(new PaymentIssueResolutionOutcome.NotFound());
            }
            if (!issue.get().isOpen()) {
                return Optional.of(new PaymentIssueResolutionOutcome.AlreadyResolved(issue.get()));
            }
            OrderStep step = request.step(root.get(), issue.get(), Timestamps.truncate(clock.instant()));
            PaymentIssue.Resolution resolution = new PaymentIssue.Resolution(step.after().updatedAt(), request.actor(),
                    request.note());
            IndexAttributes.Removal leaveQueue = IndexAttributes.ofResolvedIssue();
            Map<String, String> names = new HashMap<>(leaveQueue.names());
            names.putAll(Map.of("#pk", Keys.PK, "#resolvedAt", PaymentIssueCodec.RESOLVED_AT,
                    "#resolvedBy", PaymentIssueCodec.RESOLVED_BY, "#note", PaymentIssueCodec.NOTE));
            Optional<Cancellation> cancelled = writes.commit(root.get(), step, request.actor(),
                    transaction -> transaction.update(ISSUE, issueKey,
                            "SET #resolvedAt = :at, #resolvedBy = :by, #note = :note " + leaveQueue.clause(),
                            "attribute_exists(#pk) AND attribute_not_exists(#resolvedAt)", names,
                            Map.of(":at", time(resolution.at()), ":by", s(resolution.by()), ":note", s(resolution.note()))));
            if (cancelled.isEmpty()) {
                PaymentIssue resolved = new PaymentIssue(issue.get().orderId(), issue.get().customerId(),
                        issue.get().eventId(), issue.get().kind(), issue.get().amount(), issue.get().currency(),
                        issue.get().at(), Optional.of(resolution));
                return Optional.of(new PaymentIssueResolutionOutcome.Resolved(resolved, step.event(request.actor())));
            }
            if (!cancelled.get().failed(ISSUE)) {
                RootChange.requireLostRace(cancelled.get(), root.get());
            }
            // Someone resolved it or changed the order first: the next round reads what they did.
            return Optional.empty();
        });
    }

    /** The full key to start after: the index's key in the cursor, the table's key derived from it. */
    private static Map<String, AttributeValue> startAfter(String position) {
        Keys.IssueRef ref;
        try {
            ref = Keys.issueOfOpenIssueSk(position);
        } catch (IllegalArgumentException e) {
            throw new CorruptItemException("a payment issues cursor holds " + position);
        }
        return Map.of(Keys.GSI2PK, s(Keys.OPEN_PAYMENT_ISSUES_PK), Keys.GSI2SK, s(position),
                Keys.PK, s(Keys.orderPk(ref.orderId())), Keys.SK, s(Keys.issueSk(ref.eventId())));
    }
}
