package dev.orders.testsupport;

import dev.orders.localaws.FileTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A checkout to edit sources in without touching the real one: the directories named are copied (their files'
 * times kept, so that what the build made of them stays as new as they are), every other entry is a symbolic
 * link to the checkout's. ./sam-local started from the copy runs there: its repository is where its script is.
 * The checkout's own {@code .sam-local} (its issuer key) and {@code .git} are left out.
 */
public final class CheckoutCopy {
    private static final Set<String> LEFT_OUT = Set.of(".git", ".sam-local");

    private CheckoutCopy() {
    }

    /** Makes the copy of {@code checkout} in {@code into} (an empty directory), with {@code copied} (relative paths) copied; returns it. */
    public static Path of(Path checkout, Path into, List<String> copied) throws IOException {
        List<Path> paths = copied.stream().map(Path::of).toList();
        link(checkout, checkout, into, paths);
        return into;
    }

    private static void link(Path checkout, Path dir, Path into, List<Path> copied) throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path entry : (Iterable<Path>) entries::iterator) {
                Path relative = checkout.relativize(entry);
                Path target = into.resolve(relative.toString());
                if (dir.equals(checkout) && LEFT_OUT.contains(relative.toString())) {
                    continue;
                }
                if (copied.contains(relative)) {
                    FileTrees.copy(entry, target);
                } else if (copied.stream().anyMatch(path -> path.startsWith(relative))) {
                    Files.createDirectories(target);
                    link(checkout, entry, into, copied);
                } else {
                    Files.createSymbolicLink(target, entry);
                }
            }
        }
    }
}
