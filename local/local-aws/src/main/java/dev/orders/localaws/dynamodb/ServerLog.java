package dev.orders.localaws.dynamodb;

import dev.orders.localaws.OwnerOnly;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** The file a local server's output is appended to, across its restarts, and what one start of it wrote. */
record ServerLog(Path file) {
    private static final AtomicInteger INSTANCES = new AtomicInteger();
    private static final int TAIL_LINES = 30;

    /**
     * A new log, owner-only as {@link OwnerOnly} makes files: under the module's target/ when run by Maven (so it
     * is cleaned), else in a directory of its own in the temp dir (which every user shares).
     */
    static ServerLog create() {
        try {
            Path dir = Files.isDirectory(Path.of("target")) ? OwnerOnly.directories(Path.of("target", "dynoxide-logs"))
                    : Files.createTempDirectory("dynoxide-logs-", OwnerOnly.directory());
            Path file = dir.resolve("dynoxide-" + ProcessHandle.current().pid() + "-" + INSTANCES.incrementAndGet() + ".log");
            OwnerOnly.truncate(file);
            return new ServerLog(file.toAbsolutePath());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Its size now: where the output of the next start begins. */
    long size() {
        try {
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /** The last lines written since {@code from}, for a report of what went wrong. */
    String tail(long from) {
        try {
            byte[] all = Files.readAllBytes(file);
            int start = (int) Math.min(from, all.length);
            List<String> lines = new String(all, start, all.length - start, StandardCharsets.UTF_8).lines().toList();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
    }
}
