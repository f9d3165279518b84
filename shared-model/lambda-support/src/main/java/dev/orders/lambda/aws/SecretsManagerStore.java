package dev.orders.lambda.aws;

import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;
import software.amazon.lambda.powertools.parameters.cache.CacheManager;
import software.amazon.lambda.powertools.parameters.secrets.SecretsProvider;

/**
 * Secrets Manager as a {@link SecretSource.SecretStore}, through Powertools' cached provider. Only the
 * functions that read a secret (query-orders, payment-webhook) refer to this class; the others exclude
 * Powertools' parameters and the Secrets Manager client from their jars (0.4 MB).
 */
public final class SecretsManagerStore {
    private SecretsManagerStore() {
    }

    /**
     * The store of {@code env}'s Secrets Manager client ({@link AwsClients}), built on first use: a
     * function given its secrets' values (locally, in tests) never builds one.
     */
    public static Supplier<SecretSource.SecretStore> fromEnvironment(Map<String, String> env) {
        return new Supplier<>() {
            private SecretsProvider provider;

            @Override
            public synchronized SecretSource.SecretStore get() {
                if (provider == null) {
                    provider = provider(AwsClients.configure(SecretsManagerClient.builder(), env, AwsClients.httpClient())
                            .overrideConfiguration(AwsClients.overrides().build()).build(), SecretSource.MAX_AGE);
                }
                return provider::get;
            }
        };
    }

    /**
     * Powertools' provider over {@code client}, each value read again once {@code maxAge} old. Its cache
     * compares expiry times with the system clock, read on every call: a SnapStart snapshot restored
     * days later finds any value cached before the snapshot expired, and reads it again.
     */
    public static SecretsProvider provider(SecretsManagerClient client, Duration maxAge) {
        CacheManager cache = new CacheManager();
        cache.setDefaultExpirationTime(maxAge);
        return SecretsProvider.builder().withClient(client).withCacheManager(cache).build();
    }
}
