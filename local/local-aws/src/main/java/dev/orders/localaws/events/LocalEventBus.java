package dev.orders.localaws.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.jr.ob.JSON;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.orders.localaws.HttpServers;
import dev.orders.localaws.Log;
import dev.orders.localaws.OwnerOnly;
import dev.orders.localaws.template.SamTemplate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import software.amazon.event.ruler.Machine;

/**
 * EventBridge's {@code PutEvents} on a local port (the AWS JSON 1.1 protocol the SDK speaks), so a
 * function that publishes runs under ./sam-local as in AWS, its SDK pointed here by
 * {@code AWS_ENDPOINT_URL_EVENTBRIDGE}. Each accepted entry becomes the event as EventBridge delivers it to
 * a rule's target ({@code version, id, detail-type, source, account, time, region, resources, detail}),
 * appended to the events file (if any, owner-only as {@link OwnerOnly} makes it) as one JSON line, and delivered, in the order accepted and apart
 * from the PutEvents call as EventBridge delivers, to every subscription whose pattern it matches
 * (EventBridge's own pattern engine, event-ruler) on the entry's bus.
 *
 * <p>The buses here are the default bus and those the template declares. An entry for any other bus is
 * answered as EventBridge answers it (accepted, with an {@code EventId}) and delivered nowhere, as in AWS;
 * unlike AWS, the server log says so, once per bus name.
 */
public final class LocalEventBus implements AutoCloseable {
    /** The account and region delivered events name locally. */
    public static final String ACCOUNT = "123456789012";
    private static final String TARGET = "AWSEvents.PutEvents";
    private static final int MAX_ENTRIES = 10;

    /**
     * A rule on {@code bus} (a bus's name or ARN) and its target: every event put on that bus and matching
     * {@code pattern} (an EventBridge event pattern) goes to it.
     */
    public record Subscription(String name, String bus, String pattern, Consumer<Map<String, Object>> target) {
    }

    private final HttpServer server;
    private final String region;
    private final Optional<Path> eventsFile;
    private final Set<String> buses;
    private final List<Subscription> subscriptions;
    private final Set<String> warnedBuses = ConcurrentHashMap.newKeySet();
    private final Machine rules = Machine.builder().build();
    private final ExecutorService deliveries = Executors.newSingleThreadExecutor(daemon("sam-local-event-bus"));
    // Each exchange on a thread of its own: on the server's one dispatcher thread, a client that stopped halfway
    // through its request (an SDK call interrupted while sending) would keep every other PutEvents waiting.
    private final ExecutorService exchanges = Executors.newCachedThreadPool(daemon("sam-local-event-bus-http"));

    private LocalEventBus(HttpServer server, String region, Optional<Path> eventsFile, Set<String> declaredBuses,
                          List<Subscription> subscriptions) {
        this.server = server;
        this.region = region;
        this.eventsFile = eventsFile;
        Set<String> buses = new LinkedHashSet<>(declaredBuses);
        buses.add(SamTemplate.DEFAULT_EVENT_BUS);
        this.buses = Collections.unmodifiableSet(buses);
        this.subscriptions = subscriptions.stream().map(subscription -> new Subscription(subscription.name(),
                busName(subscription.bus()), subscription.pattern(), subscription.target())).toList();
        for (Subscription subscription : subscriptions) {
            try {
                rules.addRule(subscription.name(), subscription.pattern());
            } catch (IOException e) {
                throw new IllegalArgumentException("rule " + subscription.name() + ": not an event pattern: "
                        + e.getMessage(), e);
            }
        }
    }

    /**
     * The default bus and {@code declaredBuses} (the template's, {@link SamTemplate#eventBuses()}), without
     * subscriptions, on a free port of the loopback interface.
     */
    public static LocalEventBus start(String region, Optional<Path> eventsFile, Set<String> declaredBuses) {
        return start(region, eventsFile, 0, declaredBuses, List.of());
    }

    /**
     * The default bus and {@code declaredBuses} on {@code port} of the loopback interface (0: a free one),
     * delivering to {@code subscriptions}.
     */
    public static LocalEventBus start(String region, Optional<Path> eventsFile, int port, Set<String> declaredBuses,
                                      List<Subscription> subscriptions) {
        try {
            if (eventsFile.isPresent()) {
                OwnerOnly.narrow(eventsFile.get());
            }
            HttpServer server = HttpServers.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
            LocalEventBus bus = new LocalEventBus(server, region, eventsFile, declaredBuses, subscriptions);
            server.createContext("/", bus::handle);
            server.setExecutor(bus.exchanges);
            server.start();
            return bus;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the local event bus", e);
        }
    }

