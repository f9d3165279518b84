package dev.orders.local.cli;

import com.fasterxml.jackson.jr.ob.JSON;
import dev.orders.local.lambda.FunctionInvoker;
import dev.orders.local.lambda.UnhandledError;
import dev.orders.localaws.Log;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

/**
 * --debug-function's function as start-api and start-lambda invoke it: in a JVM of its own, under JDWP, through that
 * JVM's Invoke API on the loopback. Until a debugger attached, that JVM is suspended and its port closed: an
 * invocation waits, as SAM CLI's request waits for its debugged container. The handler's unhandled error comes back as
 * {@link UnhandledError.Elsewhere}, so it is answered as if thrown here.
 */
final class DebuggedFunction implements FunctionInvoker {
    private static final long RETRY_MILLIS = 200;
    private final String logicalId;
    private final URI invocations;
    private final HttpClient http = HttpClient.newHttpClient();

    DebuggedFunction(String logicalId, int port) {
        this.logicalId = logicalId;
        this.invocations = URI.create("http://127.0.0.1:" + port + "/2015-03-31/functions/" + logicalId + "/invocations");
    }

    @Override
    public byte[] invoke(byte[] eventJson, String requestId) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(invocations).POST(HttpRequest.BodyPublishers.ofByteArray(eventJson)).build();
        boolean told = false;
        while (true) {
            try {
                HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
                if (response.statusCode() != 200) {
                    throw new IllegalStateException(logicalId + "'s JVM answered " + response.statusCode() + ": "
                            + new String(response.body(), java.nio.charset.StandardCharsets.UTF_8));
                }
                if (response.headers().firstValue("X-Amz-Function-Error").isPresent()) {
                    throw new UnhandledError.Elsewhere(error(response.body()));
                }
                return response.body();
            } catch (ConnectException e) {
                if (!told) {
                    Log.SAM_LOCAL.line(logicalId + ": invocation " + requestId + " waits until a debugger attached to its JVM");
                    told = true;
                }
                Thread.sleep(RETRY_MILLIS);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static UnhandledError error(byte[] body) throws IOException {
        Map<String, Object> error = JSON.std.mapFrom(body);
        Object trace = error.getOrDefault("stackTrace", List.of());
        return new UnhandledError(String.valueOf(error.get("errorMessage")), String.valueOf(error.get("errorType")),
                trace instanceof List<?> lines ? ((List<Object>) lines).stream().map(String::valueOf).toList() : List.of());
    }

    @Override
    public void close() {
        // The JVM is the launcher's to stop.
    }
}
