package dev.orders.local.watch;

import dev.orders.local.UsageException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * The build as watch mode needs it, read from what Maven wrote: the reactor's modules (the root pom's
 * {@code <modules>}, recursively), and for a module its compile classpath and, for a function's module, its
 * runtime classpath (what its shaded jar is made of), as the lists of maven-dependency-plugin's {@code list}
 * goal in {@value #LISTS} (the root pom and functions/pom.xml write them).
 */
final class ReactorModules {
    static final String LISTS = "target/sam-local-watch";
    private static final String OPTIONAL = " (optional)";
    private static final Pattern ANSI_STYLE = Pattern.compile("\u001B\\[[0-9;]*m");
    private static final Set<String> SCOPES = Set.of("compile", "provided", "runtime", "system", "test");
    /** Names the resources plugin leaves out by default (plexus-utils' default excludes): backups, VCS files. */
    private static final Pattern DEFAULT_EXCLUDES = Pattern.compile(
            ".*~|#.*#|\\.#.*|%.*%|\\._.*|CVS|\\.cvsignore|SCCS|vssver\\.scc|\\.svn|\\.DS_Store|\\.git|\\.gitattributes"
                    + "|\\.gitignore|\\.gitmodules|\\.hg|\\.hgignore|\\.hgsub|\\.hgsubstate|\\.hgtags|\\.bzr|\\.bzrignore");

    /** A module of the reactor: {@code key} is groupId:artifactId. */
    record Module(String key, String name, Path dir) {
        Path sources() {
            return dir.resolve("src/main/java");
        }

        Path resources() {
            return dir.resolve("src/main/resources");
        }

        /**
         * Whether {@code file} is one Maven compiles or copies: a .java file of src/main/java, or a file of
         * src/main/resources that the resources plugin's default excludes (editors' backups, VCS files) leave in.
         */
        boolean holds(Path file) {
            if (file.startsWith(sources())) {
                return file.getFileName().toString().endsWith(".java");
            }
            if (!file.startsWith(resources())) {
                return false;
            }
            for (Path part : resources().relativize(file)) {
                if (DEFAULT_EXCLUDES.matcher(part.toString()).matches()) {
                    return false;
                }
            }
            return true;
        }

        /** Where Maven compiled it. */
        Path classes() {
            return dir.resolve("target/classes");
        }
    }

    /** An entry of a classpath: a module of the reactor (its classes), or a file, a jar of the local repository. */
    sealed interface Dependency permits OnModule, OnFile {
    }

    record OnModule(Module module) implements Dependency {
    }

    record OnFile(Path file) implements Dependency {
    }

    private final Path root;
    private final Map<String, Module> byKey = new LinkedHashMap<>();

    private ReactorModules(Path root) {
        this.root = root;
    }

    /** The modules of the build whose root pom is in {@code root}. */
    static ReactorModules read(Path root) {
        ReactorModules modules = new ReactorModules(root);
        modules.add(root);
        return modules;
    }

    private void add(Path dir) {
        Element pom = pom(dir.resolve("pom.xml"));
        String artifactId = child(pom, "artifactId").orElseThrow(() -> new UsageException(dir.resolve("pom.xml") + " has no artifactId"));
        String groupId = child(pom, "groupId").or(() -> firstElement(pom, "parent").flatMap(parent -> child(parent, "groupId")))
                .orElseThrow(() -> new UsageException(dir.resolve("pom.xml") + " has no groupId"));
        Module module = new Module(groupId + ":" + artifactId, artifactId, dir);
        byKey.put(module.key(), module);
        firstElement(pom, "modules").ifPresent(modules -> children(modules, "module")
                .forEach(name -> add(dir.resolve(name).normalize())));
    }

    /** The module in {@code dir}, if the reactor has one there. */
    Optional<Module> at(Path dir) {
        Path normalized = dir.toAbsolutePath().normalize();
        return byKey.values().stream().filter(m -> m.dir().toAbsolutePath().normalize().equals(normalized)).findFirst();
    }

    /** Every module, the root's first. */
    List<Module> all() {
        return List.copyOf(byKey.values());
    }

    /** What Maven compiled {@code module} with, in its order. */
    List<Dependency> compileClassPath(Module module) {
        return list(module, "compile.list");
    }

    /** What the module's jar is made of besides its own classes (a function's module), in Maven's order. */
    List<Dependency> runtimeClassPath(Module module) {
        return list(module, "runtime.list");
    }

    /**
     * A property of the module's pom or of the poms it inherits from, as the compiler plugin reads
     * {@code maven.compiler.release} and {@code project.build.sourceEncoding}.
     */
    Optional<String> property(Module module, String name) {
        for (Path dir = module.dir(); dir != null && dir.startsWith(root); dir = dir.getParent()) {
            Path file = dir.resolve("pom.xml");
            if (Files.isRegularFile(file)) {
                Optional<String> value = firstElement(pom(file), "properties").flatMap(properties -> child(properties, name));
                if (value.isPresent()) {
                    return value;
                }
            }
        }
        return Optional.empty();
    }

    /**
     * One list: after its heading, a line per artifact, {@code group:artifact:type[:classifier]:version:scope:file},
     * perhaps followed by " (optional)" and " -- module NAME". Artifacts of the reactor are its modules; pom artifacts hold no class.
     */
    private List<Dependency> list(Module module, String name) {
        Path file = module.dir().resolve(LISTS).resolve(name);
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UsageException("watch mode needs " + root.relativize(file) + ", which the build writes: run ./mvnw -DskipTests package");
        }
        List<Dependency> dependencies = new ArrayList<>();
        for (String line : lines) {
            // Maven writes colours into the list when its output is a terminal.
            String entry = ANSI_STYLE.matcher(line).replaceAll("").strip();
            int moduleName = entry.indexOf(" -- ");
            if (moduleName >= 0) {
                entry = entry.substring(0, moduleName);
            }
            if (entry.endsWith(OPTIONAL)) {
                entry = entry.substring(0, entry.length() - OPTIONAL.length());
            }
            String[] parts = entry.split(":", -1);
            if (parts.length < 6 || !line.startsWith(" ")) {
                continue; // the heading, a blank line or "none"
            }
            int scope = SCOPES.contains(parts[4]) ? 4 : 5;
            String type = parts[2];
            Module reactor = byKey.get(parts[0] + ":" + parts[1]);
            if (type.equals("pom")) {
                continue;
            }
            if (reactor != null && type.equals("jar") && scope == 4) {
                dependencies.add(new OnModule(reactor));
            } else {
                dependencies.add(new OnFile(Path.of(String.join(":", Arrays.copyOfRange(parts, scope + 1, parts.length)))));
            }
        }
        return dependencies;
    }

    private static Element pom(Path file) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().parse(file.toFile()).getDocumentElement();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ParserConfigurationException | SAXException e) {
            throw new UsageException(file + " cannot be read: " + e.getMessage());
        }
    }

    private static Optional<Element> firstElement(Element parent, String name) {
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && element.getTagName().equals(name)) {
                return Optional.of(element);
            }
        }
        return Optional.empty();
    }

    private static Optional<String> child(Element parent, String name) {
        return firstElement(parent, name).map(element -> element.getTextContent().strip());
    }

    private static List<String> children(Element parent, String name) {
        List<String> texts = new ArrayList<>();
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && element.getTagName().equals(name)) {
                texts.add(element.getTextContent().strip());
            }
        }
        return texts;
    }
}
