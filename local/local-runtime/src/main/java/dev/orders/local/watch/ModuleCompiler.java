package dev.orders.local.watch;

import com.sun.source.util.JavacTask;
import dev.orders.local.UsageException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

/**
 * Compiles a module as Maven's compiler and resources plugins do (every source of src/main/java with javac, the
 * same classpath and options, annotation processors found on the classpath; src/main/resources copied beside),
 * into a directory of its own, with the JDK's compiler in this JVM. Also reads what other modules compiled against
 * a module's classes depend on ({@link #abi}), so that only a change of that recompiles them. One thread uses it:
 * its file manager, kept from one compilation to the next, keeps the jars of the classpath open and indexed.
 */
final class ModuleCompiler implements AutoCloseable {
    /** What a compilation gave: classes and resources in the directory, or javac's errors. */
    sealed interface Outcome permits Compiled, Failed {
    }

    record Compiled(int sources) implements Outcome {
    }

    /** {@code errors}: javac's, each with its file (relative to the repository), line, source line and caret. */
    record Failed(String errors) implements Outcome {
    }

    private final JavaCompiler javac;
    private final StandardJavaFileManager files;
    private final Path root;

    /** {@code root}: the repository, which error messages name files relative to. */
    ModuleCompiler(Path root) {
        this.javac = ToolProvider.getSystemJavaCompiler();
        this.root = root;
        if (javac == null) {
            throw new UsageException("watch mode compiles with the JDK's compiler, which " + System.getProperty("java.home")
                    + " lacks: run ./sam-local with a JDK (JAVA_HOME)");
        }
        this.files = javac.getStandardFileManager(null, Locale.ROOT, null);
    }

    /** Compiles {@code module}'s sources with {@code classPath} and javac {@code options} into {@code out}, then copies its resources. */
    Outcome compile(ReactorModules.Module module, List<Path> classPath, List<String> options, Path out) throws IOException {
        Files.createDirectories(out);
        List<Path> sources = files(module.sources()).stream().filter(module::holds).toList();
        if (!sources.isEmpty()) {
            DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
            files.setLocationFromPaths(StandardLocation.CLASS_OUTPUT, List.of(out));
            files.setLocationFromPaths(StandardLocation.CLASS_PATH, classPath);
            files.setLocationFromPaths(StandardLocation.SOURCE_PATH, List.of(module.sources()));
            boolean compiled = javac.getTask(null, files, diagnostics, options, null, files.getJavaFileObjectsFromPaths(sources)).call();
            if (!compiled) {
                return new Failed(diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                        .map(this::error).collect(Collectors.joining("\n")));
            }
        }
        for (Path resource : files(module.resources()).stream().filter(module::holds).toList()) {
            Path target = out.resolve(module.resources().relativize(resource).toString());
            Files.createDirectories(target.getParent());
            Files.copy(resource, target);
        }
        return new Compiled(sources.size());
    }

    /**
     * A digest of what code compiled against these classes depends on: each class's and non-private member's
     * kind, modifiers, name, type (generics included), supertypes, permitted subclasses, thrown types and constant
     * value (javac copies constants into the code that uses them). A change of a method's body leaves it as it is.
     */
    String abi(Path classes, List<Path> classPath) throws IOException {
        List<String> names;
        try (Stream<Path> walk = Files.walk(classes)) {
            names = walk.map(classes::relativize).map(Path::toString)
                    .filter(name -> name.endsWith(".class") && !name.contains("$") && !name.endsWith("-info.class"))
                    .map(name -> name.substring(0, name.length() - ".class".length()).replace(classes.getFileSystem().getSeparator(), "."))
                    .toList();
        }
        Set<String> lines = new TreeSet<>();
        List<Path> path = new ArrayList<>(List.of(classes));
        path.addAll(classPath);
        files.setLocationFromPaths(StandardLocation.CLASS_PATH, path);
        // No sources: a type is read from its class file, never from a newer source of it.
        files.setLocationFromPaths(StandardLocation.SOURCE_PATH, List.of());
        JavacTask task = (JavacTask) javac.getTask(null, files, null, List.of("-proc:none"), null, null);
        Elements elements = task.getElements();
        for (String name : names) {
            TypeElement type = elements.getTypeElement(name);
            if (type != null) {
                describe(type, elements, lines);
            }
        }
        MessageDigest sha = sha256();
        lines.forEach(line -> sha.update((line + "\n").getBytes(StandardCharsets.UTF_8)));
        return HexFormat.of().formatHex(sha.digest());
    }

