package dev.orders.bench;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.eventbridge.model.PutEventsRequest;
import software.amazon.awssdk.services.eventbridge.model.PutEventsRequestEntry;

/**
 * The entries the publisher puts on the bus, each as EventBridge bills it: one event a 64 KB chunk of its size as
 * EventBridge counts it (Time 14 bytes, Source, DetailType, Detail and each resource, UTF-8).
 */
final class PutEventsMeter implements ExecutionInterceptor {
    private static final int CHUNK = 64 * 1024;
    private double events;
    private double bytes;

    @Override
    public synchronized void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        SdkRequest request = context.request();
        if (request instanceof PutEventsRequest put) {
            for (PutEventsRequestEntry entry : put.entries()) {
                long size = (entry.time() == null ? 0 : 14) + utf8(entry.source()) + utf8(entry.detailType())
                        + utf8(entry.detail()) + entry.resources().stream().mapToLong(PutEventsMeter::utf8).sum();
                events += Math.max(1, Math.ceil((double) size / CHUNK));
                bytes += size;
            }
        }
    }

    synchronized Usage take() {
        Usage usage = new Usage(0, 0, Map.of(), Map.of(), Map.of(), 0, events, bytes, Map.of());
        events = 0;
        bytes = 0;
        return usage;
    }

    private static long utf8(String text) {
        return text == null ? 0 : text.getBytes(StandardCharsets.UTF_8).length;
    }
}
