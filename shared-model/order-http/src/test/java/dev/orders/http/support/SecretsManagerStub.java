package dev.orders.http.support;

import dev.orders.http.api.ApiFunction;
import dev.orders.lambda.json.Json;
import dev.orders.lambda.aws.AwsClients;
import dev.orders.testsupport.privilege.PrivilegeRecorder;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/**
 * Secrets Manager's GetSecretValue as its JSON protocol answers it, under the SDK's own client: no local
 * Secrets Manager exists, and a real client runs what a function's does (marshalling, its interceptors,
 * a privilege recorder among them). Holds secrets by id, counts the reads, refuses other ids as AWS does.
 */
public final class SecretsManagerStub implements SdkHttpClient {
    private static final String GET_SECRET_VALUE = "secretsmanager.GetSecretValue";
    private final Map<String, String> values = new ConcurrentHashMap<>();
    private final AtomicInteger reads = new AtomicInteger();

    /** The secret {@code id} (a name or an ARN, as the function is given it) now has {@code value}. */
    public SecretsManagerStub put(String id, String value) {
        values.put(id, value);
        return this;
    }

    /** GetSecretValue calls answered so far. */
    public int reads() {
        return reads.get();
    }

    /**
     * {@code function}'s Secrets Manager client given {@code env} (region and credentials as AwsClients reads
     * them): a client of the SDK answered here, its calls recorded for the least-privilege check.
     */
    public SecretsManagerClient client(Class<? extends ApiFunction> function, Map<String, String> env) {
        return AwsClients.configure(SecretsManagerClient.builder(), env, this)
                .overrideConfiguration(AwsClients.overrides()
                        .addExecutionInterceptor(PrivilegeRecorder.forHandler(function, env)).build())
                .build();
    }

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        String target = request.httpRequest().firstMatchingHeader("X-Amz-Target").orElse("");
        if (!GET_SECRET_VALUE.equals(target)) {
            return respond(400, Map.of("__type", "InvalidRequestException", "message", "the stub answers GetSecretValue only"));
        }
        String id = String.valueOf(((Map<?, ?>) body(request)).get("SecretId"));
        String value = values.get(id);
        if (value == null) {
            return respond(400, Map.of("__type", "ResourceNotFoundException",
                    "message", "Secrets Manager can't find the specified secret."));
        }
        reads.incrementAndGet();
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("ARN", id.startsWith("arn:") ? id : "arn:aws:secretsmanager:us-east-1:123456789012:secret:" + id + "-AbCdEf");
        answer.put("Name", id);
        answer.put("SecretString", value);
        answer.put("VersionId", "v" + reads.get());
        return respond(200, answer);
    }

    private static Object body(HttpExecuteRequest request) {
        try (InputStream body = request.contentStreamProvider().orElseThrow().newStream()) {
            return Json.parse(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ExecutableHttpRequest respond(int status, Map<String, Object> json) {
        byte[] body = Json.write(json).getBytes(StandardCharsets.UTF_8);
        return new ExecutableHttpRequest() {
            @Override
            public HttpExecuteResponse call() {
                return HttpExecuteResponse.builder()
                        .response(SdkHttpResponse.builder().statusCode(status)
                                .putHeader("Content-Type", "application/x-amz-json-1.1")
                                .putHeader("Content-Length", Integer.toString(body.length))
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

    @Override
    public String clientName() {
        return "SecretsManagerStub";
    }

    @Override
    public void close() {
    }
}
