package dev.orders.functions.publishevents;

import dev.orders.core.order.OrderEvent;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.order.OrderCodec;
import dev.orders.dynamodb.table.CorruptItemException;
import dev.orders.dynamodb.table.OrdersTable;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.TrimmedDataAccessException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Publishes again order events the publisher could not publish (Lambda sent their batch to the dead-letter
 * queue), read from the order's partition in the table and sent exactly as the publisher sends them: the same
 * envelope and {@code eventId}, so a consumer recognises a repeat; each once and in version order per order,
 * whatever the order of the dead letters. It only reads the table; a repeat is harmless (docs/EVENTS.md,
 * "Redriving dead-lettered events").
 */
final class EventRedrive {
    /** The highest version an event's sort key holds (ten digits). */
    static final long MAX_VERSION = 9_999_999_999L;
    private static final int MAX_EMPTY_PAGES = 5;

    /** Versions {@code from} to {@code to} of one order's log. */
    record Range(String orderId, long from, long to) {
        Range {
            if (from < 1 || to < from) {
                throw new IllegalArgumentException("versions " + from + " to " + to + " are no range of versions (from 1, from <= to)");
            }
        }

        /**
         * Every version these ranges name, each once: per order (in the order they first appear), its ranges
         * sorted by version, those that overlap or touch joined. Dead letters come in any order, and repeated.
         */
        static List<Range> union(List<Range> ranges) {
            Map<String, List<Range>> byOrder = new LinkedHashMap<>();
            ranges.forEach(range -> byOrder.computeIfAbsent(range.orderId(), order -> new ArrayList<>()).add(range));
            List<Range> union = new ArrayList<>();
            for (List<Range> order : byOrder.values()) {
                order.sort(Comparator.comparingLong(Range::from));
                Range joined = order.get(0);
                for (Range next : order.subList(1, order.size())) {
                    if (next.from() <= joined.to() + 1) {
                        joined = new Range(joined.orderId(), joined.from(), Math.max(joined.to(), next.to()));
                    } else {
                        union.add(joined);
                        joined = next;
                    }
                }
                union.add(joined);
            }
            return union;
        }
    }

    /** What a redrive did. */
    sealed interface Outcome {
        /** Every event read was accepted by the bus, in this order. */
        record Republished(List<String> eventIds) implements Outcome {
        }

        /**
         * Nothing was published: the request names no event the table holds, an event that cannot be read, or
         * a batch the stream no longer holds.
         */
        record Refused(String reason) implements Outcome {
        }

        /** The events before {@code eventId} were republished; it was refused by the bus, and nothing after it was sent. */
        record StoppedAt(List<String> republished, String eventId, String reason) implements Outcome {
        }
    }

    private final OrdersTable table;
    private final DynamoDbStreamsClient streams;
    private final EventPublisher publisher;
    private final String source;

    EventRedrive(OrdersTable table, DynamoDbStreamsClient streams, EventPublisher publisher, String source) {
        this.table = table;
        this.streams = streams;
        this.publisher = publisher;
        this.source = source;
    }

    /**
     * The events of the batches of these dead-letter messages, in any order: the stream records between each
     * one's sequence numbers name the orders and versions (for as long as the stream keeps them: 24 hours), the
     * table gives the events.
     */
    Outcome deadLetters(List<DeadLetter> messages) {
        List<Range> ranges = new ArrayList<>();
        for (DeadLetter message : messages) {
            List<Range> read;
            try {
                read = ranges(message);
            } catch (TrimmedDataAccessException | ResourceNotFoundException e) {
                return new Outcome.Refused("the stream no longer holds the batch of shard " + message.shardId()
                        + " from " + message.startSequenceNumber() + " (" + e.awsErrorDetails().errorCode()
                        + "): redrive by order (--order ORDER_ID --from VERSION), with the event ids the publisher logged");
            } catch (IllegalArgumentException e) {
                return new Outcome.Refused(e.getMessage());
            }
            ranges.addAll(read);
        }
        return orders(ranges);
    }

