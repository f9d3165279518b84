package dev.orders.local.invoke;

import com.fasterxml.jackson.jr.ob.JSON;
import com.sun.net.httpserver.HttpExchange;
import dev.orders.local.lambda.FunctionCode;
import dev.orders.local.lambda.FunctionInvoker;
import dev.orders.local.lambda.LambdaFunction;
import dev.orders.local.lambda.UnhandledError;
import dev.orders.localaws.HttpServers;
import dev.orders.localaws.Log;
import dev.orders.localaws.events.LocalEventBus;
import dev.orders.localaws.template.SamTemplate;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Lambda's Invoke operation on a local port ({@code POST /2015-03-31/functions/{FunctionName}/invocations}),
 * for every function of the template, each run from its jar as under start-api: {@code RequestResponse} answers
 * the function's payload (or, when it throws, its error with {@code X-Amz-Function-Error: Unhandled}),
 * {@code Event} queues the invocation and answers 202, {@code DryRun} answers 204 and runs nothing. A call Lambda
 * would refuse is refused with Lambda's status, error code and message, and runs nothing; so is any request a
 * browser sends (it has an {@code Origin}), as Lambda refuses a page's unsigned one.
 */
public final class LocalInvokeApi implements AutoCloseable {
    /** Lambda's payload limits: 6 MB for a synchronous call, 1 MB for an asynchronous one. */
    static final int MAX_REQUEST_BYTES = 6 * 1024 * 1024;
    static final int MAX_EVENT_BYTES = 1024 * 1024;
    /** The response limit, in bytes, as Lambda's error states it. */
    static final int MAX_RESPONSE_BYTES = 6_291_556;
    private static final Pattern INVOCATIONS = Pattern.compile("/2015-03-31/functions/([^/]+)/invocations");
    private static final List<String> INVOCATION_TYPES = List.of("Event", "RequestResponse", "DryRun");
    private static final List<String> LOG_TYPES = List.of("None", "Tail");
    private static final String EXECUTED_VERSION = "$LATEST";
    private static final int THREADS = 8;

    private record Function(SamTemplate.Function definition, FunctionInvoker instances) {
    }

    private record Response(int status, Map<String, String> headers, byte[] body) {
    }

    /** What a synchronous invocation answers: the function's payload, or the error it let out. */
    private sealed interface Outcome permits Returned, Failed {
    }

    private record Returned(byte[] payload) implements Outcome {
    }

    private record Failed(UnhandledError error) implements Outcome {
    }

    private final Map<String, Function> functions = new LinkedHashMap<>();
    private final String region;
    private final EventInvocations events = new EventInvocations(THREADS);
    private HttpServers.Serving serving;

    /** Every function of {@code template}, run from {@code code}; a function whose jar is not built fails now. */
    public LocalInvokeApi(SamTemplate template, FunctionCode code, String region) {
        this.region = region;
        for (SamTemplate.Function function : template.functions()) {
            functions.put(function.logicalId(), new Function(function, code.instances(function, THREADS)));
        }
        InvocationLogs.install();
    }

    /** Before {@link #start}: {@code logicalId}'s invocations are run by {@code invoker} (a JVM of its own) instead. */
    public void serveElsewhere(String logicalId, FunctionInvoker invoker) {
        Function function = functions.get(logicalId);
        functions.put(logicalId, new Function(function.definition(), invoker));
        function.instances().close();
    }

    /** Binds and serves; returns the bound address (port 0 picks a free one). */
    public InetSocketAddress start(String host, int port) throws IOException {
        serving = HttpServers.serve(new InetSocketAddress(host, port), THREADS, "sam-local-invoke", this::exchange);
        return serving.address();
    }

    private Response handle(HttpExchange exchange, byte[] body, String requestId) {
        try {
            String origin = exchange.getRequestHeaders().getFirst("Origin");
            if (origin != null) {
                throw InvokeRefusal.fromBrowser(origin);
            }
            Matcher path = INVOCATIONS.matcher(exchange.getRequestURI().getRawPath());
            if (!"POST".equals(exchange.getRequestMethod()) || !path.matches()) {
                throw InvokeRefusal.unknownOperation(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath());
            }
            InvokedFunction invoked = InvokedFunction.parse(URLDecoder.decode(path.group(1), StandardCharsets.UTF_8))
                    .qualifiedBy(queryParameter(exchange.getRequestURI().getRawQuery(), "Qualifier"));
            String type = oneOf(exchange, "X-Amz-Invocation-Type", "invocationType", INVOCATION_TYPES, "RequestResponse");
            boolean tail = oneOf(exchange, "X-Amz-Log-Type", "logType", LOG_TYPES, "None").equals("Tail");
            Function function = function(invoked);
            byte[] payload = payload(body, type);
            checkClientContext(exchange.getRequestHeaders().getFirst("X-Amz-Client-Context"));
            switch (type) {
                case "DryRun":
                    return new Response(204, Map.of(), new byte[0]);
                case "Event":
                    events.accept(new EventInvocations.Accepted(function.definition().logicalId(), requestId,
                            () -> run(function, payload, requestId)));
                    return new Response(202, Map.of(), new byte[0]);
                default:
                    return invoke(function, payload, requestId, tail);
            }
        } catch (InvokeRefusal refusal) {
            Log.SAM_LOCAL.line(refusal.status + " " + refusal.errorCode + ": " + refusal.getMessage());
            return refused(refusal);
        }
    }

