package dev.orders.local.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.orders.local.watch.ReactorModules.Module;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the watcher reports: the modules whose sources were saved, once per burst; the build's files apart. */
class SourceWatcherTest {
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    @Test
    void aBurstOfSavesInAModuleIsOneChangeOfThatModule(@TempDir Path root) throws Exception {
        DemoBuild demo = DemoBuild.in(root);
        Module lib = demo.reactor().at(root.resolve("lib")).orElseThrow();
        try (SourceWatcher watcher = new SourceWatcher(root, demo.modules())) {
            // An editor's save: a backup, the file written, the backup deleted; and a new package with a class.
            Files.writeString(root.resolve(DemoBuild.GREETING + "~"), DemoBuild.GREETING_SOURCE);
            Files.writeString(root.resolve(DemoBuild.GREETING), DemoBuild.GREETING_SOURCE + "\n");
            Files.delete(root.resolve(DemoBuild.GREETING + "~"));
            DemoBuild.write(root.resolve("lib/src/main/java/demo/lib/more/Farewell.java"), "package demo.lib.more; class Farewell {}");

            SourceWatcher.Changes changes = assertTimeoutPreemptively(PATIENCE, watcher::next);

            assertEquals(Set.of(lib), changes.modules());
            assertEquals(Set.of(), changes.buildFiles());
        }
    }

    @Test
    void aLogWrittenWithoutPauseInTheRepositorysRootNeitherCountsNorDelaysASave(@TempDir Path root) throws Exception {
        DemoBuild demo = DemoBuild.in(root);
        Module lib = demo.reactor().at(root.resolve("lib")).orElseThrow();
        AtomicBoolean logging = new AtomicBoolean(true);
        Thread server = new Thread(() -> {
            try {
                while (logging.get()) {
                    Files.writeString(root.resolve("server.log"), "a line\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                    Thread.sleep(20);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        try (SourceWatcher watcher = new SourceWatcher(root, demo.modules())) {
            server.start();
            Files.writeString(root.resolve(DemoBuild.GREETING), DemoBuild.GREETING_SOURCE + "\n");

            assertEquals(Set.of(lib), assertTimeoutPreemptively(PATIENCE, watcher::next).modules());
        } finally {
            logging.set(false);
            server.join();
        }
    }

    @Test
    void aNewResourcesDirectoryIsWatchedAndAPomOrTheTemplateIsABuildFile(@TempDir Path root) throws Exception {
        DemoBuild demo = DemoBuild.in(root);
        Module fn = demo.reactor().at(root.resolve("fn")).orElseThrow();
        try (SourceWatcher watcher = new SourceWatcher(root, demo.modules())) {
            DemoBuild.write(root.resolve("fn/src/main/resources/greeting.properties"), "text=hello");

            assertEquals(Set.of(fn), assertTimeoutPreemptively(PATIENCE, watcher::next).modules());

            Files.writeString(root.resolve("fn/src/main/resources/greeting.properties"), "text=bonjour");
            Files.writeString(root.resolve("fn/pom.xml"), "<project/>");
            Files.writeString(root.resolve("template.yaml"), "Resources: {}");

            SourceWatcher.Changes changes = assertTimeoutPreemptively(PATIENCE, watcher::next);
            assertEquals(Set.of(fn), changes.modules());
            assertEquals(Set.of(root.resolve("fn/pom.xml"), root.resolve("template.yaml")), changes.buildFiles());
        }
    }
}
