package dev.orders.local.watch;

import dev.orders.local.lambda.FunctionCode;
import dev.orders.local.watch.ReactorModules.Dependency;
import dev.orders.local.watch.ReactorModules.Module;
import dev.orders.local.watch.ReactorModules.OnFile;
import dev.orders.local.watch.ReactorModules.OnModule;
import dev.orders.localaws.FileTrees;
import dev.orders.localaws.Log;
import dev.orders.localaws.template.SamTemplate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code --watch}: the functions run from their modules' classes and their dependencies' jars (what their shaded
 * jars are made of), and a saved change of a module's sources recompiles it in this JVM: the module, then each
 * watched module compiled against it whose compilation could differ (only if the module's {@link ModuleCompiler#abi}
 * changed). If all compile, the functions made of any of them start anew on their next request (the table, the
 * issuer and the port are untouched); if one does not, its errors are printed and the last good code keeps serving.
 *
 * <p>Each compilation goes into a directory of its own under a temporary directory, never into target/classes:
 * instances still answering a request keep reading the classes they were loaded from, and a Maven build run
 * beside changes nothing that is served. Maven's classes are copied there when watch mode starts.
 */
public final class WatchMode implements AutoCloseable {
    private static final Duration STOP_WAIT = Duration.ofSeconds(5);
    private final WatchedBuild build;
    private final ModuleCompiler compiler;
    private final Path work;
    private final FunctionCode code;
    /** The classes each watched module runs from now: replaced whole, read by requests starting instances. */
    private volatile Map<Module, Path> classes;
    /** The sources each of those classes were compiled from, to tell a change from a save that changed nothing. */
    private final Map<Module, String> compiledFrom = new HashMap<>();
    private final Map<Path, String> abis = new HashMap<>();
    /** Modules changed since their last successful compilation. */
    private final Set<Module> pending = new LinkedHashSet<>();
    private int compilations;
    private Thread watcher;
    private SourceWatcher sources;

    private WatchMode(WatchedBuild build, Path work) {
        this.build = build;
        this.compiler = new ModuleCompiler(build.root());
        this.work = work;
        this.code = new FunctionCode(this::classPath);
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
        Map<Module, Path> initial = new LinkedHashMap<>();
        for (Module module : build.modules()) {
            Path copy = watch.nextDirectory(module);
            FileTrees.copy(module.classes(), copy);
            initial.put(module, copy);
            watch.compiledFrom.put(module, ModuleCompiler.fingerprint(module));
            if (build.changedSinceBuilt(module)) {
                watch.pending.add(module);
            }
        }
        watch.classes = Map.copyOf(initial);
        if (!watch.pending.isEmpty()) {
            Log.SAM_LOCAL.line("sources saved since the last build: " + watch.reload(Set.of(), System.nanoTime()).message());
        }
        return watch;
    }

    /** The functions' code, as it is after the last good compilation. */
    public FunctionCode code() {
        return code;
    }

    /**
     * Starts watching the sources: a change saved from now on reloads. The line saying so comes once javac is
     * primed ({@link #prime}); a change saved before is seen too, and compiled then.
     */
    public void start() throws IOException {
        sources = new SourceWatcher(build.root(), build.modules());
        watcher = new Thread(this::watch, "sam-local-watch");
        watcher.setDaemon(true);
        watcher.start();
    }

    private void watch() {
        try {
            prime();
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
            if (!(reload instanceof Unchanged)) {
                Log.SAM_LOCAL.line(reload.message());
            }
        } catch (RuntimeException e) {
            Log.SAM_LOCAL.line("watch mode could not reload: " + e + "; the last good code keeps serving");
        }
    }

    /**
     * Does now, while nothing waits for it, what the first change would otherwise wait for: javac's loading and the
     * first compilations of its own code by the JIT (a compilation thrown away), the ABIs of Maven's classes.
     */
    private void prime() {
        try {
            for (Module module : build.modules()) {
                if (hasDownstream(module)) {
                    abi(module, classes.get(module), classes);
                }
            }
            Module first = build.modules().get(0);
            Path scratch = nextDirectory(first);
            compiler.compile(first, compileClassPath(first, classes), build.javacOptions(first), scratch);
            FileTrees.delete(scratch);
        } catch (IOException | RuntimeException e) {
            Log.SAM_LOCAL.line("watch mode could not prepare its compiler: " + e);
        }
    }

    /** What a change did. */
    sealed interface Reload permits Reloaded, NotCompiled, Unchanged {
        String message();
    }

    /**
     * {@code changed}: the modules whose sources changed; {@code compiled}: those compiled (them, and those compiled
     * against them whose compilation could differ) and their number of sources; {@code functions}: those that start
     * anew; {@code took}: from the save to the new code in place.
     */
    record Reloaded(List<String> changed, List<Compilation> compiled, List<String> functions, Duration took) implements Reload {
        @Override
        public String message() {
            return "reloaded in " + took.toMillis() + " ms after the save (" + String.join(", ", changed) + " changed; compiled "
                    + compiled.stream().map(c -> c.module() + " (" + c.sources() + " sources, " + c.took().toMillis() + " ms)")
                    .collect(Collectors.joining(", ")) + "): " + (functions.isEmpty() ? "no function uses them"
                    : String.join(", ", functions) + " run the new code from their next request");
        }
    }

