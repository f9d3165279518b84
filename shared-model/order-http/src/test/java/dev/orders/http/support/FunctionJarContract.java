package dev.orders.http.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.jr.ob.JSON;

import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.jar.JarClosure;
import dev.orders.testsupport.lambda.EmfOutput;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every HTTP function's JarIT proves of its deployable jar (minimised by the shade plugin): it lacks no class it
 * refers to, it answers every file of its {@code events/<module>/} the status the sample's {@link SampleScene}
 * names, and it records each answer at INFO in its metric line alone, at DEBUG in a line of the JSON fields of before.
 * A JarIT names its module and handler, and adds what only its function does.
 */
@ExtendWith(DynamoDbExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class FunctionJarContract {
    private final String module;
    private final Class<?> handler;
    private JarSamples samples;

    protected FunctionJarContract(String module, Class<?> handler) {
        this.module = module;
        this.handler = handler;
    }

    @BeforeAll
    void openTheJar() {
        samples = JarSamples.of(module, handler);
    }

    @AfterAll
    void closeTheJar() throws Exception {
        samples.close();
    }

    @Test
    void everyClassTheJarRefersToIsInIt() {
        assertEquals(List.of(), JarClosure.of(ShadedJar.path(module)).missing());
    }

    /**
     * The line of an answer at DEBUG, field by field in their order, each value's shape: the line Powertools' Log4j
     * layout wrote over log4j2.xml, as CloudWatch received it (captured from {@code ./sam-local invoke
     * CustomerProfileFunction} on 2026-11-28, at INFO then), before lambda-logging wrote it without Log4j.
     */
    private static final List<String> ANSWER_LINE = List.of("level: DEBUG", "message: string", "cold_start: boolean",
            "function_arn: arn:aws:lambda:us-east-1:123456789012:function:shaded-jar", "function_memory_size: 1024",
            "function_name: shaded-jar", "function_request_id: shaded-jar-request", "function_version: $LATEST",
            "service: order-service", "timestamp: yyyy-MM-ddTHH:mm:ss.SSSZ", "correlation_id: string", "method: string",
            "route: string", "status: number", "durationMs: number");

    /**
     * At INFO an answer has no line of its own: its metric line is its record, with what that line said beside the
     * route and latency, the exact status and the request's ids.
     */
    @Test
    void atInfoTheShadedJarRecordsAnAnswerInItsMetricLineAlone(TestTable table, LocalDynamoDb server) throws Exception {
        SampleScene scene = everySampleOfItsFolder().get(0);
        String output = stdout(() -> samples.assertAnswered(scene, table, server));

        assertFalse(output.contains(" answered "), output);
        Map<String, Object> metric = EmfOutput.documents(output).stream().filter(d -> d.containsKey("Requests"))
                .findFirst().orElseThrow(() -> new AssertionError("no metric line in:\n" + output));
        assertEquals(scene.status(), metric.get("status"), output);
        assertEquals(SampleEvents.load(scene.sample()).getRequestContext().getRequestId(), metric.get("correlation_id"));
        assertEquals("shaded-jar-request", metric.get("function_request_id"));
    }

    @Test
    void atDebugTheShadedJarLogsAnAnswerInTheFieldsOfBefore(TestTable table, LocalDynamoDb server) throws Exception {
        SampleScene scene = everySampleOfItsFolder().get(0);
        String output = stdout(() -> samples.assertAnsweredAtDebug(scene, table, server));
        String line = output.lines().filter(l -> l.contains(" answered status=")).findFirst()
                .orElseThrow(() -> new AssertionError("no answer's line in:\n" + output));

        assertEquals(ANSWER_LINE, shapes(line), line);
    }

    /** What {@code run} printed on stdout, where Lambda collects a function's lines. */
    private static String stdout(EmfOutput.Emission run) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        try (PrintStream capture = new PrintStream(out, true, StandardCharsets.UTF_8)) {
            System.setOut(capture);
            run.run();
        } finally {
            System.setOut(stdout);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Each field of a JSON line in its order: its name and, for a value that varies, its shape. */
    private static List<String> shapes(String line) throws IOException {
        Map<String, Object> fields = JSON.std.with(JSON.Feature.PRESERVE_FIELD_ORDERING).mapFrom(line);
        return fields.entrySet().stream().map(field -> field.getKey() + ": " + shape(field.getKey(), field.getValue()))
                .toList();
    }

    private static String shape(String name, Object value) {
        if (value instanceof Boolean) {
            return "boolean";
        }
        if (name.equals("timestamp") && String.valueOf(value).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z")) {
            return "yyyy-MM-ddTHH:mm:ss.SSSZ";
        }
        if (List.of("level", "function_arn", "function_memory_size", "function_name", "function_request_id",
                "function_version", "service").contains(name)) {
            return String.valueOf(value);
        }
        return value instanceof Number ? "number" : value instanceof String ? "string" : value.getClass().getSimpleName();
    }

    List<SampleScene> everySampleOfItsFolder() {
        return SampleScene.ofModule(module);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everySampleOfItsFolder")
    void theShadedJarAnswersEverySampleEventOfItsFolderItsStatus(SampleScene scene, TestTable table, LocalDynamoDb server)
            throws Exception {
        samples.assertAnswered(scene, table, server);
    }
}
