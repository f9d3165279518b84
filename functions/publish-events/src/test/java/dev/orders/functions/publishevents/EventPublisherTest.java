package dev.orders.functions.publishevents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.functions.publishevents.EventPublisher.Publication;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.eventbridge.model.PutEventsRequestEntry;

/** Chunks within EventBridge's limits, refused entries sent again, and nothing published ahead of a failure. */
class EventPublisherTest {
    private static EventEnvelope envelope(String orderId, int version, int detailBytes) {
        String detail = "{\"metadata\":{\"eventId\":\"" + orderId + ":" + version + "\"},\"data\":{\"pad\":\""
                + "x".repeat(detailBytes) + "\"}}";
        return new EventEnvelope(orderId, "order-service", "OrderStatusChanged", List.of(orderId),
                Instant.parse("2026-11-24T10:00:00Z"), detail);
    }

    private static EventPublisher publisher(RecordingEventBridge bus) {
        return new EventPublisher(bus, "orders-bus", 3, Duration.ZERO);
    }

    private static List<String> eventIds(List<PutEventsRequestEntry> entries) {
        return entries.stream().map(e -> e.detail().substring(24, e.detail().indexOf("\"}"))).toList();
    }

    @Test
    void aRequestHoldsAtMostTenEntriesOfTenDifferentOrders() {
        RecordingEventBridge bus = new RecordingEventBridge();
        List<EventEnvelope> envelopes = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            envelopes.add(envelope("o-" + i, 1, 10));
        }

        assertEquals(new Publication.AllPublished(25), publisher(bus).publish(envelopes));
        assertEquals(List.of(10, 10, 5), bus.requests.stream().map(List::size).toList());
        assertTrue(bus.requests.get(0).stream().allMatch(e -> e.eventBusName().equals("orders-bus")));
    }

    @Test
    void twoEventsOfOneOrderNeverShareARequestAndGoInTheirOrder() {
        RecordingEventBridge bus = new RecordingEventBridge();
        List<EventEnvelope> envelopes = List.of(envelope("o-1", 1, 10), envelope("o-2", 1, 10), envelope("o-1", 2, 10),
                envelope("o-1", 3, 10), envelope("o-2", 2, 10));

        publisher(bus).publish(envelopes);

        assertEquals(List.of(List.of("o-1:1", "o-2:1"), List.of("o-1:2"), List.of("o-1:3", "o-2:2")),
                bus.requests.stream().map(EventPublisherTest::eventIds).toList());
    }

    @Test
    void aRequestStaysWithin256KilobytesAsEventBridgeCountsThem() {
        RecordingEventBridge bus = new RecordingEventBridge();
        List<EventEnvelope> envelopes = List.of(envelope("o-1", 1, 100_000), envelope("o-2", 1, 100_000),
                envelope("o-3", 1, 100_000));

        publisher(bus).publish(envelopes);

        assertEquals(List.of(2, 1), bus.requests.stream().map(List::size).toList());
        for (List<PutEventsRequestEntry> request : bus.requests) {
            int size = request.stream().mapToInt(e -> 14 + e.source().length() + e.detailType().length()
                    + e.detail().length() + e.resources().get(0).length()).sum();
            assertTrue(size <= EventEnvelope.MAX_SIZE, size + " bytes");
        }
    }

    @Test
    void anEventTooLargeForEventBridgeIsReportedNeverTruncatedAndNothingAfterItIsSent() {
        RecordingEventBridge bus = new RecordingEventBridge();
        List<EventEnvelope> envelopes = List.of(envelope("o-1", 1, 10), envelope("o-2", 1, 300_000), envelope("o-3", 1, 10));

        Publication.StoppedAt stopped = assertInstanceOf(Publication.StoppedAt.class, publisher(bus).publish(envelopes));

        assertEquals(1, stopped.index());
        assertTrue(stopped.reason().contains("above EventBridge's"), stopped.reason());
        assertEquals(List.of(List.of("o-1:1")), bus.requests.stream().map(EventPublisherTest::eventIds).toList());
    }

    @Test
    void entriesTheBusRefusesAreSentAgainAloneAndAllArePublished() {
        RecordingEventBridge bus = new RecordingEventBridge(
                (entry, request) -> request == 1 && entry.resources().contains("o-2"), 0);
        List<EventEnvelope> envelopes = List.of(envelope("o-1", 1, 10), envelope("o-2", 1, 10), envelope("o-3", 1, 10),
                envelope("o-2", 2, 10));

        assertEquals(new Publication.AllPublished(4), publisher(bus).publish(envelopes));

        assertEquals(List.of(List.of("o-1:1", "o-2:1", "o-3:1"), List.of("o-2:1"), List.of("o-2:2")),
                bus.requests.stream().map(EventPublisherTest::eventIds).toList());
        assertEquals(List.of("o-1:1", "o-3:1", "o-2:1", "o-2:2"), eventIds(bus.accepted));
    }

    @Test
    void anEntryRefusedOnEveryAttemptStopsThePublicationThereAndNoLaterEventIsSent() {
        RecordingEventBridge bus = new RecordingEventBridge((entry, request) -> entry.resources().contains("o-2"), 0);
        List<EventEnvelope> envelopes = List.of(envelope("o-1", 1, 10), envelope("o-2", 1, 10), envelope("o-3", 1, 10),
                envelope("o-2", 2, 10), envelope("o-4", 1, 10));

        Publication.StoppedAt stopped = assertInstanceOf(Publication.StoppedAt.class, publisher(bus).publish(envelopes));

        assertEquals(1, stopped.index());
        assertEquals("ThrottlingException: Rate exceeded", stopped.reason());
        assertEquals(3, bus.requests.size(), "the first request and two attempts more of its refused entry");
        assertEquals(List.of("o-1:1", "o-3:1"), eventIds(bus.accepted), "o-2:2 and o-4:1 never sent");
    }

    @Test
    void aRequestWithoutAnAnswerKeepsAllItsEntriesPendingAndIsSentAgain() {
        RecordingEventBridge unreachableOnce = new RecordingEventBridge((entry, request) -> false, 1);
        assertEquals(new Publication.AllPublished(2),
                publisher(unreachableOnce).publish(List.of(envelope("o-1", 1, 10), envelope("o-2", 1, 10))));
        assertEquals(2, unreachableOnce.requests.size());

        RecordingEventBridge unreachable = new RecordingEventBridge((entry, request) -> false, 10);
        Publication.StoppedAt stopped = assertInstanceOf(Publication.StoppedAt.class,
                publisher(unreachable).publish(List.of(envelope("o-1", 1, 10), envelope("o-2", 1, 10))));
        assertEquals(0, stopped.index());
        assertTrue(stopped.reason().startsWith("PutEvents failed"), stopped.reason());
    }
}
