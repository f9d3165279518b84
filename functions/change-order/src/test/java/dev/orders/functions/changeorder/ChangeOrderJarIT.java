package dev.orders.functions.changeorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.dynamodb.support.Fixture;
import dev.orders.http.support.Api;
import dev.orders.http.support.FunctionJarContract;
import dev.orders.http.support.ShadedJar;
import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.lambda.LogCapture;
import dev.orders.wiring.Services;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;

/**
 * The deployable jar (minimised by the shade plugin) serves every route and logs as the sources do,
 * stack traces included; it lacks no class it refers to.
 */
class ChangeOrderJarIT extends FunctionJarContract {
    private static final String HANDLER = ChangeOrderFunction.class.getName();

    ChangeOrderJarIT() {
        super("change-order", ChangeOrderFunction.class);
    }

    /** One sample after another on one order: the jar decodes a stale version and a cancelled transaction. */
    @Test
    void theShadedJarAnswersAStaleCheckoutAndARefusedLineRemovalOfAPaidOrder409(TestTable table, LocalDynamoDb server) throws Exception {
        Fixture fx = new Fixture(table);
        fx.seedSampleOrder();
        try (ShadedJar jar = ShadedJar.of("change-order")) {
            Object handler = jar.handler(HANDLER, Api.environment(table.tableName(), server.endpoint()));

            assertEquals(201, jar.invoke(handler, "change-order/add-item").get("statusCode"));
            // The added line is version 2 of the order: the sample checkout, which expects version 1, is stale.
            assertEquals(409, jar.invoke(handler, "change-order/change-status").get("statusCode"));
            assertEquals(200, jar.invoke(handler, "change-order/mark-paid").get("statusCode"));
            assertEquals(200, jar.invoke(handler, "change-order/change-item-status").get("statusCode"));
            // Paid orders keep their lines: a cancelled transaction, decoded through the whole stack.
            assertEquals(409, jar.invoke(handler, "change-order/delete-item").get("statusCode"));
        }
    }

    @Test
    void theShadedJarAnswers503AndLogsJsonWithTheCorrelationIdAndStackTraceWhenDynamoDbIsUnreachable(
            TestTable table, LocalDynamoDb server) throws Exception {
        Map<String, String> env = new HashMap<>(Api.environment(table.tableName(), server.endpoint()));
        env.put(Services.DYNAMODB_ENDPOINT, "http://127.0.0.1:1");
        try (ShadedJar jar = ShadedJar.of("change-order")) {
            Object handler = jar.handler(HANDLER, env);

            LogCapture.Captured<Map<String, Object>> run = LogCapture.stdout(() -> {
                try {
                    return jar.invoke(handler, "change-order/change-status");
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
            });

            assertEquals(503, run.result().get("statusCode"));
            List<Map<String, Object>> warnings = run.lines().stream().filter(l -> "WARN".equals(l.get("level"))).toList();
            assertEquals(1, warnings.size(), run.lines().toString());
            assertEquals("JKJaXmPLvHcESHA=", warnings.get(0).get("correlation_id"));
            assertEquals("shaded-jar-request", warnings.get(0).get("function_request_id"));
            Map<?, ?> error = (Map<?, ?>) warnings.get(0).get("error");
            assertEquals(SdkClientException.class.getName(), error.get("name"));
            assertTrue(String.valueOf(error.get("stack")).contains("at software.amazon.awssdk."), String.valueOf(error));
        }
    }
}
