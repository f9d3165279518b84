package dev.orders.bench;

import dev.orders.lambda.aws.SecretSource;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Secrets Manager as a function instance reads it through Powertools' cache: each secret's value kept
 * {@link SecretSource#MAX_AGE}, each read past that one GetSecretValue, counted.
 */
final class MeteredSecrets implements SecretSource.SecretStore {
    private final Map<String, String> values;
    private final Map<String, Instant> readAt = new HashMap<>();
    private final Map<String, Integer> calls = new TreeMap<>();

    MeteredSecrets(Map<String, String> values) {
        this.values = values;
    }

    @Override
    public synchronized String read(String id) {
        Instant now = Instant.now();
        Instant last = readAt.get(id);
        if (last == null || !now.isBefore(last.plus(SecretSource.MAX_AGE))) {
            readAt.put(id, now);
            calls.merge(id, 1, Integer::sum);
        }
        return values.get(id);
    }

    synchronized Map<String, Integer> calls() {
        return Map.copyOf(calls);
    }
}
