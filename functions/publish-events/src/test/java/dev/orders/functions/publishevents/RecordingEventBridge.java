package dev.orders.functions.publishevents;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.eventbridge.model.PutEventsRequest;
import software.amazon.awssdk.services.eventbridge.model.PutEventsRequestEntry;
import software.amazon.awssdk.services.eventbridge.model.PutEventsResponse;
import software.amazon.awssdk.services.eventbridge.model.PutEventsResultEntry;

/**
 * EventBridge as the publisher sees it, in memory: every PutEvents request is recorded, and an entry is
 * refused (an ErrorCode, as EventBridge answers a throttled or failed entry) when {@code refuses} says so
 * for that entry and the number of the request (1, 2, ...). Faults a real bus cannot be made to produce.
 */
final class RecordingEventBridge implements EventBridgeClient {
    final List<List<PutEventsRequestEntry>> requests = new ArrayList<>();
    final List<PutEventsRequestEntry> accepted = new ArrayList<>();
    private final BiPredicate<PutEventsRequestEntry, Integer> refuses;
    private final int unreachableRequests;

    RecordingEventBridge() {
        this((entry, request) -> false, 0);
    }

    RecordingEventBridge(BiPredicate<PutEventsRequestEntry, Integer> refuses, int unreachableRequests) {
        this.refuses = refuses;
        this.unreachableRequests = unreachableRequests;
    }

    @Override
    public synchronized PutEventsResponse putEvents(PutEventsRequest request) {
        requests.add(request.entries());
        if (requests.size() <= unreachableRequests) {
            throw SdkClientException.create("Unable to execute HTTP request: connect timed out");
        }
        List<PutEventsResultEntry> results = new ArrayList<>();
        int failed = 0;
        for (PutEventsRequestEntry entry : request.entries()) {
            if (refuses.test(entry, requests.size())) {
                failed++;
                results.add(PutEventsResultEntry.builder().errorCode("ThrottlingException")
                        .errorMessage("Rate exceeded").build());
            } else {
                accepted.add(entry);
                results.add(PutEventsResultEntry.builder().eventId("id-" + accepted.size()).build());
            }
        }
        return PutEventsResponse.builder().failedEntryCount(failed).entries(results).build();
    }

    @Override
    public String serviceName() {
        return SERVICE_NAME;
    }

    @Override
    public void close() {
    }
}