    /** The function named, if it is the template's and its unqualified (or $LATEST) version, in this region and account. */
    private Function function(InvokedFunction invoked) throws InvokeRefusal {
        Function function = functions.get(invoked.name());
        boolean here = invoked.region().map(region::equals).orElse(true)
                && invoked.account().map(LocalEventBus.ACCOUNT::equals).orElse(true);
        // Nothing is published locally: $LATEST is the only version there is.
        boolean latest = invoked.qualifier().map(EXECUTED_VERSION::equals).orElse(true);
        if (function == null || !here || !latest) {
            throw InvokeRefusal.notFound(invoked.arn(region, LocalEventBus.ACCOUNT));
        }
        return function;
    }

    /** The body within the invocation type's limit, and JSON (an empty one is {@code {}}, as Lambda passes it). */
    private static byte[] payload(byte[] body, String type) throws InvokeRefusal {
        if (body.length > MAX_REQUEST_BYTES) {
            throw InvokeRefusal.tooLarge("Request must be smaller than " + MAX_REQUEST_BYTES + " bytes for the InvokeFunction operation");
        }
        if (type.equals("Event") && body.length > MAX_EVENT_BYTES) {
            throw InvokeRefusal.tooLarge(body.length + " byte payload is too large for the Event invocation type (limit "
                    + MAX_EVENT_BYTES + " bytes)");
        }
        if (body.length == 0) {
            return "{}".getBytes(StandardCharsets.UTF_8);
        }
        try {
            JSON.std.anyFrom(body);
            return body;
        } catch (IOException e) {
            throw InvokeRefusal.invalidContent("Could not parse request body into json: Could not parse payload into json: "
                    + e.getMessage());
        }
    }

    /**
     * Lambda refuses a client context that is not base64 of a JSON object. Locally it goes no further: the
     * functions' Context has no client context (see docs/LOCAL.md).
     */
    private static void checkClientContext(String clientContext) throws InvokeRefusal {
        if (clientContext == null) {
            return;
        }
        try {
            if (JSON.std.anyFrom(Base64.getDecoder().decode(clientContext)) instanceof Map) {
                return;
            }
        } catch (IllegalArgumentException | IOException e) {
            // Refused below, as any other client context that is not a JSON object.
        }
        throw InvokeRefusal.invalidContent("Client context must be a valid Base64-encoded JSON object.");
    }

    private Response invoke(Function function, byte[] payload, String requestId, boolean tail) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("X-Amz-Executed-Version", EXECUTED_VERSION);
        Outcome outcome;
        if (tail) {
            InvocationLogs.Logged<Outcome> logged = InvocationLogs.capture(() -> run(function, payload, requestId));
            headers.put("X-Amz-Log-Result", logged.tail());
            outcome = logged.result();
        } else {
            outcome = run(function, payload, requestId);
        }
        if (outcome instanceof Returned returned && returned.payload().length > MAX_RESPONSE_BYTES) {
            outcome = new Failed(new UnhandledError("Response payload size exceeded maximum allowed payload size ("
                    + MAX_RESPONSE_BYTES + " bytes).", "Function.ResponseSizeTooLarge", List.of()));
        }
        headers.put("Content-Type", "application/json");
        if (outcome instanceof Failed failed) {
            headers.put("X-Amz-Function-Error", "Unhandled");
            return new Response(200, headers, failed.error().json());
        }
        return new Response(200, headers, ((Returned) outcome).payload());
    }

    private static Outcome run(Function function, byte[] payload, String requestId) {
        try {
            return new Returned(function.instances().invoke(payload, requestId));
        } catch (Exception | LinkageError e) {
            UnhandledError error = UnhandledError.of(e);
            Log.SAM_LOCAL.line(function.definition().logicalId() + " failed on invocation " + requestId + ": "
                    + error.errorType() + ": " + error.errorMessage());
            return new Failed(error);
        }
    }

    /** A header whose value must be one of {@code allowed}, refused in the wording of AWS's request validation. */
    private static String oneOf(HttpExchange exchange, String header, String member, List<String> allowed, String fallback)
            throws InvokeRefusal {
        String value = Optional.ofNullable(exchange.getRequestHeaders().getFirst(header)).orElse(fallback);
        if (!allowed.contains(value)) {
            throw InvokeRefusal.validation(value, member, "Member must satisfy enum value set: " + allowed);
        }
        return value;
    }

    private static Optional<String> queryParameter(String rawQuery, String name) {
        if (rawQuery == null) {
            return Optional.empty();
        }
        return Arrays.stream(rawQuery.split("&")).map(pair -> pair.split("=", 2))
                .filter(pair -> URLDecoder.decode(pair[0], StandardCharsets.UTF_8).equals(name))
                .map(pair -> pair.length > 1 ? URLDecoder.decode(pair[1], StandardCharsets.UTF_8) : "")
                .findFirst();
    }

    private static Response refused(InvokeRefusal refusal) {
        Map<String, Object> body = new LinkedHashMap<>();
        if (refusal.type() != null) {
            body.put("Type", refusal.type());
        }
        body.put("message", refusal.getMessage());
        try {
            return new Response(refusal.status, Map.of("Content-Type", "application/json", "x-amzn-ErrorType", refusal.errorCode),
                    JSON.std.asBytes(body));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private void exchange(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = HttpServers.readAtMost(exchange.getRequestBody(), MAX_REQUEST_BYTES + 1);
            String requestId = LambdaFunction.newRequestId();
            Response response = handle(exchange, body, requestId);
            response.headers().forEach((name, value) -> exchange.getResponseHeaders().set(name, value));
            exchange.getResponseHeaders().set("x-amzn-RequestId", requestId);
            HttpServers.send(exchange, response.status(), response.body(), false);
        }
    }

    /** Stops taking calls, lets the queued Event invocations run (for a grace period), then stops the functions. */
    @Override
    public void close() {
        if (serving != null) {
            serving.stopAccepting();
        }
        events.close();
        if (serving != null) {
            serving.stopThreads();
        }
        functions.values().forEach(f -> f.instances().close());
    }
}
