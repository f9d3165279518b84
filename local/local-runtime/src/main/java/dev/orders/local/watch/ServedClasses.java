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
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The classes each watched module is served from, and the reload that replaces them after a change: the module,
 * then each watched module compiled against it whose compilation could differ (only if the module's
 * {@link ModuleCompiler#abi} changed), swapped in together only if all compile.
 *
 * <p>Each compilation goes into a directory of its own under the work directory, never into target/classes:
 * instances still answering a request keep reading the classes they were loaded from, and a Maven build run
 * beside changes nothing that is served. Maven's classes are copied there when watch mode starts.
 */
final class ServedClasses {
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

    /**
     * Maven's classes of {@code build}'s modules, copied under {@code work}; a module with a source saved since Maven
     * built it is changed, to compile with the first {@link #reload}.
     */
    ServedClasses(WatchedBuild build, ModuleCompiler compiler, Path work) throws IOException {
        this.build = build;
        this.compiler = compiler;
        this.work = work;
        this.code = new FunctionCode(this::classPath);
        Map<Module, Path> initial = new LinkedHashMap<>();
        for (Module module : build.modules()) {
            Path copy = nextDirectory(module);
            FileTrees.copy(module.classes(), copy);
            initial.put(module, copy);
            compiledFrom.put(module, ModuleCompiler.fingerprint(module));
            if (build.changedSinceBuilt(module)) {
                pending.add(module);
            }
        }
        classes = Map.copyOf(initial);
    }

    /** The functions' code, as it is after the last good compilation. */
    FunctionCode code() {
        return code;
    }

    /**
     * Does now, while nothing waits for it, what the first change would otherwise wait for: javac's loading and the
     * first compilations of its own code by the JIT (a compilation thrown away), the ABIs of Maven's classes.
     */
    void prime() {
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
            return new Reload.Unchanged();
        }
        Map<Module, Path> next = new LinkedHashMap<>(classes);
        Map<Module, String> sourcesOf = new LinkedHashMap<>();
        Set<Module> abiChanged = new LinkedHashSet<>();
        List<Reload.Compilation> compiled = new ArrayList<>();
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
                    return new Reload.NotCompiled(module.name(), failed.errors());
                }
                if (hasDownstream(module) && !abi(module, out, next).equals(abi(module, next.get(module), next))) {
                    abiChanged.add(module);
                }
                next.put(module, out);
                sourcesOf.put(module, fingerprint);
                compiled.add(new Reload.Compilation(module.name(), ((ModuleCompiler.Compiled) outcome).sources(),
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
        Reload.Reloaded reloaded = new Reload.Reloaded(pending.stream().map(Module::name).toList(), compiled, functions,
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
}
