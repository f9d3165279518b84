package dev.orders.http.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orders.localaws.dynamodb.LocalDynamoDb;
import dev.orders.testsupport.DynamoDbExtension;
import dev.orders.testsupport.TestTable;
import dev.orders.testsupport.jar.JarClosure;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every HTTP function's JarIT proves of its deployable jar (minimised by the shade plugin): it lacks no class it
 * refers to, and it answers every file of its {@code events/<module>/} the status the sample's {@link SampleScene}
 * names. A JarIT names its module and handler, and adds what only its function does.
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
