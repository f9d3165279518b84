package dev.orders.local.watch;

import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import dev.orders.localaws.FileTrees;
import dev.orders.localaws.template.CloudFormationYaml;
import dev.orders.localaws.template.SamTemplate;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.ToolProvider;

/**
 * A reactor as Maven leaves it after {@code package}: a library module {@code lib}, a function's module {@code fn}
 * compiled against it (function {@code Greeter}, answering {@code Greeting.text("ada") + Greeting.PUNCTUATION}),
 * their classes in target/classes and the lists of the root pom's and functions' dependency:list executions.
 */
final class DemoBuild {
    static final String GREETING = "lib/src/main/java/demo/lib/Greeting.java";
    static final String GREETING_SOURCE = """
            package demo.lib;

            public final class Greeting {
                public static final String PUNCTUATION = "!";

                public static String text(String name) {
                    return "hello " + name;
                }
            }
            """;
    /** Answers the greeting; an event that is a file's absolute path first writes FILE.waiting, then waits for FILE to exist. */
    static final String HANDLER_SOURCE = """
            package demo.fn;

            import com.amazonaws.services.lambda.runtime.Context;
            import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
            import demo.lib.Greeting;
            import java.io.IOException;
            import java.io.InputStream;
            import java.io.OutputStream;
            import java.nio.charset.StandardCharsets;
            import java.nio.file.Files;
            import java.nio.file.Path;

            public final class Handler implements RequestStreamHandler {
                @Override
                public void handleRequest(InputStream in, OutputStream out, Context context) throws IOException {
                    String gate = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    boolean gated = gate.startsWith("/");
                    if (gated) {
                        Files.writeString(Path.of(gate + ".waiting"), "");
                    }
                    while (gated && !Files.exists(Path.of(gate))) {
                        try {
                            Thread.sleep(10);
                        } catch (InterruptedException e) {
                            throw new IOException(e);
                        }
                    }
                    out.write((Greeting.text("ada") + Greeting.PUNCTUATION).getBytes(StandardCharsets.UTF_8));
                }
            }
            """;

    private static Path built;

    final Path root;
    final SamTemplate template;

    private DemoBuild(Path root) {
        this.root = root;
        this.template = new SamTemplate(root.resolve("template.yaml"), CloudFormationYaml.parse(new StringReader("""
                Resources:
                  Greeter:
                    Type: AWS::Serverless::Function
                    Properties:
                      Handler: demo.fn.Handler::handleRequest
                      CodeUri: fn/target/fn.jar
                """), "template.yaml"));
    }

    /** The demo build in {@code root} (an empty directory): sources, poms and lists, both modules compiled into target/classes. */
    static synchronized DemoBuild in(Path root) throws IOException {
        if (built == null) {
            built = Files.createTempDirectory("demo-build");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(built)));
            build(built);
        }
        // Built once per JVM (two javac runs), copied for each test with the files' times.
        try (Stream<Path> tree = Files.walk(built)) {
            for (Path source : (Iterable<Path>) tree::iterator) {
                Path target = root.resolve(built.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return new DemoBuild(root);
    }

    private static void build(Path root) throws IOException {
        write(root.resolve("pom.xml"), """
                <project>
                  <groupId>demo</groupId>
                  <artifactId>demo</artifactId>
                  <modules>
                    <module>lib</module>
                    <module>fn</module>
                  </modules>
                  <properties>
                    <maven.compiler.release>17</maven.compiler.release>
                    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
                  </properties>
                </project>
                """);
        for (String module : List.of("lib", "fn")) {
            write(root.resolve(module).resolve("pom.xml"),
                    "<project><parent><groupId>demo</groupId></parent><artifactId>" + module + "</artifactId></project>");
        }
        write(root.resolve(GREETING), GREETING_SOURCE);
        write(root.resolve("fn/src/main/java/demo/fn/Handler.java"), HANDLER_SOURCE);
        javac(root.resolve("lib"), List.of());
        javac(root.resolve("fn"), List.of(root.resolve("lib/target/classes"), jarOf(RequestStreamHandler.class)));
        // After the compilation, as Maven writes them (phase process-classes).
        String lambdaCore = "   com.amazonaws:aws-lambda-java-core:jar:1.4.0:compile:" + jarOf(RequestStreamHandler.class)
                + " -- module aws.lambda.java.core (auto)\n";
        String heading = "\nThe following files have been resolved:\n";
        write(root.resolve("lib/target/sam-local-watch/compile.list"), heading + "   none\n");
        String fnList = heading + "   demo:lib:jar:1.0:compile:" + root.resolve("lib/target/lib-1.0.jar") + " -- module lib (auto)\n" + lambdaCore;
        write(root.resolve("fn/target/sam-local-watch/compile.list"), fnList);
        write(root.resolve("fn/target/sam-local-watch/runtime.list"), fnList);
    }

    ReactorModules reactor() {
        return ReactorModules.read(root);
    }

    /** lib and fn, not the root's pom. */
    List<ReactorModules.Module> modules() {
        return reactor().all().stream().filter(module -> !module.dir().equals(root)).toList();
    }

    static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static void javac(Path module, List<Path> classPath) throws IOException {
        Path classes = Files.createDirectories(module.resolve("target/classes"));
        List<String> args = new java.util.ArrayList<>(List.of("-d", classes.toString(), "--release", "17"));
        if (!classPath.isEmpty()) {
            args.addAll(List.of("-cp", String.join(java.io.File.pathSeparator, classPath.stream().map(Path::toString).toList())));
        }
        try (Stream<Path> sources = Files.walk(module.resolve("src/main/java"))) {
            sources.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
        }
        if (ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new)) != 0) {
            throw new IllegalStateException("the demo build does not compile: " + module);
        }
    }

    private static void delete(Path top) {
        try {
            FileTrees.delete(top);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path jarOf(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new UncheckedIOException(new IOException(e));
        }
    }
}
