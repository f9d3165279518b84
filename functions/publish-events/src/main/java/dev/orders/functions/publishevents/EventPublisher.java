package dev.orders.functions.publishevents;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.eventbridge.model.PutEventsRequestEntry;
import software.amazon.awssdk.services.eventbridge.model.PutEventsResponse;
import software.amazon.awssdk.services.eventbridge.model.PutEventsResultEntry;

/**
 * Publishes envelopes, in the order given, with PutEvents in chunks within EventBridge's limits (10
 * entries, 256 KB). A chunk never holds two events of one order, and chunks go one after the other, so
 * an order's events are published in version order. The entries of a chunk that EventBridge refuses
 * (FailedEntryCount, an ErrorCode) are sent again, a bounded number of times; if some still fail, nothing
 * after the first of them is sent, and that first one is where Lambda retries the batch from.
 */
record EventPublisher(EventBridgeClient client, String busName, int attempts, Duration pause) {
    static final int MAX_ENTRIES = 10;
    static final int DEFAULT_ATTEMPTS = 3;
    static final Duration DEFAULT_PAUSE = Duration.ofMillis(100);

    /** How far publishing got. */
    sealed interface Publication {
        /** Every envelope was accepted by the bus. */
        record AllPublished(int count) implements Publication {
        }

        /** Envelopes before {@code index} were accepted; the one at {@code index} was not, for {@code reason}. */
        record StoppedAt(int index, String reason) implements Publication {
        }
    }

    EventPublisher(EventBridgeClient client, String busName) {
        this(client, busName, DEFAULT_ATTEMPTS, DEFAULT_PAUSE);
    }

    Publication publish(List<EventEnvelope> envelopes) {
        int start = 0;
        while (start < envelopes.size()) {
            if (envelopes.get(start).size() > EventEnvelope.MAX_SIZE) {
                // Never truncated: the event fails here, and after Lambda's retries its batch goes to the dead-letter queue.
                return new Publication.StoppedAt(start, "the event is " + envelopes.get(start).size()
                        + " bytes, above EventBridge's " + EventEnvelope.MAX_SIZE);
            }
            int end = chunkEnd(envelopes, start);
            Publication.StoppedAt stopped = send(envelopes, start, end);
            if (stopped != null) {
                return stopped;
            }
            start = end;
        }
        return new Publication.AllPublished(envelopes.size());
    }

    /** The end of the chunk from {@code start}: at most 10 entries and 256 KB, one event per order. */
    private static int chunkEnd(List<EventEnvelope> envelopes, int start) {
        Set<String> orders = new HashSet<>();
        int size = 0;
        int end = start;
        while (end < envelopes.size() && end - start < MAX_ENTRIES) {
            EventEnvelope next = envelopes.get(end);
            if (next.size() > EventEnvelope.MAX_SIZE || size + next.size() > EventEnvelope.MAX_SIZE
                    || !orders.add(next.orderId())) {
                break;
            }
            size += next.size();
            end++;
        }
        return end;
    }

    /** Sends {@code [start, end)}, again what fails; null when all were accepted. */
    private Publication.StoppedAt send(List<EventEnvelope> envelopes, int start, int end) {
        List<Integer> pending = new ArrayList<>();
        for (int i = start; i < end; i++) {
            pending.add(i);
        }
        String reason = "";
        for (int attempt = 1; attempt <= attempts; attempt++) {
            if (attempt > 1 && !waitBeforeRetry()) {
                break;
            }
            PutEventsResponse response;
            try {
                List<Integer> asked = pending;
                response = client.putEvents(b -> b.entries(asked.stream().map(i -> entry(envelopes.get(i))).toList()));
            } catch (SdkException e) {
                // Unknown which entries the bus took: all of them stay pending (a duplicate is allowed, a loss is not).
                reason = "PutEvents failed: " + e.getMessage();
                continue;
            }
            List<Integer> failed = new ArrayList<>();
            for (int k = 0; k < pending.size(); k++) {
                PutEventsResultEntry result = k < response.entries().size() ? response.entries().get(k) : null;
                if (result == null || result.errorCode() != null || result.eventId() == null) {
                    failed.add(pending.get(k));
                    reason = result == null ? "PutEvents answered fewer entries than sent"
                            : result.errorCode() + ": " + result.errorMessage();
                }
            }
            if (failed.isEmpty()) {
                return null;
            }
            pending = failed;
        }
        return new Publication.StoppedAt(pending.get(0), reason);
    }

    private PutEventsRequestEntry entry(EventEnvelope envelope) {
        return PutEventsRequestEntry.builder()
                .eventBusName(busName)
                .source(envelope.source())
                .detailType(envelope.detailType())
                .resources(envelope.resources())
                .time(envelope.time())
                .detail(envelope.detail())
                .build();
    }

    private boolean waitBeforeRetry() {
        try {
            Thread.sleep(pause.toMillis());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
