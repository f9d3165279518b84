package dev.orders.lambda.aws;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.ContainerCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.client.builder.AwsSyncClientBuilder;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.api.BackoffStrategy;

/**
 * What every AWS client of a function shares, so nothing is discovered at cold start: the region from
 * AWS_REGION, the URL-connection HTTP client, credentials from where Lambda puts them (the container
 * endpoint under SnapStart, environment variables otherwise), and bounded retries and timeouts, so an
 * outage costs a client one quick 503 rather than a hang.
 */
public final class AwsClients {
    /** Attempts per call, the first included: enough to ride out a blip, bounded in time. */
    public static final int MAX_ATTEMPTS = 4;
    /** Backoff between attempts after a 5xx or an I/O error; half jitter, so never below half of it. */
    public static final BackoffStrategy BACKOFF =
            BackoffStrategy.exponentialDelayHalfJitter(Duration.ofMillis(25), Duration.ofMillis(500));
    /** Backoff after a throttling error: longer, to let the partition's capacity refill. */
    public static final BackoffStrategy THROTTLING_BACKOFF =
            BackoffStrategy.exponentialDelayHalfJitter(Duration.ofMillis(100), Duration.ofSeconds(1));
    /**
     * One call, all retries included, ends well inside the function timeout (15 s) and the API Gateway
     * integration timeout (30 s), so the client hears a 503 rather than a gateway error.
     */
    public static final Duration API_CALL_TIMEOUT = Duration.ofSeconds(5);
    public static final Duration API_CALL_ATTEMPT_TIMEOUT = Duration.ofSeconds(2);
    public static final Duration CONNECTION_TIMEOUT = Duration.ofSeconds(1);
    public static final Duration SOCKET_TIMEOUT = Duration.ofSeconds(2);

    private AwsClients() {
    }

    /** The HTTP client of production: connection and socket timeouts bounded. */
    public static SdkHttpClient httpClient() {
        return UrlConnectionHttpClient.builder()
                .connectionTimeout(CONNECTION_TIMEOUT)
                .socketTimeout(SOCKET_TIMEOUT)
                .build();
    }

    /** Region, credentials and HTTP client of {@code env}; the caller adds {@link #overrides()} and its own. */
    public static <B extends AwsClientBuilder<B, ?> & AwsSyncClientBuilder<B, ?>> B configure(
            B builder, Map<String, String> env, SdkHttpClient httpClient) {
        return builder.region(Region.of(env.getOrDefault("AWS_REGION", "us-east-1")))
                .credentialsProvider(credentials(env))
                .httpClient(httpClient);
    }

    /** The endpoint {@code variable} of {@code env} names (locally: Dynoxide, the local event bus), if set. */
    public static <B extends AwsClientBuilder<B, ?>> B endpoint(B builder, Map<String, String> env, String variable) {
        String endpoint = env.get(variable);
        if (endpoint != null && !endpoint.isBlank()) {
            builder.endpointOverride(URI.create(endpoint));
        }
        return builder;
    }

    /** A setting the function cannot start without. */
    public static String required(Map<String, String> env, String name) {
        String value = env.get(name);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("environment variable " + name + " is not set");
        }
        return value;
    }

    /** Bounded retries and timeouts; a builder, so a client can add its own interceptors. */
    public static ClientOverrideConfiguration.Builder overrides() {
        return ClientOverrideConfiguration.builder()
                .retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder()
                        .maxAttempts(MAX_ATTEMPTS)
                        .backoffStrategy(BACKOFF)
                        .throttlingBackoffStrategy(THROTTLING_BACKOFF)
                        .build())
                .apiCallTimeout(API_CALL_TIMEOUT)
                .apiCallAttemptTimeout(API_CALL_ATTEMPT_TIMEOUT);
    }

    /**
     * The container endpoint when Lambda offers one (SnapStart: credentials must not be captured in
     * the snapshot); otherwise the keys of {@code env}, read once, as Lambda sets them for the life
     * of the execution environment.
     */
    static AwsCredentialsProvider credentials(Map<String, String> env) {
        if (env.containsKey("AWS_CONTAINER_CREDENTIALS_FULL_URI")
                || env.containsKey("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI")) {
            return ContainerCredentialsProvider.builder().build();
        }
        String keyId = env.get("AWS_ACCESS_KEY_ID");
        String secret = env.get("AWS_SECRET_ACCESS_KEY");
        if (keyId != null && secret != null) {
            String token = env.get("AWS_SESSION_TOKEN");
            return StaticCredentialsProvider.create(token == null
                    ? AwsBasicCredentials.create(keyId, secret)
                    : AwsSessionCredentials.create(keyId, secret, token));
        }
        return DefaultCredentialsProvider.builder().build();
    }
}