    private static void describe(TypeElement type, Elements elements, Set<String> lines) {
        if (type.getModifiers().contains(Modifier.PRIVATE)) {
            return;
        }
        String name = type.getQualifiedName().toString();
        lines.add(name + " " + type.getKind() + " " + type.getModifiers() + " " + type.getTypeParameters().stream()
                .map(p -> p + " extends " + p.getBounds()).toList() + " extends " + type.getSuperclass() + " implements "
                + type.getInterfaces() + " permits " + type.getPermittedSubclasses());
        for (Element member : type.getEnclosedElements()) {
            if (member.getModifiers().contains(Modifier.PRIVATE)) {
                continue;
            }
            if (member instanceof TypeElement nested) {
                describe(nested, elements, lines);
            } else if (member instanceof ExecutableElement method) {
                lines.add(name + "." + method.getSimpleName() + " " + method.getKind() + " " + method.getModifiers() + " "
                        + method.asType() + " throws " + method.getThrownTypes() + " default " + method.getDefaultValue());
            } else if (member instanceof VariableElement field) {
                lines.add(name + "." + field.getSimpleName() + " " + field.getKind() + " " + field.getModifiers() + " "
                        + field.asType() + " = " + constant(field, elements));
            } else if (member.getKind() == ElementKind.RECORD_COMPONENT) {
                lines.add(name + "." + member.getSimpleName() + " " + member.getKind() + " " + member.asType());
            }
        }
    }

    private static String constant(VariableElement field, Elements elements) {
        Object value = field.getConstantValue();
        return value == null ? "" : elements.getConstantExpression(value);
    }

    /** The files a compilation of {@code module} reads: its sources and resources. */
    static List<Path> sources(ReactorModules.Module module) {
        return Stream.concat(files(module.sources()).stream(), files(module.resources()).stream()).filter(module::holds).toList();
    }

    /** A digest of what a compilation of {@code module} reads: the path and content of each source and resource. */
    static String fingerprint(ReactorModules.Module module) {
        MessageDigest sha = sha256();
        for (Path file : sources(module)) {
            try {
                byte[] content = Files.readAllBytes(file);
                sha.update((module.dir().relativize(file) + "\n" + content.length + "\n").getBytes(StandardCharsets.UTF_8));
                sha.update(content);
            } catch (IOException e) {
                // Deleted since it was listed: the next event says so.
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** As javac prints an error: file:line: error: the message's first line, the source line, a caret under the column, the rest of the message. */
    private String error(Diagnostic<? extends JavaFileObject> diagnostic) {
        String message = diagnostic.getMessage(Locale.ROOT);
        if (diagnostic.getSource() == null || diagnostic.getLineNumber() == Diagnostic.NOPOS) {
            return "error: " + message;
        }
        Path file = Path.of(diagnostic.getSource().toUri());
        String first = (file.startsWith(root) ? root.relativize(file) : file) + ":" + diagnostic.getLineNumber() + ": error: "
                + message.lines().findFirst().orElse("");
        String rest = message.lines().skip(1).map(line -> "\n" + line).collect(Collectors.joining());
        try {
            String line = Files.readAllLines(file, StandardCharsets.UTF_8).get((int) diagnostic.getLineNumber() - 1);
            return first + "\n" + line + "\n" + " ".repeat((int) Math.max(0, diagnostic.getColumnNumber() - 1)) + "^" + rest;
        } catch (IOException | IndexOutOfBoundsException e) {
            return first + rest;
        }
    }

    @Override
    public void close() throws IOException {
        files.close();
    }

    /** The regular files under {@code dir} (none if it does not exist), in a stable order. */
    private static List<Path> files(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
