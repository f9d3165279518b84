package dev.orders.http.wiring;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;
import software.amazon.lambda.powertools.parameters.cache.CacheManager;
import software.amazon.lambda.powertools.parameters.secrets.SecretsProvider;

/**
 * A secret a function reads at run time. In AWS the environment holds only the secret's name or ARN,
 * {@code <NAME>_ID}, and the value comes from Secrets Manager through Powertools' cache: anyone allowed
 * to read the function's configuration learns no secret, and a rotated value takes effect within
 * {@link #MAX_AGE}, without a deploy. Locally there is no Secrets Manager: {@code ./sam-local} and the
 * tests set {@code <NAME>} to the value itself, which then wins.
 */
@FunctionalInterface
public interface SecretSource {
    /** Appended to a secret's variable to name the variable holding its id. */
    String ID_SUFFIX = "_ID";
    /**
     * How old a value read from Secrets Manager may be before it is read again: how long a rotation
     * takes to reach every warm instance, against one GetSecretValue per instance per interval.
     */
    Duration MAX_AGE = Duration.ofMinutes(5);

    /** The current value: callers ask on every use and never keep it, so a rotation reaches them. */
    String value();

    /** {@code <name>} itself if set, else the secret {@code <name>_ID} names, from {@code secretsManager}. */
    static Optional<SecretSource> fromEnvironment(Map<String, String> env, String name,
                                                  Supplier<SecretsProvider> secretsManager) {
        String value = env.get(name);
        if (value != null && !value.isBlank()) {
            return Optional.of(() -> value);
        }
        String id = env.get(name + ID_SUFFIX);
        if (id != null && !id.isBlank()) {
            return Optional.of(() -> secretsManager.get().get(id));
        }
        return Optional.empty();
    }

    /** For a function not given the secret: it fails on use, naming the variable it lacks. */
    static SecretSource missing(String name) {
        return () -> {
            throw notSet(name);
        };
    }

    static IllegalStateException notSet(String name) {
        return new IllegalStateException("environment variable " + name + ID_SUFFIX + " (or " + name + ") is not set");
    }

    /**
     * The provider of {@code env}'s Secrets Manager client ({@link AwsClients}), built on first use: a
     * function given its secrets' values (locally, in tests) never builds one.
     */
    static Supplier<SecretsProvider> secretsManager(Map<String, String> env) {
        return new Supplier<>() {
            private SecretsProvider provider;

            @Override
            public synchronized SecretsProvider get() {
                if (provider == null) {
                    provider = secretsManager(AwsClients.configure(SecretsManagerClient.builder(), env, AwsClients.httpClient())
                            .overrideConfiguration(AwsClients.overrides().build()).build(), MAX_AGE);
                }
                return provider;
            }
        };
    }

    /**
     * Powertools' provider over {@code client}, each value read again once {@code maxAge} old. Its cache
     * compares expiry times with the system clock, read on every call: a SnapStart snapshot restored
     * days later finds any value cached before the snapshot expired, and reads it again.
     */
    static SecretsProvider secretsManager(SecretsManagerClient client, Duration maxAge) {
        CacheManager cache = new CacheManager();
        cache.setDefaultExpirationTime(maxAge);
        return SecretsProvider.builder().withClient(client).withCacheManager(cache).build();
    }
}
