package dev.orders.local.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.local.invoke.LocalInvokeApi;
import dev.orders.local.lambda.FunctionInstances;
import dev.orders.local.watch.ReactorModules.Module;
import dev.orders.localaws.template.SamTemplate;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Watch mode over a small reactor: what a saved change recompiles, and what the function then answers. */
class WatchModeTest {
    @TempDir
    Path root;
    private DemoBuild demo;
    private WatchMode watch;
    private FunctionInstances greeter;
    private Module lib;

    @BeforeEach
    void startFromMavensClasses() throws Exception {
        demo = DemoBuild.in(root);
        watch = WatchMode.prepare(demo.template, root);
        SamTemplate.Function function = demo.template.functions().get(0);
        greeter = watch.code().instances(function, 8);
        lib = ReactorModules.read(root).at(root.resolve("lib")).orElseThrow();
        assertEquals("hello ada!", invoke(""));
    }

    @AfterEach
    void stop() {
        greeter.close();
        watch.close();
    }

    @Test
    void aChangedMethodBodyRecompilesItsModuleOnlyAndTheNextRequestRunsIt() throws Exception {
        save(DemoBuild.GREETING_SOURCE.replace("\"hello \"", "\"bonjour \""));

        Reload.Reloaded reloaded = assertInstanceOf(Reload.Reloaded.class, watch.reload(Set.of(lib), System.nanoTime()));

        assertEquals(List.of("lib"), reloaded.changed());
        assertEquals(List.of("lib"), modules(reloaded), "fn's classes cannot differ: nothing it compiled against changed");
        assertEquals(List.of("Greeter"), reloaded.functions());
        assertEquals("bonjour ada!", invoke(""));
    }

    @Test
    void aChangedConstantRecompilesTheModulesCompiledAgainstItWhichCopiedIt() throws Exception {
        save(DemoBuild.GREETING_SOURCE.replace("PUNCTUATION = \"!\"", "PUNCTUATION = \"?\""));

        Reload.Reloaded reloaded = assertInstanceOf(Reload.Reloaded.class, watch.reload(Set.of(lib), System.nanoTime()));

        assertEquals(List.of("lib", "fn"), modules(reloaded));
        assertEquals("hello ada?", invoke(""), "javac copied the old constant into fn's classes: they are compiled anew");
    }

    @Test
    void aCompileErrorIsReportedWithItsLineAndTheLastGoodCodeKeepsServingUntilItIsFixed() throws Exception {
        save(DemoBuild.GREETING_SOURCE.replace("\"hello \"", "\"bonjour \"").replace("return", "retrun"));

        Reload.NotCompiled failed = assertInstanceOf(Reload.NotCompiled.class, watch.reload(Set.of(lib), System.nanoTime()));

        assertEquals("lib", failed.module());
        assertTrue(failed.errors().startsWith(DemoBuild.GREETING + ":7: error: "), failed.errors());
        assertTrue(failed.errors().contains("        retrun \"bonjour \" + name;\n"), "the source line, then a caret: " + failed.errors());
        assertEquals("hello ada!", invoke(""));

        save(DemoBuild.GREETING_SOURCE.replace("\"hello \"", "\"bonjour \""));
        // lib failed, so it is compiled again with the next change seen, whichever module's it is.
        Module fn = ReactorModules.read(root).at(root.resolve("fn")).orElseThrow();
        Reload.Reloaded reloaded = assertInstanceOf(Reload.Reloaded.class, watch.reload(Set.of(fn), System.nanoTime()));
        assertEquals(List.of("lib"), reloaded.changed());
        assertEquals("bonjour ada!", invoke(""));
    }

    @Test
    void aSaveThatChangesNothingReloadsNothing() throws Exception {
        save(DemoBuild.GREETING_SOURCE);

        assertInstanceOf(Reload.Unchanged.class, watch.reload(Set.of(lib), System.nanoTime()));
    }

    @Test
    void aRequestAnsweringDuringTheReloadEndsOnTheOldCodeAndItsInstanceIsNotUsedAgain() throws Exception {
        Path gate = root.resolve("gate");
        CompletableFuture<String> during = CompletableFuture.supplyAsync(() -> invoke(gate.toString()));
        while (!Files.exists(root.resolve("gate.waiting"))) {
            Thread.sleep(10);
        }
        save(DemoBuild.GREETING_SOURCE.replace("\"hello \"", "\"bonjour \""));
        assertInstanceOf(Reload.Reloaded.class, watch.reload(Set.of(lib), System.nanoTime()));

        Files.writeString(gate, "open");
        assertEquals("hello ada!", during.get());
        assertEquals("bonjour ada!", invoke(""), "the instance that answered during the reload was closed, not kept warm");
    }

    @Test
    void aSourceSavedSinceMavenBuiltItsModuleIsCompiledBeforeAnythingRuns(@TempDir Path other) throws Exception {
        DemoBuild stale = DemoBuild.in(other);
        Files.writeString(other.resolve(DemoBuild.GREETING), DemoBuild.GREETING_SOURCE.replace("\"hello \"", "\"bonjour \""));

        try (WatchMode fresh = WatchMode.prepare(stale.template, other);
             FunctionInstances instances = fresh.code().instances(stale.template.functions().get(0), 1)) {
            assertEquals("bonjour ada!", new String(instances.invoke(new byte[0], "request"), StandardCharsets.UTF_8));
        }
    }

    @Test
    void startLambdasInvokeApiAnswersWithTheCodeCompiledLast() throws Exception {
        try (LocalInvokeApi api = new LocalInvokeApi(demo.template, watch.code(), "us-east-1")) {
            URI invocations = URI.create("http://127.0.0.1:" + api.start("127.0.0.1", 0).getPort()
                    + "/2015-03-31/functions/Greeter/invocations");
            HttpClient http = HttpClient.newHttpClient();
            HttpRequest invoke = HttpRequest.newBuilder(invocations).POST(HttpRequest.BodyPublishers.ofString("{}")).build();
            assertEquals("hello ada!", http.send(invoke, HttpResponse.BodyHandlers.ofString()).body());

            save(DemoBuild.GREETING_SOURCE.replace("\"hello \"", "\"bonjour \""));
            assertInstanceOf(Reload.Reloaded.class, watch.reload(Set.of(lib), System.nanoTime()));

            assertEquals("bonjour ada!", http.send(invoke, HttpResponse.BodyHandlers.ofString()).body());
        }
    }

    private static List<String> modules(Reload.Reloaded reloaded) {
        return reloaded.compiled().stream().map(Reload.Compilation::module).toList();
    }

    private void save(String greeting) throws Exception {
        Files.writeString(root.resolve(DemoBuild.GREETING), greeting);
    }

    private String invoke(String event) {
        try {
            return new String(greeter.invoke(event.getBytes(StandardCharsets.UTF_8), "request"), StandardCharsets.UTF_8);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