    /** A module compiled: its number of sources, how long javac took. */
    record Compilation(String module, int sources, Duration took) {
    }

    /** {@code module} does not compile: javac's {@code errors}; nothing was replaced. */
    record NotCompiled(String module, String errors) implements Reload {
        @Override
        public String message() {
            return module + " does not compile; the last good code keeps serving:\n" + errors;
        }
    }

    /** The files saved are as they were compiled last (a save without a change, an editor's temporary file). */
    record Unchanged() implements Reload {
        @Override
        public String message() {
            return "nothing changed";
        }
    }

    /**
     * Compiles the changed modules and what compiles against them, in build order; if all compile, the functions
     * made of any of them start anew on their next request. {@code savedAt}: when the change was seen (nanoTime).
     * A module that does not compile stays changed, to compile again with the next change.
     */
    Reload reload(Set<Module> changed, long savedAt) {
        for (Module module : changed) {
            if (!ModuleCompiler.fingerprint(module).equals(compiledFrom.get(module))) {
                pending.add(module);
            }
        }
        if (pending.isEmpty()) {
            return new Unchanged();
        }
        Map<Module, Path> next = new LinkedHashMap<>(classes);
        Map<Module, String> sourcesOf = new LinkedHashMap<>();
        Set<Module> abiChanged = new LinkedHashSet<>();
        List<Compilation> compiled = new ArrayList<>();
        try {
            for (Module module : build.modules()) {
                if (!pending.contains(module) && build.upstream(module).stream().noneMatch(abiChanged::contains)) {
                    continue;
                }
                String fingerprint = ModuleCompiler.fingerprint(module);
                Path out = nextDirectory(module);
                long started = System.nanoTime();
                ModuleCompiler.Outcome outcome = compiler.compile(module, compileClassPath(module, next), build.javacOptions(module), out);
                if (outcome instanceof ModuleCompiler.Failed failed) {
                    // Nothing of this change is served: what it compiled goes.
                    FileTrees.delete(out);
                    for (Module done : sourcesOf.keySet()) {
                        FileTrees.delete(next.get(done));
                    }
                    return new NotCompiled(module.name(), failed.errors());
                }
                if (hasDownstream(module) && !abi(module, out, next).equals(abi(module, next.get(module), next))) {
                    abiChanged.add(module);
                }
                next.put(module, out);
                sourcesOf.put(module, fingerprint);
                compiled.add(new Compilation(module.name(), ((ModuleCompiler.Compiled) outcome).sources(),
                        Duration.ofNanos(System.nanoTime() - started)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        classes = Map.copyOf(next);
        compiledFrom.putAll(sourcesOf);
        List<String> functions = build.functions().entrySet().stream()
                .filter(function -> madeOf(function.getValue(), sourcesOf.keySet())).map(Map.Entry::getKey).toList();
        code.changed(functions);
        Reloaded reloaded = new Reloaded(pending.stream().map(Module::name).toList(), compiled, functions,
                Duration.ofNanos(System.nanoTime() - savedAt));
        pending.clear();
        return reloaded;
    }

    /** Whether the jar of {@code functionModule} holds the classes of any of {@code modules}. */
    private boolean madeOf(Module functionModule, Set<Module> modules) {
        return modules.contains(functionModule) || build.runtimeClassPath(functionModule).stream()
                .anyMatch(dependency -> dependency instanceof OnModule on && modules.contains(on.module()));
    }

    /** A function's code: its module's classes, then what its jar is made of, in Maven's order (as the shade plugin). */
    private List<Path> classPath(SamTemplate.Function function) {
        Map<Module, Path> now = classes;
        Module module = build.functions().get(function.logicalId());
        List<Path> path = new ArrayList<>(List.of(now.get(module)));
        build.runtimeClassPath(module).forEach(dependency -> path.add(file(dependency, now)));
        return path;
    }

    private List<Path> compileClassPath(Module module, Map<Module, Path> now) {
        return build.compileClassPath(module).stream().map(dependency -> file(dependency, now)).toList();
    }

    /** A module's classes: watched, the last compiled; else Maven's. */
    private static Path file(Dependency dependency, Map<Module, Path> now) {
        if (dependency instanceof OnModule onModule) {
            return now.getOrDefault(onModule.module(), onModule.module().classes());
        }
        return ((OnFile) dependency).file();
    }

    private boolean hasDownstream(Module module) {
        return build.modules().stream().anyMatch(other -> build.upstream(other).contains(module));
    }

    /** The ABI of {@code module}'s {@code classes}, read once per compilation. */
    private String abi(Module module, Path classes, Map<Module, Path> now) throws IOException {
        String abi = abis.get(classes);
        if (abi == null) {
            abi = compiler.abi(classes, compileClassPath(module, now));
            abis.put(classes, abi);
        }
        return abi;
    }

    private Path nextDirectory(Module module) {
        return work.resolve(module.name()).resolve(Integer.toString(++compilations));
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