    /**
     * The events of these ranges, each order's once and in version order (their {@link Range#union}), each
     * range of it read with one Query of its partition.
     */
    Outcome orders(List<Range> ranges) {
        List<EventEnvelope> envelopes = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (Range range : Range.union(ranges)) {
            List<Map<String, AttributeValue>> rows = events(range);
            if (rows.isEmpty()) {
                return new Outcome.Refused("order " + range.orderId() + " has no event from version " + range.from()
                        + (range.to() == MAX_VERSION ? "" : " to " + range.to()));
            }
            for (Map<String, AttributeValue> row : rows) {
                OrderEvent event;
                try {
                    event = OrderCodec.decodeEvent(row);
                } catch (CorruptItemException e) {
                    // What the publisher could not read either: no redrive publishes it, and none publishes what follows it.
                    return new Outcome.Refused("an event of order " + range.orderId() + " cannot be read: " + e.getMessage());
                }
                envelopes.add(EventEnvelope.of(event, OrderCodec.correlationId(row), source));
                ids.add(OrderCodec.eventId(event.orderId(), event.version()));
            }
        }
        EventPublisher.Publication publication = publisher.publish(envelopes);
        if (publication instanceof EventPublisher.Publication.StoppedAt stopped) {
            return new Outcome.StoppedAt(ids.subList(0, stopped.index()), ids.get(stopped.index()), stopped.reason());
        }
        return new Outcome.Republished(ids);
    }

    private List<Map<String, AttributeValue>> events(Range range) {
        List<Map<String, AttributeValue>> rows = new ArrayList<>();
        Map<String, AttributeValue> start = Map.of();
        do {
            Map<String, AttributeValue> after = start;
            QueryResponse page = table.query(b -> {
                b.keyConditionExpression("#pk = :pk AND #sk BETWEEN :from AND :to")
                        .expressionAttributeNames(Map.of("#pk", Keys.PK, "#sk", Keys.SK))
                        .expressionAttributeValues(Map.of(
                                ":pk", AttributeValue.fromS(Keys.orderPk(range.orderId())),
                                ":from", AttributeValue.fromS(Keys.eventSk(range.from())),
                                ":to", AttributeValue.fromS(Keys.eventSk(range.to()))))
                        .consistentRead(true);
                if (!after.isEmpty()) {
                    b.exclusiveStartKey(after);
                }
            });
            rows.addAll(page.items());
            start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : Map.of();
        } while (!start.isEmpty());
        return rows;
    }

    /**
     * The new event rows among the stream records of the message's batch, from its first sequence number to
     * its last: one single-version range each, in stream order.
     */
    private List<Range> ranges(DeadLetter message) {
        BigInteger end = new BigInteger(message.endSequenceNumber());
        List<Range> ranges = new ArrayList<>();
        String iterator = streams.getShardIterator(b -> b.streamArn(message.streamArn()).shardId(message.shardId())
                .shardIteratorType(ShardIteratorType.AT_SEQUENCE_NUMBER)
                .sequenceNumber(message.startSequenceNumber())).shardIterator();
        int emptyPages = 0;
        while (iterator != null) {
            String current = iterator;
            var page = streams.getRecords(b -> b.shardIterator(current));
            for (Record record : page.records()) {
                if (new BigInteger(record.dynamodb().sequenceNumber()).compareTo(end) > 0) {
                    return ranges;
                }
                eventKey(record).ifPresent(ranges::add);
                if (record.dynamodb().sequenceNumber().equals(message.endSequenceNumber())) {
                    return ranges;
                }
            }
            // A shard still open may answer empty pages before its next records; a few in a row mean there are none.
            emptyPages = page.records().isEmpty() ? emptyPages + 1 : 0;
            iterator = emptyPages < MAX_EMPTY_PAGES ? page.nextShardIterator() : null;
        }
        throw new IllegalArgumentException("the stream holds no record " + message.endSequenceNumber() + " of shard "
                + message.shardId() + ", where the batch ends");
    }

    /** The order and version of a new event row; empty for any other record (roots, lines, records change too). */
    private static Optional<Range> eventKey(Record record) {
        if (record.eventName() != OperationType.INSERT) {
            return Optional.empty();
        }
        String pk = record.dynamodb().keys().get(Keys.PK).s();
        String sk = record.dynamodb().keys().get(Keys.SK).s();
        if (pk == null || sk == null || !pk.startsWith(Keys.ORDER_PREFIX) || !sk.startsWith(Keys.EVENT_PREFIX)) {
            return Optional.empty();
        }
        long version = Long.parseLong(sk.substring(Keys.EVENT_PREFIX.length()));
        return Optional.of(new Range(pk.substring(Keys.ORDER_PREFIX.length()), version, version));
    }
}
