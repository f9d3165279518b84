package dev.orders.localaws;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The repository this runtime works in: the directory of template.yaml, under which everything is built. */
public final class RepositoryRoot {
    /** Set by surefire and by ./sam-local, so a JVM started anywhere finds the repository. */
    public static final String PROPERTY = "order-service.root";
    private static final String TEMPLATE_FILE = "template.yaml";

    private RepositoryRoot() {
    }

    /** System property {@value #PROPERTY}, else the nearest directory upwards holding template.yaml. */
    public static Path locate() {
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            return Path.of(property).toAbsolutePath();
        }
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(TEMPLATE_FILE))) {
                return dir;
            }
        }
        throw new IllegalStateException("cannot find the repository root: system property " + PROPERTY
                + " is not set and no directory from " + start + " upwards contains " + TEMPLATE_FILE);
    }

    /**
     * A module's target/classpath.txt (see the root pom), as a classpath: its entries are relative to the
     * repository (its modules' jars, so that a copied or moved checkout runs its own) or absolute (the
     * local Maven repository's).
     */
    public static String classpath(Path file) {
        Path root = locate();
        try {
            return Arrays.stream(Files.readString(file).strip().split(File.pathSeparator))
                    .map(entry -> root.resolve(entry).toString())
                    .collect(Collectors.joining(File.pathSeparator));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The repository's template.yaml. */
    public static Path template() {
        Path template = locate().resolve(TEMPLATE_FILE);
        if (!Files.isRegularFile(template)) {
            throw new IllegalStateException("no " + TEMPLATE_FILE + " in " + template.getParent());
        }
        return template;
    }
}
