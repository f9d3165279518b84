package dev.orders.local.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orders.local.UsageException;
import dev.orders.local.watch.ReactorModules.Module;
import dev.orders.localaws.template.CloudFormationYaml;
import dev.orders.localaws.template.SamTemplate;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which modules watch mode compiles for a template, and in which order: from the build, not from a list of ours. */
class WatchedBuildTest {

    @Test
    void aFunctionsModuleAndTheModulesItsJarIsMadeOfAreWatchedEachAfterThoseItCompilesAgainst(@TempDir Path root) throws Exception {
        DemoBuild demo = DemoBuild.in(root);
        Module lib = demo.reactor().at(root.resolve("lib")).orElseThrow();
        Module fn = demo.reactor().at(root.resolve("fn")).orElseThrow();

        WatchedBuild build = WatchedBuild.read(demo.template, root);

        assertEquals(List.of(lib, fn), build.modules());
        assertEquals(Map.of("Greeter", fn), build.functions());
        assertEquals(List.of(lib), build.upstream(fn));
        assertEquals(List.of("-g", "--release", "17", "-encoding", "UTF-8"), build.javacOptions(fn));
    }

    @Test
    void aFunctionWhoseCodeIsNotAModulesJarCannotBeWatched(@TempDir Path root) throws Exception {
        DemoBuild.in(root);
        SamTemplate elsewhere = new SamTemplate(root.resolve("template.yaml"), CloudFormationYaml.parse(new StringReader("""
                Resources:
                  Greeter:
                    Type: AWS::Serverless::Function
                    Properties:
                      Handler: demo.fn.Handler::handleRequest
                      CodeUri: downloads/greeter.jar
                """), "template.yaml"));

        UsageException e = assertThrows(UsageException.class, () -> WatchedBuild.read(elsewhere, root));
        assertEquals("watch mode: Greeter's CodeUri downloads/greeter.jar is not in the target directory of a module of the build",
                e.getMessage());
    }
}
