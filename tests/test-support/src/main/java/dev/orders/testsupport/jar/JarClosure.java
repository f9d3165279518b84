package dev.orders.testsupport.jar;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.stream.Collectors;
import java.util.zip.ZipFile;

/**
 * Proves a function's deployable jar is closed: every class that a class of the jar refers to (its
 * supertypes, field and method types, and whatever its method bodies name, as the JVM resolves
 * them) is in the jar or the JDK. The shade filters drop most of the DynamoDB, Secrets Manager and
 * EventBridge models; this names any class they dropped that something kept still needs.
 *
 * <p>Two kinds of reference are allowed to dangle, because the code that holds them never runs:
 * <ul>
 *   <li>into {@link #ABSENT_LIBRARIES}, optional dependencies we never ship;</li>
 *   <li>the operations of an SDK client ({@link #SERVICES}) nothing in the jar calls: the bodies of
 *   their methods (and of their paginators and the waiter) in the client's interface and its default
 *   implementation (e.g. {@code DynamoDbClient} and {@code DefaultDynamoDbClient}), and their request
 *   classes beyond their supertypes. Those request classes themselves must be there: the verifier
 *   loads each to link the client.</li>
 * </ul>
 */
public final class JarClosure {
    /** Optional dependencies of what we ship, each reached only on a path we never take. */
    static final List<String> ABSENT_LIBRARIES = List.of(
            // Powertools' aspects, JMESPath correlation id, JSON arguments and JSON parameters (lambda-support excludes them);
            // jackson-core only in the signature of its logging's writeTree, for jackson-databind's nodes
            "org/aspectj/", "io/burt/jmespath/", "com/fasterxml/jackson/databind/", "com/fasterxml/jackson/core/",
            "software/amazon/lambda/powertools/utilities/",
            // Powertools' default metrics provider, replaced by ServiceMetrics before anything asks for it
            "software/amazon/cloudwatchlogs/",
            // The SDK's SigV4a signer, for multi-region endpoints
            "software/amazon/awssdk/crt/", "software/amazon/awssdk/crtcore/");
    /** The SDK clients whose models the shade filters cut down to the operations the functions call. */
    static final List<Service> SERVICES = List.of(
            new Service("software/amazon/awssdk/services/dynamodb/", "DynamoDbClient"),
            new Service("software/amazon/awssdk/services/secretsmanager/", "SecretsManagerClient"),
            new Service("software/amazon/awssdk/services/eventbridge/", "EventBridgeClient"));
    private static final Set<String> CLIENTS = SERVICES.stream().flatMap(service -> service.classes().stream())
            .collect(Collectors.toSet());
    private static final String VERSIONED = "META-INF/versions/";

    private final String jarName;
    private final Map<String, ClassReferences> classes;

    private JarClosure(Path jar) throws IOException {
        this.jarName = jar.getFileName().toString();
        this.classes = new HashMap<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (ZipEntry entry : Collections.list(zip.entries())) {
                String name = className(entry.getName());
                if (name != null) {
                    // A multi-release variant stands for the same class: its references count too.
                    classes.merge(name, ClassReferences.of(zip.getInputStream(entry).readAllBytes(), CLIENTS),
                            ClassReferences::plus);
                }
            }
        }
    }

    /** The closure of {@code jar}, e.g. a function's deployable jar (order-http's {@code ShadedJar.path}). */
    public static JarClosure of(Path jar) {
        try {
            return new JarClosure(jar);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Each class the jar needs and lacks, with the classes that refer to it; empty when the jar is closed. */
    public List<String> missing() {
        Set<String> called = calledOnClients();
        Map<String, Set<String>> lazyMethodsByClient = new HashMap<>();
        Set<String> lazyRequests = new HashSet<>();
        for (Service service : SERVICES) {
            Set<String> lazyMethods = new HashSet<>();
            for (String operation : operations(service)) {
                if (!called.contains(operation)) {
                    lazyMethods.add(operation);
                    lazyRequests.add(service.shapeOf(operation, "Request"));
                }
                if (!called.contains(operation + "Paginator")) {
                    lazyMethods.add(operation + "Paginator");
                }
            }
            if (!called.contains("waiter")) {
                lazyMethods.add("waiter");
            }
            service.classes().forEach(client -> lazyMethodsByClient.put(client, lazyMethods));
        }

        Map<String, Set<String>> missing = new TreeMap<>();
        classes.forEach((name, refs) -> {
            Set<String> needed = new HashSet<>(refs.supertypes);
            if (CLIENTS.contains(name)) {
                needed.addAll(refs.declarations);
                refs.byMethod.forEach((method, used) -> {
                    if (!lazyMethodsByClient.get(name).contains(method)) {
                        needed.addAll(used);
                    }
                });
                needed.addAll(lazyRequests);
            } else if (!lazyRequests.contains(name)) {
                needed.addAll(refs.declarations);
                refs.byMethod.values().forEach(needed::addAll);
            }
            for (String type : needed) {
                if (!resolves(type)) {
                    missing.computeIfAbsent(type, t -> new TreeSet<>()).add(name);
                }
            }
        });
        List<String> lines = new ArrayList<>();
        missing.forEach((type, referrers) -> lines.add(type + " (missing from " + jarName + "), referred to by " + referrers));
        return lines;
    }

    /** The jar's classes under {@code packagePath} (e.g. {@code dev/orders/http/}), sorted: what a jar must not carry. */
    public List<String> classesUnder(String packagePath) {
        return classes.keySet().stream().filter(name -> name.startsWith(packagePath)).sorted().toList();
    }

    private boolean resolves(String type) {
        return classes.containsKey(type)
                || ABSENT_LIBRARIES.stream().anyMatch(type::startsWith)
                || ClassLoader.getPlatformClassLoader().getResource(type + ".class") != null;
    }

    /** A service's operations: its client's methods {@code x(XRequest)} returning {@code XResponse}. */
    private Set<String> operations(Service service) {
        Set<String> operations = new TreeSet<>();
        for (String method : classes.getOrDefault(service.packagePath() + service.client(), new ClassReferences(CLIENTS)).methods) {
            String name = method.substring(0, method.indexOf('('));
            if (method.equals(name + "(L" + service.shapeOf(name, "Request") + ";)L"
                    + service.shapeOf(name, "Response") + ";")) {
                operations.add(name);
            }
        }
        return operations;
    }

    /** An SDK service: its package and the name of its synchronous client interface. */
    record Service(String packagePath, String client) {
        /** The client interface and its default implementation. */
        Set<String> classes() {
            return Set.of(packagePath + client, packagePath + "Default" + client);
        }

        String shapeOf(String operation, String suffix) {
            return packagePath + "model/" + Character.toUpperCase(operation.charAt(0)) + operation.substring(1) + suffix;
        }
    }

    /** Names of the client methods that code outside the clients calls (operation names differ across services). */
    private Set<String> calledOnClients() {
        Set<String> called = new TreeSet<>();
        classes.forEach((name, refs) -> {
            if (!CLIENTS.contains(name)) {
                called.addAll(refs.calledOnClients);
            }
        });
        return called;
    }

    private static String className(String entry) {
        String path = entry.startsWith(VERSIONED) ? entry.substring(entry.indexOf('/', VERSIONED.length()) + 1) : entry;
        if (!path.endsWith(".class") || path.endsWith("module-info.class")) {
            return null;
        }
        return path.substring(0, path.length() - ".class".length());
    }
}
