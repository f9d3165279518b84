package dev.orders.bench;

import com.amazonaws.services.lambda.runtime.Context;
import dev.orders.core.feed.CursorCodec;
import dev.orders.dynamodb.table.OrdersTable;
import dev.orders.functions.paymentwebhook.PaymentWebhookFunction;
import dev.orders.http.api.ApiFunction;
import dev.orders.lambda.aws.SecretSource;
import dev.orders.lambda.json.Json;
import dev.orders.local.api.HttpApiEvents;
import dev.orders.local.api.RequestAuthorizer;
import dev.orders.local.lambda.LambdaFunction;
import dev.orders.local.lambda.PlatformLines;
import dev.orders.local.lambda.ProcessMemory;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.testsupport.lambda.TestContext;
import dev.orders.wiring.Services;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * The template's functions run in this JVM as Lambda runs them, one invocation at a time, each metered in what AWS
 * bills: its duration (rounded up to the ms, at the function's MemorySize and architecture), the DynamoDB request units
 * its requests consumed (the engine's figures, table and indexes apart: {@link CapacityMeter}), the bytes of the lines
 * it wrote to standard output and of Lambda's own START, END and REPORT lines around it, and for an API request, the
 * request and its line in the HTTP API's access log. While it runs, standard output is counted, not printed.
 */
final class MeteredFunctions implements AutoCloseable {
    /** One invocation: what it served (a route key, a stream, a schedule) and what it used. */
    record Invocation(String served, Usage usage) {
    }

    /** A handler's run, given the invocation's context. */
    @FunctionalInterface
    interface Run<T> {
        T in(Context context) throws Exception;
    }

    /** An answer of the HTTP API: the status, and the JSON body read as maps and lists. */
    record Answer(int status, Object body) {
        @SuppressWarnings("unchecked")
        Object field(String name) {
            return ((Map<String, Object>) body).get(name);
        }
    }

    private static final Set<String> READS = Set.of("GetItem", "Query", "BatchGetItem", "Scan", "TransactGetItems");
    private static final int HTTP_API_METERED_BYTES = 512 * 1024;
    private static final String SOURCE_IP = "203.0.113.10";
    private static final String STACK = "order-service";
    /** Of CloudFormation's random suffix of a function's name, only the length matters here. */
    private static final String RANDOM_SUFFIX = "1A2B3C4D5E6F";
    /** The secrets' ids, as the template names them (the cursor key's is an ARN in AWS: its length does not count). */
    private static final String CURSOR_SECRET_ID = "order-service/cursor";
    private static final String WEBHOOK_SECRET_ID = "order-service/payment-webhook";
    private static final String STRIPE_WEBHOOK_SECRET_ID = "order-service/stripe-webhook";

    private final SamTemplate template;
    private final String tableName;
    private final CapacityMeter meter = new CapacityMeter();
    private final DynamoDbClient client;
    private final HttpApiEvents.Routes routes;
    private final AccessLogFormat accessLog;
    private final LogOutput logs = new LogOutput();
    private final PrintStream console = System.out;
    private final ReentrantLock oneAtATime = new ReentrantLock();
    private final Map<String, ApiFunction> handlers = new HashMap<>();
    private final MeteredSecrets secrets = new MeteredSecrets(Map.of(CURSOR_SECRET_ID, "benchmark cursor secret",
            WEBHOOK_SECRET_ID, BenchData.WEBHOOK_SECRET, STRIPE_WEBHOOK_SECRET_ID, BenchData.WEBHOOK_SECRET));
    private final List<Invocation> invocations = new ArrayList<>();
    private final Services services;

    MeteredFunctions(DynamoDbClientBuilder clients, String tableName, SamTemplate template) {
        this.template = template;
        this.tableName = tableName;
        this.client = clients.overrideConfiguration(ClientOverrideConfiguration.builder().addExecutionInterceptor(meter)
                .build()).build();
        this.routes = new HttpApiEvents.Routes(template);
        this.accessLog = AccessLogFormat.of(template);
        this.services = services(Clock.systemUTC());
        System.setOut(new PrintStream(logs, true, StandardCharsets.UTF_8));
    }

    /**
     * The ports of the functions over the metered client, on {@code clock}; the cursor key read as the deployed
     * query-orders reads it, from Secrets Manager by its id ({@link MeteredSecrets}).
     */
    Services services(Clock clock) {
        SecretSource cursorSecret = SecretSource.fromEnvironment(Map.of(Services.CURSOR_SECRET + SecretSource.ID_SUFFIX,
                CURSOR_SECRET_ID), Services.CURSOR_SECRET, () -> secrets).orElseThrow();
        return new Services(new OrdersTable(client, tableName, OrdersTable.DEFAULT_STATUS_SHARDS), clock,
                new CursorCodec(() -> cursorSecret.value().getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * The HTTP API's answer to {@code method} {@code path} sent by {@code caller} (empty: no token, the webhooks), as
     * API Gateway makes it the event of the route's function and invokes that.
     */
    Answer api(String method, String path, Map<String, String> headers, String body,
               Optional<RequestAuthorizer.Jwt> caller) {
        int query = path.indexOf('?');
        String rawPath = query < 0 ? path : path.substring(0, query);
        HttpApiEvents.Match match = routes.match(method, rawPath)
                .orElseThrow(() -> new IllegalArgumentException("no route of the template takes " + method + " " + path));
        Map<String, List<String>> requestHeaders = new LinkedHashMap<>();
        requestHeaders.put("user-agent", List.of("order-service-client/1.0"));
        headers.forEach((name, value) -> requestHeaders.put(name, List.of(value)));
        byte[] requestBody = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        HttpApiEvents.Request request = new HttpApiEvents.Request(method, rawPath, query < 0 ? "" : path.substring(query + 1),
                requestHeaders, requestBody, SOURCE_IP, "HTTP/1.1", "r4nd0m1d.execute-api.us-east-1.amazonaws.com");
        Instant now = Instant.now();
        Map<String, Object> event = HttpApiEvents.event(request, match, now, caller);
        SamTemplate.Function function = template.function(match.functionLogicalId()).orElseThrow();
        ApiFunction handler = handlers.computeIfAbsent(function.logicalId(),
                id -> RouteCapacity.handlerFor(template, match.route().key(), services, webhookSecrets()));
        byte[] eventJson = Json.write(event).getBytes(StandardCharsets.UTF_8);
        @SuppressWarnings("unchecked")
        Map<String, String> requestContext = (Map<String, String>) event.get("requestContext");
        byte[] answered = measure(match.route().key(), function, LambdaFunction.newRequestId(), context -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            handler.handleRequest(new ByteArrayInputStream(eventJson), out, context);
            return out.toByteArray();
        }, (response, duration) -> {
            Map<String, Object> answer = json(response);
            String answerBody = (String) answer.get("body");
            long latency = duration.toMillis();
            Map<String, String> values = Map.of("requestId", requestContext.get("requestId"), "routeKey",
                    match.route().key(), "status", String.valueOf(answer.get("statusCode")), "responseLatency",
                    Long.toString(latency), "integrationLatency", Long.toString(latency), "identity.sourceIp", SOURCE_IP,
                    "requestTime", requestContext.get("time"));
            int bytes = requestBody.length + (answerBody == null ? 0 : answerBody.getBytes(StandardCharsets.UTF_8).length);
            return new Usage(0, 0, Map.of(), Map.of(), Map.of(), Math.max(1, Math.ceil((double) bytes / HTTP_API_METERED_BYTES)),
                    0, 0, Map.of(Usage.ACCESS_LOG, (double) accessLog.line(values).getBytes(StandardCharsets.UTF_8).length));
        });
        Map<String, Object> response = json(answered);
        String responseBody = (String) response.get("body");
        return new Answer(((Number) response.get("statusCode")).intValue(),
                responseBody == null || responseBody.isEmpty() ? Map.of() : parse(responseBody));
    }

    /**
     * One invocation of {@code function} other than an API request's (a stream's batch, a schedule's run); {@code also},
     * asked once it ran, adds what other meters counted of it.
     */
    <T> T invoke(String served, SamTemplate.Function function, String requestId, Run<T> run, Supplier<Usage> also) {
        return measure(served, function, requestId, run, (result, duration) -> also.get());
    }

    /** Returns once no invocation runs (one that started has recorded what it used). */
    void awaitIdle() {
        oneAtATime.lock();
        oneAtATime.unlock();
    }

    /** The invocations since the last call, in order. */
    synchronized List<Invocation> take() {
        List<Invocation> taken = List.copyOf(invocations);
        invocations.clear();
        return taken;
    }

    /** The custom metrics the functions' metric lines defined so far. */
    Set<String> metrics() {
        return logs.metrics();
    }

    /** The GetSecretValue calls made so far, by secret id. */
    Map<String, Integer> secretCalls() {
        return secrets.calls();
    }

    private synchronized void record(String served, Usage usage) {
        invocations.add(new Invocation(served, usage));
    }

    /** What else an invocation used, once it answered {@code result} in {@code duration}. */
    @FunctionalInterface
    private interface Also<T> {
        Usage of(T result, Duration duration);
    }

    /**
     * Runs {@code run} as one invocation of {@code function} and records what it used (with {@code also}'s) as serving
     * {@code served}, before the next invocation may start.
     */
    private <T> T measure(String served, SamTemplate.Function function, String requestId, Run<T> run, Also<T> also) {
        oneAtATime.lock();
        try {
            meter.reset();
            logs.take();
            Context context = context(function, requestId);
            long start = System.nanoTime();
            T result;
            try {
                result = run.in(context);
            } catch (Exception e) {
                throw new IllegalStateException(function.logicalId() + " failed", e);
            }
            Duration duration = Duration.ofNanos(System.nanoTime() - start);
            PlatformLines.Report report = new PlatformLines.Report(requestId, duration, Optional.empty(),
                    function.memoryMb(), ProcessMemory.peakMb());
            Map<String, Double> logBytes = new TreeMap<>(logs.take());
            logBytes.put(Usage.PLATFORM_LINES, (double) lineBytes(PlatformLines.start(requestId) + PlatformLines.end(requestId)
                    + report.line()));
            Map<String, Double> reads = new TreeMap<>();
            Map<String, Double> writes = new TreeMap<>();
            for (CapacityMeter.Call call : meter.calls()) {
                Map<String, Double> units = READS.contains(call.operation()) ? reads : writes;
                call.byTableOrIndex().forEach((tableOrIndex, value) -> units.merge(tableOrIndex, value, Double::sum));
            }
            long billed = report.billedMillis();
            record(served, new Usage(1, billed, Map.of(architecture(template, function),
                    billed / 1000.0 * function.memoryMb() / 1024), reads, writes, 0, 0, 0, logBytes)
                    .plus(also.of(result, duration)));
            return result;
        } finally {
            oneAtATime.unlock();
        }
    }

    /**
     * The context Lambda gives a function of the stack deployed as samconfig.toml names it: its name as CloudFormation
     * makes it ({@code <stack>-<logical id>-<12 random characters>}), invoked through the template's alias
     * ({@code AutoPublishAlias: live}), so that the log lines that carry them are as long as in AWS.
     */
    private static Context context(SamTemplate.Function function, String requestId) {
        String name = STACK + "-" + function.logicalId() + "-" + RANDOM_SUFFIX;
        return new TestContext(requestId, name, "1", "arn:aws:lambda:us-east-1:123456789012:function:" + name + ":live",
                function.memoryMb(), (int) function.timeout().toMillis());
    }

    /** The bytes of {@code text}'s lines, their newlines left out: one log event each. */
    private static int lineBytes(String text) {
        return text.replace("\n", "").getBytes(StandardCharsets.UTF_8).length;
    }

    /** The function's Architectures in the template (its own, else Globals'), x86_64 when none says. */
    @SuppressWarnings("unchecked")
    static String architecture(SamTemplate template, SamTemplate.Function function) {
        Map<String, Object> resources = (Map<String, Object>) template.root().get("Resources");
        Map<String, Object> properties = (Map<String, Object>) ((Map<String, Object>) resources.get(function.logicalId()))
                .get("Properties");
        Object own = properties.get("Architectures");
        Map<String, Object> globals = (Map<String, Object>) template.root().getOrDefault("Globals", Map.of());
        Object global = ((Map<String, Object>) globals.getOrDefault("Function", Map.of())).get("Architectures");
        Object architectures = own != null ? own : global;
        return architectures instanceof List<?> list && !list.isEmpty() ? String.valueOf(list.get(0)) : "x86_64";
    }

    private PaymentWebhookFunction.Secrets webhookSecrets() {
        return new PaymentWebhookFunction.Secrets(secret(PaymentWebhookFunction.WEBHOOK_SECRET, WEBHOOK_SECRET_ID),
                secret(PaymentWebhookFunction.STRIPE_WEBHOOK_SECRET, STRIPE_WEBHOOK_SECRET_ID));
    }

    private SecretSource secret(String name, String id) {
        return SecretSource.fromEnvironment(Map.of(name + SecretSource.ID_SUFFIX, id), name, () -> secrets).orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(byte[] bytes) {
        return (Map<String, Object>) parse(new String(bytes, StandardCharsets.UTF_8));
    }

    private static Object parse(String text) {
        try {
            return Json.parse(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        System.setOut(console);
        client.close();
    }
}
