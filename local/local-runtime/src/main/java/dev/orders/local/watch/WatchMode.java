package dev.orders.local.watch;

import dev.orders.local.lambda.FunctionCode;
import dev.orders.local.watch.ReactorModules.Module;
import dev.orders.localaws.FileTrees;
import dev.orders.localaws.Log;
import dev.orders.localaws.template.SamTemplate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code --watch}: the functions run from their modules' classes and their dependencies' jars (what their shaded
 * jars are made of), and a saved change of a module's sources recompiles it in this JVM: the module, then each
 * watched module compiled against it whose compilation could differ (only if the module's {@link ModuleCompiler#abi}
 * changed). If all compile, the functions made of any of them start anew on their next request (the table, the
 * issuer and the port are untouched); if one does not, its errors are printed and the last good code keeps serving.
 *
 * <p>This class watches the sources on a thread of its own and owns the compiler and the temporary directory the
 * compilations go into; what is served, and how a change replaces it, is {@link ServedClasses}'.
 */
public final class WatchMode implements AutoCloseable {
    private static final Duration STOP_WAIT = Duration.ofSeconds(5);
    private final WatchedBuild build;
    private final ModuleCompiler compiler;
    private final Path work;
    private final ServedClasses served;
    private Thread watcher;
    private SourceWatcher sources;

    private WatchMode(WatchedBuild build, Path work) throws IOException {
        this.build = build;
        this.compiler = new ModuleCompiler(build.root());
        this.work = work;
        this.served = new ServedClasses(build, compiler, work);
    }

    /** Checks that the build has what watch mode needs for {@code template}'s functions (a usage error if not). */
    public static void check(SamTemplate template, Path root) {
        WatchedBuild.read(template, root);
    }

    /**
     * Watch mode over the build under {@code root}, its functions running from Maven's classes until a change; a
     * module with a source saved since Maven built it is compiled now, before anything runs.
     */
    public static WatchMode prepare(SamTemplate template, Path root) throws IOException {
        WatchedBuild build = WatchedBuild.read(template, root);
        WatchMode watch = new WatchMode(build, Files.createTempDirectory("sam-local-watch"));
        // Pending are only the modules saved since Maven built them: nothing is compiled when there are none.
        Reload saved = watch.reload(Set.of(), System.nanoTime());
        if (!(saved instanceof Reload.Unchanged)) {
            Log.SAM_LOCAL.line("sources saved since the last build: " + saved.message());
        }
        return watch;
    }

    /** The functions' code, as it is after the last good compilation. */
    public FunctionCode code() {
        return served.code();
    }

    /**
     * Starts watching the sources: a change saved from now on reloads. The line saying so comes once javac is
     * primed ({@link ServedClasses#prime}); a change saved before is seen too, and compiled then.
     */
    public void start() throws IOException {
        sources = new SourceWatcher(build.root(), build.modules());
        watcher = new Thread(this::watch, "sam-local-watch");
        watcher.setDaemon(true);
        watcher.start();
    }

    private void watch() {
        try {
            served.prime();
            Log.SAM_LOCAL.line("watching the sources of " + build.modules().stream().map(Module::name).collect(Collectors.joining(", "))
                    + ": a saved change is compiled and served from the next request");
            // A save between prepare and the watcher's start was not seen as an event: the sources tell.
            reloadAndSay(Set.copyOf(build.modules()), System.nanoTime());
            while (true) {
                SourceWatcher.Changes changes = sources.next();
                changes.buildFiles().forEach(file -> Log.SAM_LOCAL.line(build.root().relativize(file) + " changed: watch mode"
                        + " reloads sources, not the build or the template; stop and start again to run it"));
                reloadAndSay(changes.modules(), changes.firstSeen());
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            // Stopped.
        }
    }

    private void reloadAndSay(Set<Module> changed, long savedAt) {
        try {
            Reload reload = reload(changed, savedAt);
            if (!(reload instanceof Reload.Unchanged)) {
                Log.SAM_LOCAL.line(reload.message());
            }
        } catch (RuntimeException e) {
            Log.SAM_LOCAL.line("watch mode could not reload: " + e + "; the last good code keeps serving");
        }
    }

    /** {@link ServedClasses#reload}: the modules {@code changed}, and what compiles against them, compiled and served. */
    Reload reload(Set<Module> changed, long savedAt) {
        return served.reload(changed, savedAt);
    }

    /** Stops watching and deletes the compiled classes, as far as it can: the JVM is on its way out. */
    @Override
    public void close() {
        try {
            if (sources != null) {
                sources.close();
            }
            if (watcher != null) {
                // A compilation under way ends first: it writes where the classes are deleted.
                watcher.interrupt();
                watcher.join(STOP_WAIT.toMillis());
            }
            compiler.close();
        } catch (IOException e) {
            Log.SAM_LOCAL.line("watch mode did not stop cleanly: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            FileTrees.delete(work);
        } catch (IOException | UncheckedIOException e) {
            Log.SAM_LOCAL.line("watch mode could not delete " + work + ": " + e);
        }
    }
}
