package dev.orders.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orders.bench.ClassLoads.Origin;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The class table of section 1 on real lines: a sample of what {@code -Xlog:class+load} printed for the probe of
 * customer-profile (paths of the checkout shortened to /checkout), in their order.
 */
class ClassLoadsTest {
    private static final String JAR = "file:/checkout/functions/customer-profile/target/customer-profile.jar";
    private static final Set<Path> FUNCTION = Set.of(Path.of("/checkout/functions/customer-profile/target/customer-profile.jar"));
    private static final String PROBE = """
            [0.099s][info][class,load] java.lang.Object source: shared objects file
            [0.099s][info][class,load] java.io.Serializable source: shared objects file
            [0.152s][info][class,load] sun.nio.cs.UTF_8$Encoder source: jrt:/java.base
            [0.221s][info][class,load] jdk.internal.loader.URLClassPath$FileLoader source: jrt:/java.base
            [0.225s][info][class,load] dev.orders.bench.ColdStartProbe source: file:/checkout/benchmarks/target/classes/
            [0.373s][info][class,load] dev.orders.local.lambda.LambdaFunction source: file:/checkout/local/local-runtime/target/local-runtime-1.0.0-SNAPSHOT.jar
            [0.427s][info][class,load] com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers source: file:/root/.m2/repository/com/amazonaws/aws-lambda-java-serialization/1.1.6/aws-lambda-java-serialization-1.1.6.jar
            [0.441s][info][class,load] java.util.stream.Collectors$$Lambda$1/0x00007f6948043af0 source: java.util.stream.Collectors
            [0.445s][info][class,load] java.lang.invoke.LambdaForm$MH/0x00007f6948002000 source: __JVM_LookupDefineClass__
            [0.538s][info][class,load] com.amazonaws.services.lambda.runtime.RequestStreamHandler source: JAR
            [0.539s][info][class,load] dev.orders.http.api.ApiFunction source: JAR
            [0.543s][info][class,load] org.slf4j.LoggerFactory source: JAR
            [0.672s][info][class,load] dev.orders.lambda.logging.JsonLogProvider source: JAR
            [0.880s][info][class,load] software.amazon.lambda.powertools.logging.internal.BufferManager source: JAR
            [1.024s][info][class,load] jdk.proxy1.$Proxy0 source: __dynamic_proxy__
            [1.278s][info][class,load] jdk.internal.reflect.GeneratedConstructorAccessor1 source: __ClassDefiner__
            [1.475s][info][class,load] software.amazon.awssdk.core.client.builder.SdkClientBuilder source: JAR
            [1.890s][info][class,load] software.amazon.awssdk.core.useragent.BusinessMetricFeatureId source: JAR
            [1.892s][info][class,load] software.amazon.awssdk.core.useragent.BusinessMetricFeatureId$$Lambda$218/0x00007f694812afc0 source: software.amazon.awssdk.core.useragent.BusinessMetricFeatureId
            [2.227s][info][class,load] software.amazon.awssdk.thirdparty.jackson.core.Versioned source: JAR
            [2.266s][info][class,load] org.crac.Resource source: JAR
            [2.313s][info][class,load] com.fasterxml.jackson.core.JacksonException source: JAR
            START RequestId: cold-start-probe Version: $LATEST
            {"_aws":{"Timestamp":1795829428340,"CloudWatchMetrics":[...]},"Method":"GET","Route":"/customers/{customerId}","status":200,"Requests":1.0,"Latency":556.0}
            responded
            [2.901s][info][class,load] java.lang.management.ManagementFactory source: jrt:/java.management
            first-response-ms=2813 response={"statusCode":200}
            """.replace("JAR", JAR);

    @Test
    void eachClassCountsWhereItCameFromUpToTheResponse() {
        Map<Origin, Integer> expected = new EnumMap<>(Origin.class);
        expected.putAll(Map.of(Origin.CDS, 2, Origin.MODULES, 2, Origin.GENERATED, 4, Origin.SDK, 3, Origin.LOGGING, 2,
                Origin.JSON, 2, Origin.POWERTOOLS, 1, Origin.PROJECT, 1, Origin.OTHER, 2, Origin.HARNESS, 3));

        ClassLoads loads = ClassLoads.of(PROBE, FUNCTION);

        assertEquals(expected, loads.counts());
        assertEquals(22, loads.total());
    }

    @Test
    void theBaselinesSdkJarsAreMeasuredAndItsOwnClassesAreTheHarness() {
        String baseline = """
                [0.310s][info][class,load] dev.orders.baseline.SdkBaseline source: file:/checkout/benchmarks/sdk-baseline/target/classes/
                [0.512s][info][class,load] org.apache.http.impl.client.HttpClientBuilder source: file:/root/.m2/repository/org/apache/httpcomponents/httpclient/4.5.13/httpclient-4.5.13.jar
                [0.515s][info][class,load] org.apache.commons.logging.LogFactory source: file:/root/.m2/repository/commons-logging/commons-logging/1.2/commons-logging-1.2.jar
                responded
                """;
        Set<Path> sdk = Set.of(Path.of("/root/.m2/repository/org/apache/httpcomponents/httpclient/4.5.13/httpclient-4.5.13.jar"),
                Path.of("/root/.m2/repository/commons-logging/commons-logging/1.2/commons-logging-1.2.jar"));

        ClassLoads loads = ClassLoads.of(baseline, sdk);

        assertEquals(1, loads.count(Origin.HARNESS));
        assertEquals(1, loads.count(Origin.SDK));
        assertEquals(1, loads.count(Origin.LOGGING));
    }

    @Test
    void anOutputWithoutTheResponseLineIsRefused() {
        assertThrows(IllegalStateException.class, () -> ClassLoads.of(PROBE.replace("responded\n", ""), FUNCTION));
    }
}
