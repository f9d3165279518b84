package dev.orders.functions.publishevents;

import dev.orders.core.order.OrderEvent;
import dev.orders.dynamodb.keys.Keys;
import dev.orders.dynamodb.order.OrderCodec;
import dev.orders.dynamodb.table.CorruptItemException;
import dev.orders.dynamodb.table.OrdersTable;
import java.math.BigInteger;
import java.util.ArrayList;
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
 * envelope and {@code eventId}, in version order per order, so a consumer recognises a repeat. It only reads
 * the table; a repeat is harmless (docs/EVENTS.md, "Redriving dead-lettered events").
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
     * The events of the batches of these dead-letter messages: the stream records between each one's sequence
     * numbers name the orders and versions (for as long as the stream keeps them: 24 hours), the table gives the events.
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

    /** The events of these ranges, each read with one Query of its order's partition, published in the order given. */
    Outcome orders(List<Range> ranges) {
        List<EventEnvelope> envelopes = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (Range range : ranges) {
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
     * its last: one range per order, in stream order.
     */
    private List<Range> ranges(DeadLetter message) {
        BigInteger end = new BigInteger(message.endSequenceNumber());
        Map<String, Range> ranges = new LinkedHashMap<>();
        String iterator = streams.getShardIterator(b -> b.streamArn(message.streamArn()).shardId(message.shardId())
                .shardIteratorType(ShardIteratorType.AT_SEQUENCE_NUMBER)
                .sequenceNumber(message.startSequenceNumber())).shardIterator();
        int emptyPages = 0;
        while (iterator != null) {
            String current = iterator;
            var page = streams.getRecords(b -> b.shardIterator(current));
            for (Record record : page.records()) {
                if (new BigInteger(record.dynamodb().sequenceNumber()).compareTo(end) > 0) {
                    return List.copyOf(ranges.values());
                }
                eventKey(record).ifPresent(key -> ranges.merge(key.orderId(), key,
                        (a, b) -> new Range(a.orderId(), Math.min(a.from(), b.from()), Math.max(a.to(), b.to()))));
                if (record.dynamodb().sequenceNumber().equals(message.endSequenceNumber())) {
                    return List.copyOf(ranges.values());
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
