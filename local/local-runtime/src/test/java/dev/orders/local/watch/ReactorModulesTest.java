package dev.orders.local.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.local.UsageException;
import dev.orders.local.watch.ReactorModules.Module;
import dev.orders.local.watch.ReactorModules.OnFile;
import dev.orders.local.watch.ReactorModules.OnModule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The build as watch mode reads it: the poms' modules and properties, and dependency:list's lists. */
class ReactorModulesTest {

    @Test
    void aListIsTheClasspathInMavensOrderWithTheReactorsModulesAsModules(@TempDir Path root) throws Exception {
        DemoBuild demo = DemoBuild.in(root);
        Module lib = demo.reactor().at(root.resolve("lib")).orElseThrow();
        Module fn = demo.reactor().at(root.resolve("fn")).orElseThrow();
        // As maven-dependency-plugin 3.8.1 writes them: a classifier, an optional dependency, a pom, "-- module",
        // and the colours Maven adds when its output is a terminal.
        DemoBuild.write(root.resolve("fn/target/sam-local-watch/runtime.list"), """

                The following files have been resolved:
                   demo:lib:jar:1.0:compile:/elsewhere/lib/target/lib-1.0.jar -- module lib (auto)
                   io.netty:netty-transport-native-epoll:jar:linux-x86_64:4.1.118.Final:runtime:/m2/netty-epoll-linux-x86_64.jar -- module io.netty.transport.epoll [auto]
                   org.slf4j:slf4j-nop:jar:2.0.17:compile:/m2/slf4j nop.jar (optional) -- module org.slf4j.nop
                   demo:bom:pom:1.0:compile:/m2/bom.pom
                   com.example:colour:jar:1.0:compile:/m2/colour.jar\u001B[36m -- module colour\u001B[0;1;33m (auto)\u001B[m
                   demo:lib:test-jar:tests:1.0:compile:/elsewhere/lib/target/lib-1.0-tests.jar

                """);

        assertEquals(List.of(new OnModule(lib), new OnFile(Path.of("/m2/netty-epoll-linux-x86_64.jar")),
                        new OnFile(Path.of("/m2/slf4j nop.jar")), new OnFile(Path.of("/m2/colour.jar")),
                        new OnFile(Path.of("/elsewhere/lib/target/lib-1.0-tests.jar"))),
                demo.reactor().runtimeClassPath(fn));
        assertEquals(List.of(), demo.reactor().compileClassPath(lib), "a list of none");
    }

    @Test
    void aModulesPropertiesAreItsPomsOrItsParentsAndAMissingListIsAUsageError(@TempDir Path root) throws Exception {
        DemoBuild demo = DemoBuild.in(root);
        Module fn = demo.reactor().at(root.resolve("fn")).orElseThrow();

        assertEquals(Optional.of("17"), demo.reactor().property(fn, "maven.compiler.release"));
        assertEquals(Optional.empty(), demo.reactor().property(fn, "no.such.property"));

        Files.delete(root.resolve("fn/target/sam-local-watch/compile.list"));
        UsageException missing = assertThrows(UsageException.class, () -> demo.reactor().compileClassPath(fn));
        assertTrue(missing.getMessage().contains("fn/target/sam-local-watch/compile.list"), missing.getMessage());
        assertTrue(missing.getMessage().contains("./mvnw -DskipTests package"), missing.getMessage());
    }
}
