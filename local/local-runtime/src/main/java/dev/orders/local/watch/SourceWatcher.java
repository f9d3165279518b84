package dev.orders.local.watch;

import static java.nio.file.StandardWatchEventKinds.ENTRY_CREATE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_DELETE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY;
import static java.nio.file.StandardWatchEventKinds.OVERFLOW;

import dev.orders.local.watch.ReactorModules.Module;
import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The sources of the watched modules (src/main/java and src/main/resources, new directories included) and the
 * files of the build watch mode cannot reload (the poms, template.yaml), through the JDK's WatchService. A burst of
 * saves (an editor's temporary file and rename, a save-all) is one change: {@link #next} returns once the
 * sources have been quiet for {@link #QUIET}.
 */
final class SourceWatcher implements AutoCloseable {
    static final Duration QUIET = Duration.ofMillis(200);

    /** What changed in one burst: the modules whose sources did, the build's files; {@code firstSeen}: its first event (nanoTime). */
    record Changes(Set<Module> modules, Set<Path> buildFiles, long firstSeen) {
    }

    private final WatchService service;
    private final Path root;
    private final List<Module> modules;
    private final Map<WatchKey, Path> directories = new ConcurrentHashMap<>();

    SourceWatcher(Path root, List<Module> modules) throws IOException {
        this.root = root;
        this.modules = List.copyOf(modules);
        this.service = root.getFileSystem().newWatchService();
        Set<Path> buildDirectories = new LinkedHashSet<>();
        for (Module module : modules) {
            for (Path dir = module.dir(); dir.startsWith(root); dir = dir.getParent()) {
                buildDirectories.add(dir);
            }
            registerTree(module.dir().resolve("src/main"));
        }
        for (Path dir : buildDirectories) {
            directories.put(dir.register(service, ENTRY_CREATE, ENTRY_DELETE, ENTRY_MODIFY), dir);
        }
    }

    /**
     * Waits for a change, then until no other has come for {@link #QUIET}; returns what changed. Other files of the
     * directories watched for the build's files (a log written in the repository's root) neither count nor delay it.
     */
    Changes next() throws InterruptedException {
        Set<Module> changed = new LinkedHashSet<>();
        Set<Path> buildFiles = new LinkedHashSet<>();
        long firstSeen = 0;
        long lastSeen = 0;
        while (true) {
            long quietFor = QUIET.toNanos() - (System.nanoTime() - lastSeen);
            WatchKey key = firstSeen == 0 ? service.take() : service.poll(quietFor, TimeUnit.NANOSECONDS);
            if (key == null) {
                return new Changes(changed, buildFiles, firstSeen);
            }
            if (read(key, changed, buildFiles)) {
                lastSeen = System.nanoTime();
                firstSeen = firstSeen == 0 ? lastSeen : firstSeen;
            }
        }
    }

    /** Adds what the key's events changed; returns whether any did. */
    private boolean read(WatchKey key, Set<Module> changed, Set<Path> buildFiles) {
        Path dir = directories.get(key);
        boolean any = false;
        for (WatchEvent<?> event : key.pollEvents()) {
            if (dir == null) {
                continue;
            }
            if (event.kind() == OVERFLOW) {
                // Events were lost: whatever this directory holds may have changed.
                any |= module(dir).map(changed::add).isPresent();
                continue;
            }
            Path file = dir.resolve((Path) event.context());
            if (file.getFileName().toString().equals("pom.xml") || file.equals(root.resolve("template.yaml"))) {
                buildFiles.add(file);
                any = true;
            }
            Optional<Module> module = module(file);
            if (event.kind() == ENTRY_CREATE && Files.isDirectory(file) && module.isPresent()) {
                registerTree(file);
                changed.add(module.get());
                any = true;
            }
            if (module.filter(m -> m.holds(file) || event.kind() == ENTRY_DELETE).isPresent()) {
                changed.add(module.get());
                any = true;
            }
        }
        if (!key.reset()) {
            directories.remove(key);
        }
        return any;
    }

    /** The module whose sources hold {@code path}. */
    private Optional<Module> module(Path path) {
        return modules.stream().filter(m -> path.startsWith(m.sources()) || path.startsWith(m.resources())).findFirst();
    }

    private void registerTree(Path top) {
        if (!Files.isDirectory(top)) {
            return;
        }
        try (Stream<Path> tree = Files.walk(top)) {
            for (Path dir : (Iterable<Path>) tree.filter(Files::isDirectory)::iterator) {
                directories.put(dir.register(service, ENTRY_CREATE, ENTRY_DELETE, ENTRY_MODIFY), dir);
            }
        } catch (IOException | ClosedWatchServiceException e) {
            // A directory deleted while walked, or the watcher closed: nothing left to watch there.
        }
    }

    @Override
    public void close() throws IOException {
        service.close();
    }
}
