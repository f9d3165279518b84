package dev.orders.functions.publishevents;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import dev.orders.core.order.OrderEvent;
import dev.orders.dynamodb.order.OrderCodec;
import dev.orders.dynamodb.table.EntityType;
import dev.orders.lambda.metrics.ServiceMetrics;
import dev.orders.lambda.aws.AwsClients;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;

/**
 * The order events of the table's stream, published on the order event bus. The template's filter lets
 * only new event rows through; the records of a batch are published in stream order (one order's events
 * are in version order on its shard), and the first one that could not be published is reported as the
 * batch item failure, so Lambda retries from it and nothing after it is published ahead of it.
 */
public final class PublishEventsFunction implements RequestHandler<DynamodbEvent, StreamsEventResponse> {
    public static final String EVENT_BUS_NAME = "EVENT_BUS_NAME";
    public static final String EVENT_SOURCE = "EVENT_SOURCE";
    /** Where the EventBridge API is, when not in AWS: the local bus of ./sam-local. */
    public static final String EVENTBRIDGE_ENDPOINT = "AWS_ENDPOINT_URL_EVENTBRIDGE";
    private static final Logger LOG = LoggerFactory.getLogger(PublishEventsFunction.class);

    private final EventPublisher publisher;
    private final String source;

    public PublishEventsFunction() {
        this(System.getenv());
    }

    private PublishEventsFunction(Map<String, String> env) {
        this(eventBridge(env), AwsClients.required(env, EVENT_BUS_NAME), AwsClients.required(env, EVENT_SOURCE));
    }

    public PublishEventsFunction(EventBridgeClient eventBridge, String busName, String source) {
        this.publisher = new EventPublisher(eventBridge, busName);
        this.source = source;
    }

    /** With Powertools' logging context (service, function, request id) on every line, as the HTTP functions log. */
    @Override
    public StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
        return PowertoolsLogging.withLogging(context, () -> publish(event, context.getAwsRequestId()));
    }

    /** The batch of {@code event}, counted with Lambda's {@code requestId}. */
    private StreamsEventResponse publish(DynamodbEvent event, String requestId) {
        List<DynamodbEvent.DynamodbStreamRecord> records = event.getRecords() == null ? List.of() : event.getRecords();
        List<EventEnvelope> envelopes = new ArrayList<>();
        List<String> sequenceNumbers = new ArrayList<>();
        List<String> eventIds = new ArrayList<>();
        Optional<String> poison = Optional.empty();
        for (DynamodbEvent.DynamodbStreamRecord record : records) {
            Optional<Map<String, AttributeValue>> row = eventRow(record);
            if (row.isEmpty()) {
                LOG.warn("stream record {} ({}) is no new order event: skipped", record.getEventID(), record.getEventName());
                continue;
            }
            try {
                OrderEvent orderEvent = OrderCodec.decodeEvent(row.get());
                envelopes.add(EventEnvelope.of(orderEvent, OrderCodec.correlationId(row.get()), source));
                sequenceNumbers.add(record.getDynamodb().getSequenceNumber());
                eventIds.add(OrderCodec.eventId(orderEvent.orderId(), orderEvent.version()));
            } catch (RuntimeException e) {
                // Published nothing of it: Lambda retries from here, then sends the batch to the dead-letter queue.
                LOG.error("stream record {} is an event row that cannot be read: {}", record.getEventID(), e.getMessage());
                poison = Optional.of(record.getDynamodb().getSequenceNumber());
                break;
            }
        }
        EventPublisher.Publication publication = publisher.publish(envelopes);
        if (publication instanceof EventPublisher.Publication.StoppedAt stopped) {
            // The ids not published: what an operator redrives by order once the stream no longer holds the batch.
            LOG.error("published {} of {} order events; stopped at sequence number {}: {}; not published: {}",
                    stopped.index(), envelopes.size(), sequenceNumbers.get(stopped.index()), stopped.reason(),
                    String.join(" ", eventIds.subList(stopped.index(), eventIds.size())));
            ServiceMetrics.eventsPublished(stopped.index(), envelopes.size() - stopped.index(), requestId);
            return failureAt(sequenceNumbers.get(stopped.index()));
        }
        // At INFO the metric line (EventsPublished, with the request id) is the batch's record.
        LOG.debug("published {} order events", envelopes.size());
        ServiceMetrics.eventsPublished(envelopes.size(), poison.isPresent() ? 1 : 0, requestId);
        return poison.map(PublishEventsFunction::failureAt).orElseGet(() -> new StreamsEventResponse(List.of()));
    }

    /** The new image of an inserted event row; empty for any other record. */
    private static Optional<Map<String, AttributeValue>> eventRow(DynamodbEvent.DynamodbStreamRecord record) {
        StreamRecord stream = record.getDynamodb();
        if (!"INSERT".equals(record.getEventName()) || stream == null || stream.getNewImage() == null) {
            return Optional.empty();
        }
        var type = stream.getNewImage().get(EntityType.ATTRIBUTE);
        if (type == null || !EntityType.ORDER_EVENT.name().equals(type.getS())) {
            return Optional.empty();
        }
        return Optional.of(StreamImage.toSdk(stream.getNewImage()));
    }

    private static StreamsEventResponse failureAt(String sequenceNumber) {
        return new StreamsEventResponse(List.of(new StreamsEventResponse.BatchItemFailure(sequenceNumber)));
    }

    /** The bus's client of {@code env}: the publisher's, and the redrive's ({@link RedriveEvents}). */
    static EventBridgeClient eventBridge(Map<String, String> env) {
        return AwsClients.endpoint(AwsClients.configure(EventBridgeClient.builder(), env, AwsClients.httpClient())
                .overrideConfiguration(AwsClients.overrides().build()), env, EVENTBRIDGE_ENDPOINT).build();
    }
}
