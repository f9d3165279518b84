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
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * What the local runtime keeps on disk is its owner's only: directories rwx------ (700) and files rw-------
 * (600). The table under a data dir holds customers' names and emails, the stream's files their orders'
 * events, the local issuer's file its private key. Where the file system has no POSIX permissions
 * (Windows), its defaults apply.
 */
public final class OwnerOnly {
    private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

    private OwnerOnly() {
    }

    /** {@code dir}, with the parents it lacks, made rwx------; one that exists is left as it is. */
    public static Path directories(Path dir) throws IOException {
        return POSIX ? Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")))
                : Files.createDirectories(dir);
    }

    /** The attribute that makes a new file rw-------, for {@code Files.createFile} and the like. */
    public static FileAttribute<?>[] file() {
        return POSIX ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))}
                : new FileAttribute<?>[0];
    }

    /** Appends {@code text} to {@code file}, made rw------- if it is new. */
    public static void append(Path file, String text) throws IOException {
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
