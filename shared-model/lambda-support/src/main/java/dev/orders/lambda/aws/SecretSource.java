package dev.orders.lambda.aws;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A secret a function reads at run time. In AWS the environment holds only the secret's name or ARN,
 * {@code <NAME>_ID}, and the value comes from Secrets Manager through Powertools' cache: anyone allowed
 * to read the function's configuration learns no secret, and a rotated value takes effect within
 * {@link #MAX_AGE}, without a deploy. Locally there is no Secrets Manager: {@code ./sam-local} and the
 * tests set {@code <NAME>} to the value itself, which then wins. Secrets Manager itself is
 * {@link SecretsManagerStore}, referred to only by the functions that read a secret, so that the others'
 * jars carry neither its client nor Powertools' parameters.
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

    /** {@code <name>} itself if set, else the secret {@code <name>_ID} names, from {@code store}. */
    static Optional<SecretSource> fromEnvironment(Map<String, String> env, String name, Supplier<SecretStore> store) {
        String value = env.get(name);
        if (value != null && !value.isBlank()) {
            return Optional.of(() -> value);
        }
        String id = env.get(name + ID_SUFFIX);
        if (id != null && !id.isBlank()) {
            return Optional.of(() -> store.get().read(id));
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

    /** Where a secret is read by its id: Secrets Manager in AWS ({@link SecretsManagerStore}). */
    @FunctionalInterface
    interface SecretStore {
        String read(String id);
    }

    /** The store of a function that reads no secret from Secrets Manager: an id given to it is a configuration error. */
    Supplier<SecretStore> NO_STORE = () -> id -> {
        throw new IllegalStateException("this function reads no secret from Secrets Manager, yet was given the id " + id);
    };
}
