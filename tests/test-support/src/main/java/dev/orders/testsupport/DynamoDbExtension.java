package dev.orders.testsupport;

import dev.orders.localaws.Log;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.localaws.template.SamTemplate;
import dev.orders.localaws.template.TemplateTable;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * JUnit 5 extension giving tests a real DynamoDB: ONE {@link LocalDynamoDb} per test JVM
 * (started on first use, closed when the whole test run ends) and a fresh orders table per
 * test method, created from template.yaml.
 *
 * <p>Injects, as test or lifecycle method parameters, and into non-final fields that are still
 * {@code null} (static fields only for the server and client, before all tests of a class):
 * <ul>
 *   <li>{@link TestTable}: a new table for the current test method, deleted after it;</li>
 *   <li>{@link DynamoDbClient}: the shared client (do not close it);</li>
 *   <li>{@link LocalDynamoDb}: the server itself, e.g. to {@code stop()}/{@code start()} it.</li>
 * </ul>
 * A test that stops the server must start it again, since the server is shared.
 */
public final class DynamoDbExtension implements BeforeAllCallback, BeforeEachCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(DynamoDbExtension.class);
    private static final AtomicInteger TABLES = new AtomicInteger();

    @Override
    public void beforeAll(ExtensionContext context) throws IllegalAccessException {
        for (Class<?> type = context.getRequiredTestClass(); type != Object.class; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers())) {
                    inject(field, null, context);
                }
            }
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IllegalAccessException {
        // Nested test classes: every enclosing instance gets its fields too.
        for (Object instance : context.getRequiredTestInstances().getAllInstances()) {
            for (Class<?> type = instance.getClass(); type != Object.class; type = type.getSuperclass()) {
                for (Field field : type.getDeclaredFields()) {
                    if (!Modifier.isStatic(field.getModifiers())) {
                        inject(field, instance, context);
                    }
                }
            }
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return isSupported(parameter.getParameter().getType(), true);
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        if (type == TestTable.class && context.getTestMethod().isEmpty()) {
            throw new ParameterResolutionException("a TestTable belongs to one test method; it cannot be injected into "
                    + parameter.getDeclaringExecutable());
        }
        return valueFor(type, context);
    }

    /** The JVM-wide server, starting it if needed. */
    public static LocalDynamoDb server(ExtensionContext context) {
        // The root store is closed when the test run ends; LocalDynamoDb is AutoCloseable, which
        // JUnit 5.13 closes by default (no need for the deprecated CloseableResource).
        return context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent(LocalDynamoDb.class, k -> LocalDynamoDb.launch(), LocalDynamoDb.class);
    }

    /** The table of the current test method, creating it on first request. */
    public static TestTable table(ExtensionContext context) {
        ExtensionContext.Store store = context.getStore(NAMESPACE);
        return store.getOrComputeIfAbsent(TestTable.class, k -> createTable(context), CreatedTable.class).table();
    }

    private static CreatedTable createTable(ExtensionContext context) {
        DynamoDbClient client = server(context).client();
        TemplateTable template = context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(TemplateTable.class,
                k -> SamTemplate.repository().table(TemplateTable.ORDERS_TABLE), TemplateTable.class);
        String name = tableName(context);
        template.createIn(client, name);
        return new CreatedTable(new TestTable(name, client));
    }

    /** Readable (method name) and unique (counter + random, several JVMs may share one server). */
    private static String tableName(ExtensionContext context) {
        String method = context.getTestMethod().map(m -> m.getName()).orElse("table")
                .replaceAll("[^A-Za-z0-9_.-]", "_");
        if (method.length() > 40) {
            method = method.substring(0, 40);
        }
        return "orders-" + method + "-" + TABLES.incrementAndGet() + "-"
                + UUID.randomUUID().toString().substring(0, 8).toLowerCase(Locale.ROOT);
    }

    private static boolean isSupported(Class<?> type, boolean tableAllowed) {
        return type == LocalDynamoDb.class || type == DynamoDbClient.class || (tableAllowed && type == TestTable.class);
    }

    private static Object valueFor(Class<?> type, ExtensionContext context) {
        if (type == TestTable.class) {
            return table(context);
        }
        LocalDynamoDb server = server(context);
        return type == LocalDynamoDb.class ? server : server.client();
    }

    private static void inject(Field field, Object instance, ExtensionContext context) throws IllegalAccessException {
        boolean isStatic = instance == null;
        if (Modifier.isFinal(field.getModifiers()) || !isSupported(field.getType(), !isStatic)) {
            return;
        }
        field.setAccessible(true);
        if (field.get(instance) == null || field.getType() == TestTable.class) {
            // TestTable fields are replaced every test: with a per-class lifecycle the instance
            // is reused, but each test still gets a fresh table.
            field.set(instance, valueFor(field.getType(), context));
        }
    }

    /** Deletes its table when the test method's store closes; best effort, the server may be stopped. */
    private record CreatedTable(TestTable table) implements AutoCloseable {
        @Override
        public void close() {
            try {
                table.client().deleteTable(b -> b.tableName(table.tableName()));
            } catch (RuntimeException e) {
                Log.LOCAL_DYNAMODB.line("could not delete table " + table.tableName() + ": " + e.getMessage());
            }
        }
    }
}
