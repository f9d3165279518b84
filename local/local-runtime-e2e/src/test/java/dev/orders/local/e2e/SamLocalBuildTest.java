package dev.orders.local.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orders.localaws.RepositoryRoot;
import dev.orders.localaws.template.SamTemplate;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * What ./sam-local builds before a command runs, in a copy of this checkout as Maven built it (this module
 * runs after the others are packaged) that was then moved, as a user copies or moves one: nothing is built
 * until a source changes; a change to a module whose code the command runs builds that module and what is
 * built from it, and no other (a compile error is printed and nothing is served); a change to any other
 * module builds nothing; and the moved copy runs its own code, no path of this checkout or of the copy's first
 * place reaching a JVM. SAM_LOCAL_DRY_RUN=1 tells what the script would build and why, without building: one
 * module after another is changed and asked about.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SamLocalBuildTest {
    private static final Duration DRY_RUN = Duration.ofSeconds(60);
    /** A build in the copy, under a loaded machine's pace. */
    private static final Duration BUILD = Duration.ofMinutes(10);
    private static final Path ORIGINAL = SamLocalCommand.ROOT;

    @TempDir
    static Path temp;
    /** Where the copy was made; nothing is there once it moved. */
    private static Path copied;
    /** The copy, moved. */
    private static Path checkout;

    @BeforeAll
    static void copyTheBuiltCheckoutThenMoveIt() throws IOException {
        copied = temp.resolve("copied");
        copy(ORIGINAL, copied);
        checkout = Files.move(copied, temp.resolve("moved"));
    }

    @Test
    @Order(1)
    void whatMavenBuiltIsUpToDateWhoeverRanIt() {
        assertUpToDate("start-api");
        assertUpToDate("start-api", "--watch");
        assertUpToDate("token", "c-1");
    }

    @Test
    @Order(2)
    void aChangedModuleIsBuiltBeforeEachCommandThatRunsItsCodeAndBeforeNoOther() throws IOException {

        Set<String> runtime = runtimeClasses();
        Set<String> served = new HashSet<>(runtime);
        for (SamTemplate.Function function : SamTemplate.load(checkout.resolve("template.yaml")).functions()) {
            served.addAll(classes(checkout.resolve(function.codeUri())));
        }
        Set<String> servedModules = new TreeSet<>();
        Set<String> runtimeModules = new TreeSet<>();
        Set<String> builtForStartApi = new TreeSet<>();
        Set<String> builtForToken = new TreeSet<>();
        for (Path module : productionModules()) {
            String name = relative(module);
            Set<String> own = classes(module.resolve("target/classes"));
            if (own.stream().anyMatch(served::contains)) {
                servedModules.add(name);
            }
            if (own.stream().anyMatch(runtime::contains)) {
                runtimeModules.add(name);
            }
            Path source = firstFile(module.resolve("src/main"));
            FileTime was = Files.getLastModifiedTime(source);
            Files.setLastModifiedTime(source, FileTime.from(Instant.now().plusSeconds(2)));
            try {
                if (wouldBuild(relative(source) + " changed", "start-api").isPresent()) {
                    builtForStartApi.add(name);
                }
                Optional<String> forToken = wouldBuild(relative(source) + " changed", "token", "c-1");
                if (forToken.isPresent()) {
                    // The runtime alone, without compiling tests: then no function is in the reactor (local-runtime's pom).
                    assertEquals("./mvnw -B -Dmaven.test.skip=true package -pl local/local-runtime -am", forToken.get());
                    builtForToken.add(name);
                }
            } finally {
                Files.setLastModifiedTime(source, was);
            }
        }
        // The function modules, the runtime's and the libraries in their jars; not test-support or the bench.
        assertTrue(servedModules.containsAll(List.of("shared-model/order-wiring", "shared-model/order-core", "local/local-runtime", "functions/create-order")),
                "modules whose classes start-api runs: " + servedModules);
        assertEquals(servedModules, builtForStartApi, "the modules whose change start-api builds first");
        assertTrue(runtimeModules.contains("shared-model/order-core") && !runtimeModules.contains("functions/create-order"),
                "modules whose classes token runs: " + runtimeModules);
        assertEquals(runtimeModules, builtForToken, "the modules whose change token builds first");
    }

    @Test
    @Order(3)
    void aSavedSourceMakesStaleTheFunctionsBuiltFromItAndNoOtherNorAWatchServer() throws IOException {
        Path source = firstFile(checkout.resolve("shared-model/order-http/src/main"));
        FileTime was = Files.getLastModifiedTime(source);
        Files.setLastModifiedTime(source, FileTime.from(Instant.now().plusSeconds(2)));
        try {
            Map<String, String> stale = stale("start-api");
            Set<String> builtFromIt = functionModules().stream().filter(module -> classpathNames(module, "shared-model/order-http/target/"))
                    .collect(Collectors.toCollection(TreeSet::new));
            assertTrue(builtFromIt.size() > 1 && builtFromIt.size() < functionModules().size(), "built from order-http: " + builtFromIt);
            assertEquals(builtFromIt, stale.keySet(), "stale: " + stale);
            stale.values().forEach(reason -> assertEquals(relative(source) + " changed", reason));
            assertEquals("./mvnw -B -DskipTests package -pl " + String.join(",", builtFromIt) + " -am",
                    wouldBuild(relative(source) + " changed", "start-api").orElseThrow());
            // Watch mode compiles a source saved since the build itself, when it starts: no jar is needed.
            assertUpToDate("start-api", "--watch");
        } finally {
            Files.setLastModifiedTime(source, was);
        }
    }

    @Test
    @Order(4)
    void aModuleRebuiltForOneFunctionLeavesTheOthersUpToDateUnlessItsSourcesChanged() throws IOException {
        // As a build of create-order alone (-pl functions/create-order -am) writes order-core's outputs anew.
        List<Path> rebuilt = List.of(checkout.resolve("shared-model/order-core/target/sam-local-watch/compile.list"),
                checkout.resolve("shared-model/order-core/target/order-core-1.0.0-SNAPSHOT.jar"));
        Map<Path, FileTime> times = times(rebuilt);
        Path source = firstFile(checkout.resolve("shared-model/order-core/src/main"));
        times.putAll(times(List.of(source)));
        Instant build = Instant.now().plusSeconds(10);
        try {
            touch(rebuilt, build);
            assertUpToDate("start-api");

            // A source saved before that build: the functions not rebuilt since run order-core's code without it.
            touch(List.of(source), build.minusSeconds(1));
            Map<String, String> stale = stale("start-api");
            assertTrue(stale.keySet().containsAll(List.of("local/local-runtime", "functions/create-order", "functions/publish-events")), "stale: " + stale);
            stale.values().forEach(reason -> assertEquals(relative(source) + " changed", reason));
            List<Path> createOrder = List.of(checkout.resolve("functions/create-order/target/sam-local-watch/compile.list"),
                    checkout.resolve("functions/create-order/target/classpath.txt"),
                    checkout.resolve("functions/create-order/target/create-order.jar"));
            times.putAll(times(createOrder));
            touch(createOrder, build.plusSeconds(1));
            assertFalse(stale("start-api").containsKey("functions/create-order"), "create-order was built after the save");
            assertTrue(stale("start-api").containsKey("functions/publish-events"));
        } finally {
            for (Map.Entry<Path, FileTime> time : times.entrySet()) {
                Files.setLastModifiedTime(time.getKey(), time.getValue());
            }
        }
    }

    @Test
    @Order(5)
    void aPomIsAnInputOfEveryCommandAndATestOfNone() throws IOException {
        Path pom = checkout.resolve("pom.xml");
        FileTime was = Files.getLastModifiedTime(pom);
        Files.setLastModifiedTime(pom, FileTime.from(Instant.now().plusSeconds(2)));
        try {
            assertTrue(wouldBuild("pom.xml changed", "start-api").isPresent());
            assertTrue(wouldBuild("pom.xml changed", "token", "c-1").isPresent());
            // SAM CLI's "local" before a command changes nothing of what it needs: generate-event runs no function.
            assertEquals(wouldBuild("pom.xml changed", "generate-event", "apigateway", "http-api-proxy"),
                    wouldBuild("pom.xml changed", "local", "generate-event", "apigateway", "http-api-proxy"));
            assertEquals(wouldBuild("pom.xml changed", "invoke", "CustomerProfileFunction"),
                    wouldBuild("pom.xml changed", "local", "invoke", "CustomerProfileFunction"));
        } finally {
            Files.setLastModifiedTime(pom, was);
        }

        List<Path> tests = new ArrayList<>();
        for (Path module : productionModules()) {
            if (Files.isDirectory(module.resolve("src/test"))) {
                tests.add(firstFile(module.resolve("src/test")));
            }
        }
        Map<Path, FileTime> times = new HashMap<>();
        for (Path test : tests) {
            times.put(test, Files.getLastModifiedTime(test));
            Files.setLastModifiedTime(test, FileTime.from(Instant.now().plusSeconds(2)));
        }
        try {
            assertUpToDate("start-api");
            assertUpToDate("token", "c-1");
        } finally {
            for (Map.Entry<Path, FileTime> time : times.entrySet()) {
                Files.setLastModifiedTime(time.getKey(), time.getValue());
            }
        }
    }

    @Test
    @Order(6)
    void theMovedCopyRunsItsOwnCodeNoPathOfAnotherCheckoutReachesAJvm() throws Exception {
        assertFalse(Files.exists(copied), "the copy moved");
        try (SamLocalServer server = SamLocalServer.start(checkout, "start-api", Map.of("SAM_LOCAL_NO_BUILD", "0"), List.of())) {
            int jvms = 0;
            for (ProcessHandle process : server.processes()) {
                String command = commandLine(process);
                List<String> arguments = List.of(command.split(" "));
                assertFalse(command.contains(ORIGINAL.toString()), "names the original checkout: " + command);
                assertFalse(command.contains(copied.toString()), "names where the copy was: " + command);
                int classpath = arguments.indexOf("-cp");
                if (classpath >= 0) {
                    // A JVM of the moved copy, on its runtime: each jar or class directory a build made is the copy's.
                    jvms++;
                    assertTrue(arguments.contains("-D" + RepositoryRoot.PROPERTY + "=" + checkout), command);
                    List<String> entries = List.of(arguments.get(classpath + 1).split(File.pathSeparator));
                    assertTrue(entries.contains(checkout.resolve("local/local-runtime/target/classes").toString()), command);
                    for (String entry : entries) {
                        assertTrue(!entry.contains(File.separator + "target" + File.separator)
                                || entry.startsWith(checkout + File.separator), entry);
                    }
                }
            }
            assertTrue(jvms >= 2, "the launcher and the functions' JVM: " + server.processes());

            SamLocalCommand.Result token = SamLocalCommand.run(checkout, DRY_RUN, Map.of("SAM_LOCAL_NO_BUILD", "0"),
                    List.of("token", "c-moved", "--port", Integer.toString(server.port)));
            assertEquals(0, token.exitCode(), token.stderr());
            HttpResponse<String> put = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(server.base()
                            + "/customers/c-moved"))
                    .header("authorization", "Bearer " + token.stdout().strip()).header("content-type", "application/json")
                    .PUT(HttpRequest.BodyPublishers.ofString("{\"name\": \"Moved\", \"email\": \"moved@example.com\"}"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(201, put.statusCode(), put.body());
        }
    }

    @Test
    @Order(7)
    void aBuildSaysWhatItBuildsAsItGoesAndACompileErrorIsPrintedAndNothingServed() throws IOException {
        Path broken = Files.writeString(checkout.resolve("shared-model/api-routes/src/main/java/Broken.java"), "class Broken { not java }\n");

        SamLocalCommand.Result result = SamLocalCommand.run(checkout, BUILD, Map.of("SAM_LOCAL_NO_BUILD", "0"),
                List.of("start-api", "--port", Integer.toString(SamLocalCommand.freePort())));

        assertEquals(1, result.exitCode(), result.stderr());
        assertTrue(result.stderr().contains("[sam-local] local/local-runtime: " + relative(broken.getParent()) + " changed"),
                result.stderr());
        assertTrue(result.stderr().contains(broken + ":[1,"), "the compiler's error, at the file: " + result.stderr());
        assertTrue(result.stderrLines().stream().anyMatch(line -> line.matches("\\[sam-local] {3}\\d+/\\d+ api-routes")),
                "each module as Maven starts it: " + result.stderr());
        assertTrue(result.stderr().strip().endsWith("sam-local: the build failed (see above)"), result.stderr());
        assertEquals("", result.stdout(), "nothing listens");
    }

    private static void assertUpToDate(String... command) {
        SamLocalCommand.Result result = dryRun(command);
        assertTrue(result.stderr().startsWith("[sam-local] up to date: "), String.join(" ", command) + ": " + result.stderr());
    }

    /** The modules the dry run of {@code command} says are stale, each with its reason. */
    private static Map<String, String> stale(String... command) {
        Map<String, String> stale = new HashMap<>();
        for (String line : dryRun(command).stderrLines()) {
            if (line.startsWith("[sam-local] ") && !line.startsWith("[sam-local] would build: ")
                    && !line.startsWith("[sam-local] up to date: ")) {
                String[] moduleAndReason = line.substring("[sam-local] ".length()).split(": ", 2);
                stale.put(moduleAndReason[0], moduleAndReason[1]);
            }
        }
        return stale;
    }

    /** The modules of the template's functions, as ./sam-local finds them. */
    private static List<String> functionModules() throws IOException {
        return SamTemplate.load(checkout.resolve("template.yaml")).functions().stream()
                .map(function -> relative(checkout.resolve(function.codeUri()).getParent().getParent())).distinct().sorted().toList();
    }

    /** Whether the classpath file the build wrote for {@code module} names a file under {@code prefix}. */
    private static boolean classpathNames(String module, String prefix) {
        try {
            return List.of(Files.readString(checkout.resolve(module).resolve("target/classpath.txt")).strip().split(File.pathSeparator))
                    .stream().anyMatch(entry -> entry.startsWith(prefix));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<Path, FileTime> times(List<Path> files) throws IOException {
        Map<Path, FileTime> times = new HashMap<>();
        for (Path file : files) {
            times.put(file, Files.getLastModifiedTime(file));
        }
        return times;
    }

    /** As a build or a save at {@code time} leaves the files. */
    private static void touch(List<Path> files, Instant time) throws IOException {
        for (Path file : files) {
            Files.setLastModifiedTime(file, FileTime.from(time));
        }
    }

    /** The build the dry run of {@code command} names, if any; it must be for {@code reason}. */
    private static Optional<String> wouldBuild(String reason, String... command) {
        SamLocalCommand.Result result = dryRun(command);
        if (result.stderr().startsWith("[sam-local] up to date: ")) {
            return Optional.empty();
        }
        List<String> lines = result.stderrLines();
        String build = lines.get(lines.size() - 1);
        assertTrue(result.stderr().contains(": " + reason + "\n") && build.startsWith("[sam-local] would build: "),
                String.join(" ", command) + ": " + result.stderr());
        return Optional.of(build.substring("[sam-local] would build: ".length()));
    }

    private static SamLocalCommand.Result dryRun(String... command) {
        SamLocalCommand.Result result = SamLocalCommand.run(checkout, DRY_RUN,
                Map.of("SAM_LOCAL_NO_BUILD", "0", "SAM_LOCAL_DRY_RUN", "1"), List.of(command));
        assertEquals(0, result.exitCode(), result.stderr());
        assertEquals("", result.stdout(), "a dry run runs nothing");
        return result;
    }

    /** A process's whole command line, as ps prints it (ProcessHandle.Info cuts long ones, e.g. a JVM's classpath). */
    private static String commandLine(ProcessHandle process) throws IOException, InterruptedException {
        Process ps = new ProcessBuilder("ps", "-ww", "-o", "args=", "-p", Long.toString(process.pid())).start();
        String line = new String(ps.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, ps.waitFor(), "ps -p " + process.pid());
        return line;
    }

    /** The classes ./sam-local itself runs: its own and those of the copy's jars on its classpath file. */
    private static Set<String> runtimeClasses() throws IOException {
        Set<String> classes = new HashSet<>(classes(checkout.resolve("local/local-runtime/target/classes")));
        String classpath = Files.readString(checkout.resolve("local/local-runtime/target/classpath.txt")).strip();
        for (String entry : classpath.split(File.pathSeparator)) {
            Path jar = checkout.resolve(entry);
            if (jar.startsWith(checkout)) {
                classes.addAll(classes(jar));
            }
        }
        return classes;
    }

    /** The modules with code of their own (src/main): every one the reactor builds, found as the build finds it. */
    private static List<Path> productionModules() throws IOException {
        try (Stream<Path> poms = Files.find(checkout, 3, (path, attributes) -> path.getFileName().toString().equals("pom.xml")
                && !path.toString().contains(File.separator + "target" + File.separator))) {
            List<Path> modules = poms.map(Path::getParent).filter(module -> Files.isDirectory(module.resolve("src/main")))
                    .sorted().toList();
            assertTrue(modules.size() > 10, "modules: " + modules);
            return modules;
        }
    }

    /** The class files under a directory of classes or in a jar. */
    private static Set<String> classes(Path classesOrJar) throws IOException {
        if (Files.isDirectory(classesOrJar)) {
            try (Stream<Path> files = Files.walk(classesOrJar)) {
                return files.filter(file -> file.toString().endsWith(".class"))
                        .map(file -> classesOrJar.relativize(file).toString().replace(File.separatorChar, '/'))
                        .collect(Collectors.toSet());
            }
        }
        try (ZipFile jar = new ZipFile(classesOrJar.toFile())) {
            return jar.stream().map(ZipEntry::getName).filter(name -> name.endsWith(".class"))
                    .collect(Collectors.toSet());
        }
    }

    private static Path firstFile(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).sorted().findFirst().orElseThrow();
        }
    }

    private static String relative(Path path) {
        return checkout.relativize(path).toString();
    }

    /** The checkout as cp -a copies it (times and modes kept), without its git directory and local keys. */
    private static void copy(Path from, Path to) throws IOException {
        Set<Path> skipped = Set.of(from.resolve(".git"), from.resolve(".sam-local"), from.resolve("local/local-runtime-e2e/target"));
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) throws IOException {
                if (skipped.contains(dir)) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                Files.createDirectories(to.resolve(from.relativize(dir).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                if (!skipped.contains(file)) {
                    Files.copy(file, to.resolve(from.relativize(file).toString()), StandardCopyOption.COPY_ATTRIBUTES,
                            LinkOption.NOFOLLOW_LINKS);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null) {
                    throw new UncheckedIOException(e);
                }
                Files.setLastModifiedTime(to.resolve(from.relativize(dir).toString()), Files.getLastModifiedTime(dir));
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
