package dev.orders.localaws;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What sam-local writes is its owner's only, whether the file is new or was left readable by others. */
class OwnerOnlyTest {
    @Test
    void aFileAppendedToOrEmptiedIsMadeOwnerOnlyWhenNew(@TempDir Path dir) throws Exception {
        Path appended = dir.resolve("events.jsonl");
        Path emptied = dir.resolve("run.log");

        OwnerOnly.append(appended, "{}\n");
        OwnerOnly.truncate(emptied);

        assertEquals("rw-------", mode(appended));
        assertEquals("rw-------", mode(emptied));
        assertEquals("{}\n", Files.readString(appended));
    }

    @Test
    void aFileReadableByOthersIsNarrowedBeforeItIsWritten(@TempDir Path dir) throws Exception {
        Path appended = Files.writeString(dir.resolve("events.jsonl"), "{\"old\":1}\n");
        Path emptied = Files.writeString(dir.resolve("run.log"), "a token of the last run");
        for (Path file : new Path[] {appended, emptied}) {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        }

        OwnerOnly.append(appended, "{\"new\":2}\n");
        OwnerOnly.truncate(emptied);

        assertEquals("rw-------", mode(appended));
        assertEquals("rw-------", mode(emptied));
        assertEquals("{\"old\":1}\n{\"new\":2}\n", Files.readString(appended));
        assertEquals("", Files.readString(emptied));
    }

    @Test
    void aDirectoryOfItsOwnIsMadeOrNarrowedToItsOwner(@TempDir Path dir) throws Exception {
        Path made = OwnerOnly.ownDirectory(dir.resolve("new/.sam-local"));
        Path existing = Files.createDirectory(dir.resolve(".sam-local"));
        Files.setPosixFilePermissions(existing, PosixFilePermissions.fromString("rwxr-xr-x"));

        OwnerOnly.ownDirectory(existing);

        assertEquals("rwx------", mode(made));
        assertEquals("rwx------", mode(made.getParent()), "a parent it lacked is made owner-only too");
        assertEquals("rwx------", mode(existing));
    }

    private static String mode(Path path) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }
}
