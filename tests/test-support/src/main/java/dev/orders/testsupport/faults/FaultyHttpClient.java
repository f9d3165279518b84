package dev.orders.testsupport.faults;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpResponse;

/**
 * The SDK's HTTP client in front of a real one (Dynoxide), answering with DynamoDB's own
 * throttling, server errors and cancelled transactions on demand, or losing an answer: the faults
 * Dynoxide never produces. Every attempt the SDK makes is recorded, so tests see its retries.
 */
public final class FaultyHttpClient implements SdkHttpClient {

    /** What the client does to an attempt instead of passing it on and DynamoDB's answer back. */
    public sealed interface Injected permits Fault, Cancelled, Lost {
    }

    /** Error responses exactly as DynamoDB sends them (status and JSON {@code __type}). */
    public enum Fault implements Injected {
        THROTTLING(400, "com.amazon.coral.availability#ThrottlingException"),
        PROVISIONED_THROUGHPUT_EXCEEDED(400, "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException"),
        INTERNAL_SERVER_ERROR(500, "com.amazon.coral.service#InternalFailure"),
        SERVICE_UNAVAILABLE(503, "com.amazon.coral.service#ServiceUnavailableException");

        final int status;
        final String type;

        Fault(int status, String type) {
            this.status = status;
            this.type = type;
        }
    }

    /** A TransactWriteItems cancelled for the moment: DynamoDB's 400 TransactionCanceledException, this reason on every action. */
    public enum Cancelled implements Injected {
        THROTTLING_ERROR("ThrottlingError"),
        PROVISIONED_THROUGHPUT_EXCEEDED("ProvisionedThroughputExceeded"),
        TRANSACTION_CONFLICT("TransactionConflict");

        final String reason;

        Cancelled(String reason) {
            this.reason = reason;
        }
    }

    /** An attempt whose answer never arrives. */
    public enum Lost implements Injected {
        /** DynamoDB receives and applies the request; its answer times out on the way back. */
        AFTER_DELIVERY
    }

    /** One HTTP attempt of the SDK: the DynamoDB operation and what was injected, if anything. */
    public record Attempt(String operation, long nanoTime, Optional<Injected> fault) {
    }

    private final SdkHttpClient delegate;
    private final Map<String, Queue<Injected>> next = new ConcurrentHashMap<>();
    private final Map<String, Injected> always = new ConcurrentHashMap<>();
    private final List<Attempt> attempts = new ArrayList<>();

    public FaultyHttpClient(SdkHttpClient delegate) {
        this.delegate = delegate;
    }

    /** The next attempts at {@code operation} (e.g. "TransactWriteItems") get these faults, in order. */
    public void failNext(String operation, Injected... faults) {
        next.computeIfAbsent(operation, k -> new ConcurrentLinkedQueue<>()).addAll(List.of(faults));
    }

    /** Every attempt at {@code operation} gets {@code fault} until {@link #heal()}. */
    public void failAlways(String operation, Injected fault) {
        always.put(operation, fault);
    }

    public void heal() {
        always.clear();
        next.clear();
    }

    /** The attempts at one operation, e.g. "TransactWriteItems", in order. */
    public synchronized List<Attempt> attempts(String operation) {
        return attempts.stream().filter(a -> a.operation().equals(operation)).toList();
    }

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        String operation = request.httpRequest().firstMatchingHeader("X-Amz-Target")
                .map(target -> target.substring(target.indexOf('.') + 1)).orElse("");
        Injected fault = always.get(operation);
        if (fault == null) {
            fault = Optional.ofNullable(next.get(operation)).map(Queue::poll).orElse(null);
        }
        synchronized (this) {
            attempts.add(new Attempt(operation, System.nanoTime(), Optional.ofNullable(fault)));
        }
        if (fault instanceof Fault error) {
            return respond(error.status, "{\"__type\":\"" + error.type + "\",\"message\":\"injected by the test\"}");
        }
        if (fault instanceof Cancelled cancelled) {
            return respond(400, cancellation(cancelled, actions(request)));
        }
        ExecutableHttpRequest delivered = delegate.prepareRequest(request);
        return fault instanceof Lost ? answerLost(delivered) : delivered;
    }

    /** DynamoDB's answer to a transaction of {@code actions} actions cancelled with the same reason on each. */
    private static String cancellation(Cancelled cancelled, int actions) {
        List<String> reasons = Collections.nCopies(actions, "{\"Code\":\"" + cancelled.reason
                + "\",\"Message\":\"injected by the test\"}");
        return "{\"__type\":\"com.amazonaws.dynamodb.v20120810#TransactionCanceledException\","
                + "\"Message\":\"Transaction cancelled, please refer cancellation reasons for specific reasons\","
                + "\"CancellationReasons\":[" + String.join(",", reasons) + "]}";
    }

    /** The number of actions of a TransactWriteItems request. */
    private static int actions(HttpExecuteRequest request) {
        try (InputStream body = request.contentStreamProvider().orElseThrow().newStream()) {
            Map<?, ?> json = (Map<?, ?>) JSON.std.anyFrom(body);
            return ((List<?>) json.get("TransactItems")).size();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ExecutableHttpRequest respond(int status, String json) {
        return new ExecutableHttpRequest() {
            @Override
            public HttpExecuteResponse call() {
                byte[] body = json.getBytes(StandardCharsets.UTF_8);
                return HttpExecuteResponse.builder()
                        .response(SdkHttpResponse.builder().statusCode(status)
                                .putHeader("Content-Type", "application/x-amz-json-1.0")
                                .putHeader("Content-Length", Integer.toString(body.length))
                                .putHeader("x-amzn-RequestId", "injected-fault")
                                .build())
                        .responseBody(AbortableInputStream.create(new ByteArrayInputStream(body)))
                        .build();
            }

            @Override
            public void abort() {
                // Nothing in flight.
            }
        };
    }

    /** Sends the request, lets DynamoDB answer, and then reports the read as timed out. */
    private static ExecutableHttpRequest answerLost(ExecutableHttpRequest delivered) {
        return new ExecutableHttpRequest() {
            @Override
            public HttpExecuteResponse call() throws IOException {
                HttpExecuteResponse answer = delivered.call();
                if (answer.responseBody().isPresent()) {
                    try (InputStream body = answer.responseBody().get()) {
                        body.readAllBytes();
                    }
                }
                throw new SocketTimeoutException("Read timed out (injected after DynamoDB answered)");
            }

            @Override
            public void abort() {
                delivered.abort();
            }
        };
    }

    @Override
    public String clientName() {
        return "Faulty(" + delegate.clientName() + ")";
    }

    @Override
    public void close() {
        delegate.close();
    }
}
