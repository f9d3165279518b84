package dev.orders.testsupport.privilege;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the functions' code needed in this test JVM: per function (logical id in template.yaml), each
 * permission with the SDK operations that needed it. One JVM runs one module's tests (surefire forks one
 * per module), so {@link FunctionPolicyTest}, run last, sees the calls of every test of its module.
 */
public final class RecordedCalls {
    private static final Map<String, Map<Permission, Set<String>>> CALLS = new ConcurrentHashMap<>();

    private RecordedCalls() {
    }

    static void record(String function, Permission permission, String operation) {
        CALLS.computeIfAbsent(function, f -> new ConcurrentHashMap<>())
                .computeIfAbsent(permission, p -> ConcurrentHashMap.newKeySet())
                .add(operation);
    }

    /** Every permission {@code function}'s calls needed so far, with the operations that needed it. */
    public static SortedMap<Permission, Set<String>> of(String function) {
        SortedMap<Permission, Set<String>> calls = new TreeMap<>();
        CALLS.getOrDefault(function, Map.of()).forEach((permission, operations) ->
                calls.put(permission, Collections.unmodifiableSet(new java.util.TreeSet<>(operations))));
        return calls;
    }
}
