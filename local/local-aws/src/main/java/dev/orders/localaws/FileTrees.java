package dev.orders.localaws;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Directory trees copied as they are, or deleted whole. */
public final class FileTrees {
    private FileTrees() {
    }

    /**
     * Copies the tree {@code from} to {@code to}, the times of each file and directory kept, so that what a build made
     * of a file stays as new as the file is, and a directory as new as the last file added to it or deleted.
     */
    public static void copy(Path from, Path to) throws IOException {
        List<Path> directories = new ArrayList<>();
        try (Stream<Path> tree = Files.walk(from)) {
            for (Path source : (Iterable<Path>) tree::iterator) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                    directories.add(source);
                } else {
                    Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        // Deepest first, once filled: what is copied into a directory dates it anew.
        for (int i = directories.size() - 1; i >= 0; i--) {
            Path directory = directories.get(i);
            Files.setLastModifiedTime(to.resolve(from.relativize(directory).toString()), Files.getLastModifiedTime(directory));
        }
    }

    /** Deletes the tree {@code top}, its files before their directories. */
    public static void delete(Path top) throws IOException {
        try (Stream<Path> tree = Files.walk(top)) {
            for (Path path : (Iterable<Path>) tree.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(path);
            }
        }
    }
}
