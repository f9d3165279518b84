package dev.orders.http.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.dynamodb.support.Fixture;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.testsupport.TestTable;
import java.util.HashMap;
import java.util.Map;

/**
 * A function's deployable jar run on the samples of its {@code events/<module>/}, one jar for all of them: each
 * sample on a table as its {@link SampleScene} names it, a webhook's signed now, answered the scene's status.
 * Every JarIT of an HTTP function runs every file of its folder this way, so a new sample is run unlisted.
 */
public final class JarSamples implements AutoCloseable {
    private final ShadedJar jar;
    private final String handlerClass;

    private JarSamples(ShadedJar jar, String handlerClass) {
        this.jar = jar;
        this.handlerClass = handlerClass;
    }

    /** The jar of {@code module} (functions/&lt;module&gt;/target/&lt;module&gt;.jar), with its handler class. */
    public static JarSamples of(String module, Class<?> handler) {
        return new JarSamples(ShadedJar.of(module), handler.getName());
    }

    /** Runs {@code scene}'s sample through the jar's handler, built on {@code table}: answered the scene's status. */
    public void assertAnswered(SampleScene scene, TestTable table, LocalDynamoDb server) throws ReflectiveOperationException {
        scene.seeded(new Fixture(table));
        Map<String, String> env = new HashMap<>(Api.environment(table.tableName(), server.endpoint()));
        env.putAll(SignedSamples.ENVIRONMENT);
        Object handler = jar.handler(handlerClass, env);
        Map<String, Object> response = jar.invoke(handler, scene.sample(), SignedSamples.signedNow(scene.sample()));
        assertEquals(scene.status(), response.get("statusCode"), scene.sample() + ": " + response.get("body"));
    }

    /** As {@link #assertAnswered}, with the jar's loggers at DEBUG for the run (as POWERTOOLS_LOG_LEVEL=DEBUG sets them). */
    public void assertAnsweredAtDebug(SampleScene scene, TestTable table, LocalDynamoDb server)
            throws ReflectiveOperationException {
        jar.setLogLevel("DEBUG");
        try {
            assertAnswered(scene, table, server);
        } finally {
            jar.resetLogLevels();
        }
    }

    @Override
    public void close() throws Exception {
        jar.close();
    }
}