    public URI endpoint() {
        return URI.create("http://" + server.getAddress().getHostString() + ":" + server.getAddress().getPort());
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String target = exchange.getRequestHeaders().getFirst("X-Amz-Target");
            if (!"POST".equals(exchange.getRequestMethod()) || !TARGET.equals(target)) {
                answer(exchange, 400, Map.of("__type", "UnknownOperationException",
                        "message", "the local event bus serves " + TARGET + " only, not " + target));
                return;
            }
            Map<String, Object> request;
            try {
                request = JSON.std.mapFrom(exchange.getRequestBody().readAllBytes());
            } catch (JsonProcessingException e) {
                answer(exchange, 400, Map.of("__type", "SerializationException",
                        "message", "the request body is not a JSON object"));
                return;
            }
            List<?> entries = request.get("Entries") instanceof List<?> list ? list : List.of();
            if (entries.isEmpty() || entries.size() > MAX_ENTRIES) {
                answer(exchange, 400, Map.of("__type", "ValidationException",
                        "message", "PutEvents takes 1 to " + MAX_ENTRIES + " entries, not " + entries.size()));
                return;
            }
            List<Map<String, Object>> results = new ArrayList<>();
            int failed = 0;
            for (Object entry : entries) {
                Map<String, Object> result = accept(entry);
                failed += result.containsKey("ErrorCode") ? 1 : 0;
                results.add(result);
            }
            answer(exchange, 200, Map.of("FailedEntryCount", failed, "Entries", results));
        } catch (RuntimeException | IOException e) {
            // Writing the events file failed, say: the publisher gets an answer it retries, not a closed connection.
            Log.SAM_LOCAL.line("local event bus: " + e);
            answer(exchange, 500, Map.of("__type", "InternalException", "message", String.valueOf(e.getMessage())));
        }
    }

    /** One entry: delivered with a new id, or refused as EventBridge refuses it (per entry, not the request). */
    private Map<String, Object> accept(Object entry) throws IOException {
        Map<?, ?> fields = entry instanceof Map<?, ?> map ? map : Map.of();
        for (String required : List.of("Source", "DetailType", "Detail")) {
            if (!(fields.get(required) instanceof String value) || value.isEmpty()) {
                return Map.of("ErrorCode", "InvalidArgument",
                        "ErrorMessage", "Parameter " + required + " is not valid. Reason: " + required + " is a required argument.");
            }
        }
        String source = (String) fields.get("Source");
        String detailType = (String) fields.get("DetailType");
        String detail = (String) fields.get("Detail");
        // Sources beginning with "aws." are AWS services' own: no account may put events with them.
        if (source.startsWith("aws.")) {
            return Map.of("ErrorCode", "NotAuthorizedForSourceException", "ErrorMessage", "Not authorized for the source.");
        }
        Object parsed;
        try {
            parsed = JSON.std.anyFrom(detail);
        } catch (IOException e) {
            return Map.of("ErrorCode", "MalformedDetail", "ErrorMessage", "Detail is not valid JSON");
        }
        String id = UUID.randomUUID().toString();
        String bus = fields.get("EventBusName") instanceof String named ? busName(named) : SamTemplate.DEFAULT_EVENT_BUS;
        if (!buses.contains(bus)) {
            // Once per bus: a publisher given a wrong name sends all its events there, and one line says it all.
            if (warnedBuses.add(bus)) {
                Log.SAM_LOCAL.line("WARNING: event bus \"" + bus + "\" does not exist (the buses here are " + buses
                        + "): entries for it are accepted and delivered nowhere, as EventBridge does (said once per bus)");
            }
            return Map.of("EventId", id);
        }
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("version", "0");
        event.put("id", id);
        event.put("detail-type", detailType);
        event.put("source", source);
        event.put("account", ACCOUNT);
        event.put("time", time(fields.get("Time")));
        event.put("region", region);
        event.put("resources", fields.get("Resources") instanceof List<?> resources ? resources : List.of());
        event.put("detail", parsed);
        deliver(bus, event);
        return Map.of("EventId", id);
    }

    /** The name of the bus {@code nameOrArn} names: the name itself, or the name in this account and region's ARN. */
    private String busName(String nameOrArn) {
        String arnPrefix = "arn:aws:events:" + region + ":" + ACCOUNT + ":event-bus/";
        return nameOrArn.startsWith(arnPrefix) ? nameOrArn.substring(arnPrefix.length()) : nameOrArn;
    }

    private synchronized void deliver(String bus, Map<String, Object> event) throws IOException {
        if (!subscriptions.isEmpty()) {
            String json = JSON.std.asString(event);
            deliveries.execute(() -> notify(bus, json, event));
        }
        if (eventsFile.isPresent()) {
            OwnerOnly.append(eventsFile.get(), JSON.std.asString(event) + "\n");
        }
    }

    private void notify(String bus, String json, Map<String, Object> event) {
        try {
            List<String> matched = rules.rulesForJSONEvent(json);
            for (Subscription subscription : subscriptions) {
                if (subscription.bus().equals(bus) && matched.contains(subscription.name())) {
                    subscription.target().accept(event);
                }
            }
        } catch (Exception e) {
            Log.SAM_LOCAL.line("local event bus: delivering " + event.get("id") + " failed: " + e);
        }
    }

    /** EventBridge's time of an event: the entry's Time (the SDK sends epoch seconds), else now; whole seconds. */
    private static String time(Object entryTime) {
        Instant time = entryTime instanceof Number seconds
                ? Instant.ofEpochMilli((long) (seconds.doubleValue() * 1000)) : Instant.now();
        return DateTimeFormatter.ISO_INSTANT.format(time.truncatedTo(ChronoUnit.SECONDS));
    }

    private static void answer(HttpExchange exchange, int status, Map<String, Object> body) throws IOException {
        byte[] bytes = JSON.std.asBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/x-amz-json-1.1");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    private static ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    @Override
    public void close() {
        server.stop(0);
        exchanges.shutdown();
        deliveries.shutdown();
    }
}
