package dev.orders.localaws;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * What the local runtime keeps on disk is its owner's only: directories rwx------ (700) and files rw-------
 * (600). The table under a data dir holds customers' names and emails, the stream's files and --events their
 * orders' events, the local issuer's file its private key, --log-file an administrator's token. A new file is
 * made so as it is created; one an earlier version (or a user) made wider is narrowed before it is written.
 * Where the file system has no POSIX permissions (Windows), its defaults apply.
 */
public final class OwnerOnly {
    private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");

    private OwnerOnly() {
    }

    /** {@code dir}, with the parents it lacks, made rwx------; one that exists is left as it is. */
    public static Path directories(Path dir) throws IOException {
        return Files.createDirectories(dir, directory());
    }

    /** The attribute that makes a new directory rwx------, for {@code Files.createTempDirectory} and the like. */
    public static FileAttribute<?>[] directory() {
        return POSIX ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(DIRECTORY)} : new FileAttribute<?>[0];
    }

    /** A directory of sam-local's own (.sam-local): made rwx------, or narrowed to it if it exists. */
    public static Path ownDirectory(Path dir) throws IOException {
        directories(dir);
        if (POSIX && !Files.getPosixFilePermissions(dir).equals(DIRECTORY)) {
            Files.setPosixFilePermissions(dir, DIRECTORY);
        }
        return dir;
    }

    /** The attribute that makes a new file rw-------, for {@code Files.createFile} and the like. */
    public static FileAttribute<?>[] file() {
        return POSIX ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(FILE)}
                : new FileAttribute<?>[0];
    }

    /**
     * Narrows an existing regular file to rw-------; anything else (none, a device such as /dev/stderr, a pipe)
     * is left as it is.
     */
    public static void narrow(Path file) throws IOException {
        if (POSIX && Files.isRegularFile(file) && !Files.getPosixFilePermissions(file).equals(FILE)) {
            Files.setPosixFilePermissions(file, FILE);
        }
    }

    /** Empties {@code file}, made rw------- if it is new, narrowed first if it is not. */
    public static void truncate(Path file) throws IOException {
        narrow(file);
        Files.newByteChannel(file, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING), file()).close();
    }

    /** Appends {@code text} to {@code file}, made rw------- if it is new, narrowed first if it is not. */
    public static void append(Path file, String text) throws IOException {
        narrow(file);
        ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        try (SeekableByteChannel channel = Files.newByteChannel(file,
                Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND), file())) {
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
        }
    }

    /** Replaces {@code file} by {@code text} at once: a new rw------- file written beside it, then moved over it. */
    public static void replace(Path file, String text) throws IOException {
        Path written = Files.createTempFile(file.toAbsolutePath().getParent(), file.getFileName() + ".", ".new", file());
        try {
            Files.writeString(written, text);
            Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(written);
        }
    }
}
