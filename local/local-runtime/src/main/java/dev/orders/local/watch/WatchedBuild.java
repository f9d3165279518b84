package dev.orders.local.watch;

import dev.orders.local.UsageException;
import dev.orders.local.watch.ReactorModules.Dependency;
import dev.orders.local.watch.ReactorModules.Module;
import dev.orders.local.watch.ReactorModules.OnModule;
import dev.orders.localaws.template.SamTemplate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What watch mode compiles and loads for a template: each function's module (the one whose target directory holds
 * its CodeUri jar) and what that jar is made of, the modules of the reactor among them in build order (a module
 * after those it compiles against), and each one's classpath and javac options as Maven compiled it.
 */
final class WatchedBuild {
    private final Path root;
    private final Map<String, Module> functions = new LinkedHashMap<>();
    private final Map<Module, List<Dependency>> runtime = new LinkedHashMap<>();
    private final Map<Module, List<Dependency>> compile = new LinkedHashMap<>();
    private final Map<Module, List<String>> options = new LinkedHashMap<>();
    private final List<Module> modules = new ArrayList<>();

    private WatchedBuild(Path root) {
        this.root = root;
    }

    /** Reads the build under {@code root}; a usage error if a function is no module's jar or a module is not built. */
    static WatchedBuild read(SamTemplate template, Path root) {
        ReactorModules reactor = ReactorModules.read(root);
        WatchedBuild build = new WatchedBuild(root);
        Set<Module> watched = new LinkedHashSet<>();
        for (SamTemplate.Function function : template.functions()) {
            Path jar = root.resolve(function.codeUri()).normalize();
            Module module = reactor.at(jar.getParent().getParent())
                    .filter(m -> m.dir().resolve("target").equals(jar.getParent()))
                    .orElseThrow(() -> new UsageException("watch mode: " + function.logicalId() + "'s CodeUri "
                            + function.codeUri() + " is not in the target directory of a module of the build"));
            build.functions.put(function.logicalId(), module);
            List<Dependency> classPath = build.runtime.computeIfAbsent(module, reactor::runtimeClassPath);
            watched.add(module);
            classPath.stream().filter(OnModule.class::isInstance).map(d -> ((OnModule) d).module()).forEach(watched::add);
        }
        for (Module module : watched) {
            if (!Files.isDirectory(module.classes())) {
                throw new UsageException("watch mode: " + root.relativize(module.classes()) + " is not built: run ./mvnw -DskipTests package");
            }
            build.compile.put(module, reactor.compileClassPath(module));
            List<String> javac = new ArrayList<>(List.of("-g"));
            reactor.property(module, "maven.compiler.release").ifPresent(release -> javac.addAll(List.of("--release", release)));
            reactor.property(module, "project.build.sourceEncoding").ifPresent(encoding -> javac.addAll(List.of("-encoding", encoding)));
            build.options.put(module, List.copyOf(javac));
        }
        watched.forEach(build::inBuildOrder);
        return build;
    }

    /** Adds {@code module} after the modules it compiles against (Maven allows no cycle). */
    private void inBuildOrder(Module module) {
        if (!modules.contains(module)) {
            upstream(module).forEach(this::inBuildOrder);
            modules.add(module);
        }
    }

    Path root() {
        return root;
    }

    /** The modules watch mode compiles, each after those it compiles against. */
    List<Module> modules() {
        return List.copyOf(modules);
    }

    /** Each function's logical id and its module. */
    Map<String, Module> functions() {
        return Map.copyOf(functions);
    }

    /** What the function's module compiles with (its dependencies and the watched modules among them). */
    List<Dependency> compileClassPath(Module module) {
        return compile.get(module);
    }

    /** What the jar of a function's module is made of besides the module's own classes, in Maven's order. */
    List<Dependency> runtimeClassPath(Module functionModule) {
        return runtime.get(functionModule);
    }

    /** The watched modules {@code module} compiles against. */
    List<Module> upstream(Module module) {
        return compile.get(module).stream().filter(OnModule.class::isInstance).map(d -> ((OnModule) d).module())
                .filter(compile::containsKey).toList();
    }

    /**
     * Whether a source of {@code module} was saved after Maven last built it: its compile list, written just after
     * its compilation, is older.
     */
    boolean changedSinceBuilt(Module module) throws IOException {
        FileTime built = Files.getLastModifiedTime(module.dir().resolve(ReactorModules.LISTS).resolve("compile.list"));
        for (Path source : ModuleCompiler.sources(module)) {
            if (Files.getLastModifiedTime(source).compareTo(built) > 0) {
                return true;
            }
        }
        return false;
    }

    /** javac's options for the module, as the compiler plugin's: debug information, the release and source encoding. */
    List<String> javacOptions(Module module) {
        return options.get(module);
    }
}
